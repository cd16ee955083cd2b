import {
  PROJECT_ID_REQUIRED,
  allowanceParams,
  cabinAllowance,
  cabinAllowanceInput,
  cabinNightsAnswer,
  envelope,
  okMessage,
  perk,
  perkInput,
  perkParams,
  perksAnswer,
  projectIdParams,
  todayIso,
  usageAnswer,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { parseId, requireProjectId } from '../access/project-access';
import {
  changePerk,
  createPerk,
  deletePerk,
  getAllowance,
  getCabinNights,
  getUsage,
  listPerks,
  setAllowance,
} from './service';

/** Perks, cabin nights and usage (spec section 7), and the admin writes of perks and allowances. */
export const perkRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/perks/cabin-nights/:projectId',
    { schema: { params: projectIdParams, response: { 200: cabinNightsAnswer } } },
    async (request) => ({
      success: true as const,
      cabinNights: await getCabinNights(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        todayIso(),
      ),
    }),
  );

  app.get(
    '/api/perks/benefits/:projectId',
    { schema: { params: projectIdParams, response: { 200: perksAnswer } } },
    async (request) => ({
      success: true as const,
      perks: await listPerks(db, requireAuth(request), requireProjectId(request.params.projectId)),
    }),
  );

  app.get(
    '/api/perks/usage-summary/:projectId',
    { schema: { params: projectIdParams, response: { 200: usageAnswer } } },
    async (request) => ({
      success: true as const,
      usage: await getUsage(db, requireAuth(request), requireProjectId(request.params.projectId)),
    }),
  );

  // The three reads without an id: the spec's failure rather than a bare 404.
  for (const what of ['cabin-nights', 'benefits', 'usage-summary'])
    app.get(`/api/perks/${what}`, async () => {
      throw new BadRequestError(PROJECT_ID_REQUIRED);
    });

  app.post(
    '/api/perks/benefits/:projectId',
    {
      config: { access: 'admin' },
      schema: { params: projectIdParams, body: perkInput, response: { 201: envelope(perk) } },
    },
    async (request, reply) => {
      const data = await createPerk(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        request.body,
      );
      return reply.status(201).send({ success: true as const, data, message: 'Created' });
    },
  );

  app.put(
    '/api/perks/benefits/:projectId/:perkId',
    {
      config: { access: 'admin' },
      schema: { params: perkParams, body: perkInput, response: { 200: envelope(perk) } },
    },
    async (request) => ({
      success: true as const,
      data: await changePerk(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.perkId, 'Perk'),
        request.body,
      ),
      message: 'Updated',
    }),
  );

  app.delete(
    '/api/perks/benefits/:projectId/:perkId',
    { config: { access: 'admin' }, schema: { params: perkParams, response: { 200: okMessage } } },
    async (request) => {
      await deletePerk(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.perkId, 'Perk'),
      );
      return { success: true as const, message: 'Deleted' };
    },
  );

  app.get(
    '/api/perks/cabin-nights/:projectId/users/:userId',
    {
      config: { access: 'admin' },
      schema: { params: allowanceParams, response: { 200: envelope(cabinAllowance.nullable()) } },
    },
    async (request) => ({
      success: true as const,
      data: await getAllowance(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.userId, 'User'),
      ),
    }),
  );

  app.put(
    '/api/perks/cabin-nights/:projectId/users/:userId',
    {
      config: { access: 'admin' },
      schema: {
        params: allowanceParams,
        body: cabinAllowanceInput,
        response: { 200: envelope(cabinAllowance) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setAllowance(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.userId, 'User'),
        request.body,
      ),
      message: 'Updated',
    }),
  );
};
