import { endpoints, type Answer, type ProfileInput } from '@portal/contracts';
import { call, type CallOptions } from '@/lib/endpoint-client';

const e = endpoints.users;

/**
 * The signed-in user (`GET /api/users/me`), as the session reads it. Partial: the session checks the
 * answer before taking it, since the head script's early read hands over whatever JSON it got.
 */
export type CurrentUserAnswer = Partial<Answer<typeof e.me>>;
export const readCurrentUser = (opts?: CallOptions): Promise<CurrentUserAnswer> => call(e.me, {}, opts);

/** Saves the profile fields (the page reloads after, so nothing is refreshed here). */
export const updateProfile = (body: ProfileInput) => call(e.updateMe, { body });
