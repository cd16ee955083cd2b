import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenSigner } from './lib/tokens';
import type { LoginLimiter } from './modules/auth/login-limiter';
import type { FileStorage } from './storage/file-storage';

/** The Fastify instance with the zod type provider, as every module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the app is built from; tests build it with their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  signer: TokenSigner;
  limiter: LoginLimiter;
  storage: FileStorage;
}

export type Module = (app: App, deps: AppDeps) => Promise<void> | void;
