import {
  envelope,
  loginInput,
  loginResult,
  logoutInput,
  okMessage,
  refreshInput,
  registerInput,
  tokenPair,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { authenticate } from '../../plugins/auth';
import { createAuthService } from './service';

export const authRoutes: Module = (app, deps) => {
  const service = createAuthService({ db: deps.database.db, signer: deps.signer, limiter: deps.limiter });

  app.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 },
      },
      schema: { body: loginInput, response: { 200: envelope(loginResult) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.login(request.body),
      message: 'Logged in successfully',
    }),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { body: refreshInput, response: { 200: envelope(tokenPair) } },
    },
    async (request) => ({ success: true as const, data: await service.refresh(request.body.refreshToken) }),
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 } },
      schema: { body: registerInput, response: { 201: okMessage } },
    },
    async (request, reply) => {
      await service.register(request.body);
      return reply.status(201).send({
        success: true as const,
        message: 'Account created successfully. An administrator will activate it shortly.',
      });
    },
  );

  // Works with an expired access token too: the refresh token alone identifies the sign-in to end.
  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { body: logoutInput.optional(), response: { 200: okMessage } } },
    async (request) => {
      const sid = await authenticate(deps.database.db, deps.signer, request).then(
        (a) => a.sid,
        () => undefined,
      );
      await service.logout({ refreshToken: request.body?.refreshToken, sid });
      return { success: true as const, message: 'Logged out' };
    },
  );
};
