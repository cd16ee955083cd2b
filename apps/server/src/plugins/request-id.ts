import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand on: short, and nothing a log or a header could be bent by. */
const SAFE_ID = /^[\w\-.:@+=/]{1,128}$/;

type TrustProxy = FastifyServerOptions['trustProxy'];

/**
 * Whether the peer (the socket's address, hop 0) is a trusted proxy, decided from Fastify's own
 * `trustProxy` value the way Fastify decides it for `request.ip` (its getTrustProxyFn, the same
 * @fastify/proxy-addr): `true` trusts every peer, an address list (or a function) those it names.
 * Undefined when nothing is trusted.
 */
function peerTrust(trustProxy: TrustProxy): ((address: string) => boolean) | undefined {
  if (!trustProxy) return undefined;
  if (trustProxy === true) return () => true;
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : proxyAddr.compile(
          typeof trustProxy === 'string' ? trustProxy.split(',').map((s) => s.trim()) : trustProxy,
        );
  return (address) => trust(address, 0);
}

/**
 * Fastify's `genReqId`: the request's id, under which every log line of the request is written (the
 * logger's child carries it as `reqId`) and which the answer carries in X-Request-Id. An X-Request-Id
 * from the peer is taken only when the peer is a proxy Fastify trusts (so a proxy's log and ours share
 * the id); otherwise, and when it is missing or malformed, a new UUID.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trusted = peerTrust(trustProxy);
  if (!trusted) return () => crypto.randomUUID();
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && SAFE_ID.test(incoming) && trusted(req.socket?.remoteAddress ?? '')
      ? incoming
      : crypto.randomUUID();
  };
}
