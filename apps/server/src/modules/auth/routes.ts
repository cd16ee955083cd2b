import {
  envelope,
  loginAnswer,
  loginInput,
  loginResult,
  logoutInput,
  mfaLoginInput,
  okMessage,
  passwordChangeInput,
  passwordConfirmInput,
  recoveryCodesAnswer,
  refreshInput,
  registerInput,
  securitySettings,
  tokenPair,
  totpCodeInput,
  totpSetup,
  totpStatus,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '@portal/contracts';
import type { Module } from '../../app-types';
import { ConflictError } from '../../lib/errors';
import { createSecretBox } from '../../lib/secret-box';
import { DEVICE_TOKEN_TTL_SECONDS, type KnownDevice } from '../../lib/tokens';
import { authenticate, requireAuth } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { getSecuritySettings, setSecuritySettings } from '../settings/security-settings';
import { createAuthService } from './service';
import { createTwoFactorService } from './two-factor';

/** The cookie naming a known device (sent only to the sign-in routes). */
export const DEVICE_COOKIE = 'portal_device';

export const authRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const twoFactor = createTwoFactorService({
    db,
    box: createSecretBox(deps.config.jwtSecret, 'totp-secret'),
  });
  const service = createAuthService({ db, signer: deps.signer, limiter: deps.limiter, twoFactor });
  const signInLimit = { max: deps.config.loginRateLimit, timeWindow: 60_000 };

  /** The known-device token the request brought (an HttpOnly cookie), when it is valid. */
  async function knownDevice(request: FastifyRequest): Promise<KnownDevice | null> {
    const token = request.cookies[DEVICE_COOKIE];
    return token ? deps.signer.verifyDevice(token) : null;
  }

  /**
   * After a completed sign-in, this browser becomes a known device of the account: it will not wait
   * for the account's delay when someone else is guessing its password (ADR 007). A valid token for
   * the same account is kept, so the device keeps its id.
   */
  async function rememberDevice(request: FastifyRequest, reply: FastifyReply, result: LoginResult) {
    const current = await knownDevice(request);
    if (current && current.userId === result.user._id && current.account === result.user.email.toLowerCase())
      return;
    void reply.setCookie(DEVICE_COOKIE, await deps.signer.signDevice(result.user._id, result.user.email), {
      path: '/api/auth/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_TOKEN_TTL_SECONDS,
    });
  }

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: { body: loginInput, response: { 200: envelope(loginAnswer) } },
    },
    async (request, reply) => {
      const data = await service.login(request.body, {
        address: request.ip,
        device: await knownDevice(request),
      });
      if (!('mfaRequired' in data)) await rememberDevice(request, reply, data);
      return {
        success: true as const,
        data,
        message: 'mfaRequired' in data ? 'Enter your authentication code' : 'Logged in successfully',
      };
    },
  );

  // The second step of a two-factor sign-in.
  app.post(
    '/api/auth/login/mfa',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: { body: mfaLoginInput, response: { 200: envelope(loginResult) } },
    },
    async (request, reply) => {
      const data = await service.completeMfa(request.body.mfaToken, request.body.code);
      await rememberDevice(request, reply, data);
      return { success: true as const, data, message: 'Logged in successfully' };
    },
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
      config: { access: 'public', rateLimit: signInLimit },
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
      const sid = await authenticate(db, deps.signer, request).then(
        (a) => a.sid,
        () => undefined,
      );
      await service.logout({ refreshToken: request.body?.refreshToken, sid });
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { rateLimit: signInLimit },
      schema: { body: passwordChangeInput, response: { 200: okMessage } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.changePassword(auth.id, auth.sid, request.body.currentPassword, request.body.newPassword);
      return {
        success: true as const,
        message: 'Password changed. Your other sessions have been signed out.',
      };
    },
  );

  // Two-factor sign-in (TOTP) of the signed-in user.
  app.get('/api/auth/totp', { schema: { response: { 200: envelope(totpStatus) } } }, async (request) => ({
    success: true as const,
    data: await twoFactor.status(requireAuth(request).id),
  }));

  app.post(
    '/api/auth/totp/setup',
    { schema: { response: { 200: envelope(totpSetup) } } },
    async (request) => ({
      success: true as const,
      data: await twoFactor.setup(requireAuth(request).id),
    }),
  );

  app.post(
    '/api/auth/totp/enable',
    {
      config: { rateLimit: signInLimit },
      schema: { body: totpCodeInput, response: { 200: envelope(recoveryCodesAnswer) } },
    },
    async (request) => ({
      success: true as const,
      data: { recoveryCodes: await twoFactor.enable(requireAuth(request).id, request.body.code) },
      message: 'Two-factor sign-in is on',
    }),
  );

  app.post(
    '/api/auth/totp/recovery-codes',
    {
      config: { rateLimit: signInLimit },
      schema: { body: passwordConfirmInput, response: { 200: envelope(recoveryCodesAnswer) } },
    },
    async (request) => ({
      success: true as const,
      data: {
        recoveryCodes: await twoFactor.regenerateRecoveryCodes(
          requireAuth(request).id,
          request.body.password,
        ),
      },
    }),
  );

  app.post(
    '/api/auth/totp/disable',
    {
      config: { rateLimit: signInLimit },
      schema: { body: passwordConfirmInput, response: { 200: okMessage } },
    },
    async (request) => {
      await twoFactor.disable(requireAuth(request).id, request.body.password);
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
  );

  // The admin policy: must admin accounts use two-factor sign-in?
  app.get(
    '/api/admin/settings/security',
    { config: { access: 'admin' }, schema: { response: { 200: envelope(securitySettings) } } },
    async () => ({ success: true as const, data: await getSecuritySettings(db) }),
  );

  app.put(
    '/api/admin/settings/security',
    {
      config: { access: 'admin' },
      schema: { body: securitySettings, response: { 200: envelope(securitySettings) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body.requireAdminTotp && !(await twoFactor.status(auth.id)).enabled) {
        throw new ConflictError('Turn on two-factor sign-in for your own account first.');
      }
      await db.transaction(async (tx) => {
        await setSecuritySettings(tx, request.body, auth.id);
        await recordAudit(tx, {
          actorId: auth.id,
          action: 'update',
          entity: 'settings',
          entityId: 'security',
          details: request.body,
        });
      });
      return { success: true as const, data: await getSecuritySettings(db), message: 'Updated' };
    },
  );
};
