import { earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { onStayFreed } from '../stay-freed';
import { presentWaitlistEntry } from './presenter';
import { promoteWaitlist } from './promote';
import { joinWaitlist, leaveWaitlist, listOwnWaitlist } from './service';

const e = endpoints.waitlist;

/** The waitlist for full stays: investors join, list and leave their entries (promote.ts turns them into requests). */
export const waitlistRoutes: Module = (app, { database: { db } }) => {
  // Nights freed by a cancellation, a decline, a swap or a cabin made active go to the waitlist first.
  onStayFreed(promoteWaitlist);
  route(app, e.list, async (request) => {
    const rows = await listOwnWaitlist(db, requireAuth(request), earliestTodayIso());
    return { success: true as const, data: rows.map(presentWaitlistEntry) };
  });

  route(app, e.join, async (request) => {
    const row = await joinWaitlist(db, requireAuth(request), request.body, earliestTodayIso());
    return { success: true as const, data: presentWaitlistEntry(row), message: 'On the waitlist' };
  });

  route(app, e.leave, async (request) => {
    await leaveWaitlist(db, requireAuth(request), request.params.id);
    return { success: true as const, message: 'Left the waitlist' };
  });
};
