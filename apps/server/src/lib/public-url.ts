import type { Config } from '../config';

/** A Host header's worth of name and port: a DNS name or address, or an IPv6 address in brackets. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * Where a link made for the page that asked starts: APP_URL when it is set, otherwise the address the
 * request reached (its Host and scheme; X-Forwarded-Host and -Proto only from a proxy of TRUST_PROXY,
 * as Fastify reads them), so that it works on whatever port or name the portal was opened. A Host that
 * is not a host name falls back to APP_URL's default.
 */
export function publicUrl(config: Config, request: { protocol: string; host: string }): string {
  if (config.appUrlSet) return config.appUrl;
  const { protocol, host } = request;
  if ((protocol !== 'http' && protocol !== 'https') || !HOST.test(host)) return config.appUrl;
  return `${protocol}://${host.toLowerCase()}`;
}
