import { z } from 'zod';
import { currentUser } from './users';

export const loginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResult = tokenPair.extend({ user: currentUser });
export type LoginResult = z.infer<typeof loginResult>;

export const refreshInput = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1).max(512),
});
export const logoutInput = z.object({ refreshToken: z.string().max(512).optional() });

/** Claims of the access token (a JWT, HS256). */
export const accessClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  isAdmin: z.boolean(),
  exp: z.number(),
  typ: z.literal('access'),
});
export type AccessClaims = z.infer<typeof accessClaims>;

/** Sign-up (spec: Email and Password); the account waits for an admin's activation. */
export const registerInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Invalid email format' }),
  password: z
    .string({ error: 'Password is required' })
    .min(6, { error: 'Password must be at least 6 characters' })
    .max(1024),
});
export type RegisterInput = z.infer<typeof registerInput>;
