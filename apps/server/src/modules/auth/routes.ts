import {
  endpoints,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  type LoginResult,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Module } from '../../app-types';
import { coded, ConflictError, UnauthorizedError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { createSecretBox } from '../../lib/secret-box';
import { DEVICE_TOKEN_TTL_SECONDS, type KnownDevice } from '../../lib/tokens';
import { authenticate, requireAuth } from '../../plugins/auth';
import { createPageSession } from '../../plugins/page-session';
import { recordAudit } from '../audit/service';
import { getSecuritySettings, setSecuritySettings } from '../settings/security-settings';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { createAuthService } from './service';
import { endOtherSessions, endSession, listSessions, type ClientInfo } from './sessions';
import { createPasskeyService } from './passkeys';
import { actAs } from './act-as';

/** Reset requests per client address, in 15 minutes. */
const RESETS_PER_CLIENT = 5;
import { createTwoFactorService } from '../credentials/two-factor';

const e = endpoints.auth;

/** The cookie naming a known device (sent only to the sign-in routes). */
export const DEVICE_COOKIE = 'portal_device';

/** The client's address and user agent, for the list of sign-ins. */
const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const twoFactor = createTwoFactorService({
    db,
    mailer: deps.mailer,
    limiter: deps.limiter,
    box: createSecretBox(deps.config.dataKeys, 'totp-secret'),
  });
  const service = createAuthService({
    db,
    signer: deps.signer,
    limiter: deps.limiter,
    twoFactor,
    mailer: deps.mailer,
  });
  const signInLimit = { max: deps.config.loginRateLimit, timeWindow: 60_000 };
  // The page cookie beside the spec's tokens, for the dashboard's HTML only (ADR 023).
  const pageSession = createPageSession(app, { secrets: deps.config.jwtSecrets, signer: deps.signer });

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

  route(
    app,
    e.login,
    async (request, reply) => {
      const data = await service.login(request.body, {
        address: request.ip,
        userAgent: request.headers['user-agent'],
        device: await knownDevice(request),
      });
      if (!('mfaRequired' in data)) {
        await rememberDevice(request, reply, data);
        await pageSession.issue(request, reply, data.accessToken);
      }
      return {
        success: true as const,
        data,
        message: 'mfaRequired' in data ? 'Enter your authentication code' : 'Logged in successfully',
      };
    },
    { rateLimit: signInLimit },
  );

  // The second step of a two-factor sign-in.
  route(
    app,
    e.loginMfa,
    async (request, reply) => {
      const data = await service.completeMfa(
        request.body.mfaToken,
        request.body.code,
        await knownDevice(request),
        clientOf(request),
      );
      await rememberDevice(request, reply, data);
      await pageSession.issue(request, reply, data.accessToken);
      return { success: true as const, data, message: 'Logged in successfully' };
    },
    { rateLimit: signInLimit },
  );

  route(
    app,
    e.refresh,
    async (request, reply) => {
      const data = await service.refresh(request.body.refreshToken, clientOf(request));
      await pageSession.issue(request, reply, data.accessToken);
      return { success: true as const, data };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );

  route(
    app,
    e.register,
    async (request) => {
      await service.register(request.body);
      return {
        success: true as const,
        message: 'Account created successfully. An administrator will activate it shortly.',
      };
    },
    { rateLimit: signInLimit },
  );

  // Works with an expired access token too: the refresh token alone identifies the sign-in to end.
  route(app, e.logout, async (request, reply) => {
    pageSession.clear(request, reply);
    const sid = await authenticate(db, deps.signer, request).then(
      (a) => a.sid,
      () => undefined,
    );
    await service.logout({ refreshToken: request.body?.refreshToken, sid });
    return { success: true as const, message: 'Logged out' };
  });

  route(
    app,
    e.changePassword,
    async (request) => {
      const auth = requireAuth(request);
      await service.changePassword(
        { id: auth.id, sid: auth.sid, address: request.ip },
        request.body.currentPassword,
        request.body.newPassword,
      );
      return {
        success: true as const,
        message: 'Password changed. Your other sessions have been signed out.',
      };
    },
    { rateLimit: signInLimit },
  );

  // Password reset: the same answer whether or not the address has an account, and at the same time:
  // it is given before the work, which only an address with an account makes (a lock, a count, the
  // link and its email). Limited per client address (a 429); per account the service sends at most a
  // few links an hour and answers the same, so that nobody can keep an account's owner from resetting
  // by asking for it (ADR 007).
  route(
    app,
    e.passwordReset,
    async (request) => {
      const { email } = request.body;
      deps.afterAnswer.run(
        () => requestPasswordReset(db, deps.mailer, email),
        (err) => request.log.error({ err }, 'password reset request failed'),
      );
      return { success: true as const, message: PASSWORD_RESET_SENT_MESSAGE };
    },
    { rateLimit: { max: RESETS_PER_CLIENT, timeWindow: 15 * 60_000 } },
  );
  route(
    app,
    e.passwordResetConfirm,
    async (request) => {
      await confirmPasswordReset(db, deps.mailer, request.body.token, request.body.password);
      return { success: true as const, message: PASSWORD_RESET_DONE_MESSAGE };
    },
    { rateLimit: signInLimit },
  );

  // Two-factor sign-in (TOTP) of the signed-in user.
  route(app, e.totpStatus, async (request) => ({
    success: true as const,
    data: await twoFactor.status(requireAuth(request).id),
  }));

  route(app, e.totpSetup, async (request) => ({
    success: true as const,
    data: await twoFactor.setup(requireAuth(request).id),
  }));

  route(
    app,
    e.totpEnable,
    async (request) => ({
      success: true as const,
      data: { recoveryCodes: await twoFactor.enable(requireAuth(request).id, request.body.code) },
      message: 'Two-factor sign-in is on',
    }),
    { rateLimit: signInLimit },
  );

  route(
    app,
    e.totpRecoveryCodes,
    async (request) => ({
      success: true as const,
      data: {
        recoveryCodes: await twoFactor.regenerateRecoveryCodes(
          requireAuth(request).id,
          request.body.password,
          request.ip,
        ),
      },
    }),
    { rateLimit: signInLimit },
  );

  route(
    app,
    e.totpDisable,
    async (request) => {
      await twoFactor.disable(requireAuth(request).id, request.body.password, request.ip);
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
    { rateLimit: signInLimit },
  );

  // The admin policy: must admin accounts use two-factor sign-in?
  route(app, e.securitySettings, async () => ({
    success: true as const,
    data: await getSecuritySettings(db),
  }));

  route(app, e.setSecuritySettings, async (request) => {
    const auth = requireAuth(request);
    if (request.body.requireAdminTotp && !(await twoFactor.status(auth.id)).enabled) {
      throw new ConflictError(coded('auth.two_factor_own_first'));
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
  });

  // ---- Your sessions (ADR 030) ----
  route(app, e.sessions, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: await listSessions(db, auth.id, auth.sid) };
  });
  route(app, e.endSession, async (request) => {
    const auth = requireAuth(request);
    return {
      success: true as const,
      data: { ended: await endSession(db, auth.id, request.params.id, auth.sid) },
    };
  });
  route(app, e.endOtherSessions, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: { ended: await endOtherSessions(db, auth.id, auth.sid) } };
  });

  // ---- Passkeys (ADR 030) ----
  const passkeys = createPasskeyService({ db, config: deps.config, signer: deps.signer });

  route(app, e.passkeys, async (request) => ({
    success: true as const,
    data: await passkeys.list(requireAuth(request).id),
  }));
  route(
    app,
    e.passkeyRegisterOptions,
    async (request) => ({
      success: true as const,
      data: await passkeys.registrationOptions(requireAuth(request).id),
    }),
    { rateLimit: signInLimit },
  );
  route(
    app,
    e.passkeyRegister,
    async (request, reply) => {
      const created = await passkeys.register(
        requireAuth(request).id,
        request.body.response,
        request.body.name,
        request.headers['user-agent'],
      );
      void reply.status(201);
      return { success: true as const, data: created, message: 'Passkey added' };
    },
    { rateLimit: signInLimit },
  );
  route(app, e.renamePasskey, async (request) => ({
    success: true as const,
    data: await passkeys.rename(requireAuth(request).id, request.params.id, request.body.name),
  }));
  route(app, e.removePasskey, async (request) => {
    await passkeys.remove(requireAuth(request).id, request.params.id);
    return { success: true as const, message: 'Passkey removed' };
  });
  route(
    app,
    e.passkeySignInOptions,
    async () => ({ success: true as const, data: await passkeys.signInOptions() }),
    { rateLimit: signInLimit },
  );
  route(
    app,
    e.passkeySignIn,
    async (request, reply) => {
      const userId = await passkeys.verifySignIn(request.body.response);
      const data = await service.startVerifiedSession(userId, clientOf(request), 'passkey');
      await rememberDevice(request, reply, data);
      await pageSession.issue(request, reply, data.accessToken);
      return { success: true as const, data, message: 'Logged in successfully' };
    },
    { rateLimit: signInLimit },
  );
  route(
    app,
    e.mfaPasskeyOptions,
    async (request) => {
      const userId = await deps.signer.verifyMfa(request.body.mfaToken);
      if (!userId) throw new UnauthorizedError(coded('auth.mfa_expired'));
      return { success: true as const, data: await passkeys.secondFactorOptions(userId) };
    },
    { rateLimit: signInLimit },
  );
  route(
    app,
    e.loginMfaPasskey,
    async (request, reply) => {
      const userId = await deps.signer.verifyMfa(request.body.mfaToken);
      if (!userId) throw new UnauthorizedError(coded('auth.mfa_expired'));
      await passkeys.verifySecondFactor(userId, request.body.response);
      const data = await service.startVerifiedSession(userId, clientOf(request), 'second-factor');
      await rememberDevice(request, reply, data);
      await pageSession.issue(request, reply, data.accessToken);
      return { success: true as const, data, message: 'Logged in successfully' };
    },
    { rateLimit: signInLimit },
  );

  // ---- Delegated access (ADR 032) ----
  route(app, e.actAs, async (request) => ({
    success: true as const,
    data: await actAs(db, deps.signer, requireAuth(request), request.body.principalId),
  }));
};
