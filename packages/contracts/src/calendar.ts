import { z } from 'zod';
import { envelope } from './common';

/**
 * A calendar address (issue 18): the caller's stays, or for an admin one project's occupancy. The
 * address itself is the permission (a calendar app cannot sign in), so it is shown only to its owner.
 */
export const calendarFeedAnswer = envelope(z.object({ url: z.string().meta({ format: 'uri' }) }));

/** The signed token of a calendar address (checked by the server: a malformed one is a 404 like a wrong one). */
export const calendarTokenParams = z.object({ token: z.string().max(200) });
