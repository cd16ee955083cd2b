import net from 'node:net';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import type { SignInSession } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens, signIns } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

export type SignInMethod = SignInSession['method'];

/** Where a sign-in or refresh comes from. */
export interface ClientInfo {
  address: string;
  userAgent?: string;
}

/** Records a new sign-in (the refresh-token family) with its device and address. */
export async function recordSignIn(
  tx: DbOrTx,
  familyId: string,
  userId: string,
  client: ClientInfo | undefined,
  method: SignInMethod,
) {
  await tx
    .insert(signIns)
    .values({
      id: familyId,
      userId,
      userAgent: (client?.userAgent ?? '').slice(0, 512),
      ipAddress: client?.address ?? '',
      method,
    })
    .onConflictDoNothing();
}

/** A refresh: the sign-in was seen now, from this address and user agent. */
export async function touchSignIn(tx: DbOrTx, familyId: string, userId: string, client?: ClientInfo) {
  if (!client) return;
  await tx
    .insert(signIns)
    .values({
      id: familyId,
      userId,
      userAgent: (client.userAgent ?? '').slice(0, 512),
      ipAddress: client.address,
    })
    .onConflictDoUpdate({
      target: signIns.id,
      set: {
        lastSeenAt: sql`now()`,
        ipAddress: client.address,
        ...(client.userAgent ? { userAgent: client.userAgent.slice(0, 512) } : {}),
      },
    });
}

/**
 * The approximate place of an address without a GeoIP database: its network — the /24 of an IPv4
 * address, the /48 of an IPv6 one — or `local` for private, loopback, link-local and unique-local
 * addresses (ADR 030). The full address is never shown.
 */
export function networkOf(address: string): SignInSession['network'] {
  let ip = address.trim();
  if (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7))) ip = ip.slice(7);
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number, number, number];
    const local =
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127);
    if (local) return { kind: 'local', prefix: '' };
    return { kind: 'public', prefix: `${ip.split('.').slice(0, 3).join('.')}.0/24` };
  }
  if (net.isIPv6(ip)) {
    const groups = expandIPv6(ip);
    const first = parseInt(groups[0]!, 16);
    const loopback = groups.slice(0, 7).every((g) => parseInt(g, 16) === 0);
    // fc00::/7 unique local, fe80::/10 link local, ::1 loopback.
    if (loopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80)
      return { kind: 'local', prefix: '' };
    return {
      kind: 'public',
      prefix: `${groups
        .slice(0, 3)
        .map((g) => parseInt(g, 16).toString(16))
        .join(':')}::/48`,
    };
  }
  return { kind: 'unknown', prefix: '' };
}

function expandIPv6(ip: string): string[] {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].slice(0, 8);
}

/** Browser, OS and kind of device from a user agent ('' where it does not say). */
export function describeUserAgent(userAgent: string) {
  if (!userAgent) return { browser: '', os: '', device: '' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : '',
    os: parsed.os.name ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}` : '',
    device: parsed.platform.type ?? '',
  };
}

/** The live sign-ins of a user: a family with an unrevoked, unspent token that has not expired. */
function liveFamilies(userId: string) {
  return and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    isNull(refreshTokens.usedAt),
    gt(refreshTokens.expiresAt, sql`now()`),
    gt(refreshTokens.familyExpiresAt, sql`now()`),
  );
}

export async function listSessions(db: Db, userId: string, currentSid: string): Promise<SignInSession[]> {
  const rows = await db
    .select({
      id: signIns.id,
      userAgent: signIns.userAgent,
      ipAddress: signIns.ipAddress,
      method: signIns.method,
      createdAt: signIns.createdAt,
      lastSeenAt: signIns.lastSeenAt,
    })
    .from(signIns)
    .where(
      and(
        eq(signIns.userId, userId),
        inArray(
          signIns.id,
          db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(liveFamilies(userId)),
        ),
      ),
    )
    .orderBy(desc(signIns.lastSeenAt));
  return rows.map((r) => ({
    _id: r.id,
    ...describeUserAgent(r.userAgent),
    network: r.ipAddress ? networkOf(r.ipAddress) : { kind: 'unknown' as const, prefix: '' },
    method: (['password', 'second-factor', 'passkey'] as const).find((m) => m === r.method) ?? 'password',
    firstSeenAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentSid,
  }));
}

/**
 * Ends sign-ins of a user: their refresh tokens are revoked, which also refuses their access tokens
 * and ends their notification streams (plugins/auth.ts, notifications/hub.ts). Answers how many ended.
 */
async function endFamilies(db: Db, userId: string, which: 'others' | string, currentSid: string) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          which === 'others' ? ne(refreshTokens.familyId, currentSid) : eq(refreshTokens.familyId, which),
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    const families = [...new Set(ended.map((r) => r.familyId))];
    if (families.length)
      await tx.delete(signIns).where(and(eq(signIns.userId, userId), inArray(signIns.id, families)));
    return families.length;
  });
}

export async function endSession(db: Db, userId: string, id: string, currentSid: string) {
  const live = await listSessions(db, userId, currentSid);
  if (!live.some((s) => s._id === id)) throw new NotFoundError('Sign-in');
  return endFamilies(db, userId, id, currentSid);
}

export async function endOtherSessions(db: Db, userId: string, currentSid: string) {
  return endFamilies(db, userId, 'others', currentSid);
}
