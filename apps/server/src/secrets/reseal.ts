import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailMessages, users } from '../db/schema';
import { createSecretBox, type Keys } from '../lib/secret-box';

/**
 * `npm run reseal` (issue 37): after a new key is put first in DATA_KEYS, every value sealed with an
 * older key is sealed again with the newest, so that the old key can then be dropped. Each kind of
 * sealed value is walked in primary-key order in batches of `batch`, each batch in its own transaction;
 * a value already sealed with the newest key is left alone, so a run stopped half-way is simply run
 * again. A value that no listed key opens is counted (`unreadable`) and left as it is.
 */

/** Where sealed values are kept, and what each was sealed for (the box's purpose). */
const SEALED = [
  { what: 'two-factor secrets', purpose: 'totp-secret', column: users.totpSecret, field: 'totpSecret' },
  {
    what: 'bank accounts (IBAN)',
    purpose: 'bank-account',
    column: users.bankIbanSealed,
    field: 'bankIbanSealed',
  },
] as const;

export interface ResealProgress {
  what: string;
  /** Values looked at so far, sealed again so far, and those no key opens. */
  seen: number;
  resealed: number;
  unreadable: number;
}

export async function resealAll(
  db: DbOrTx,
  keys: Keys,
  opts: { batch?: number; onProgress?: (p: ResealProgress) => void } = {},
): Promise<ResealProgress[]> {
  const batch = opts.batch ?? 500;
  const done: ResealProgress[] = [];
  for (const kind of SEALED) {
    const box = createSecretBox(keys, kind.purpose);
    const p: ResealProgress = { what: kind.what, seen: 0, resealed: 0, unreadable: 0 };
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db
        .select({ id: users.id, sealed: kind.column })
        .from(users)
        .where(and(isNotNull(kind.column), gt(users.id, after)))
        .orderBy(asc(users.id))
        .limit(batch);
      if (!rows.length) break;
      await db.transaction(async (tx) => {
        for (const row of rows) {
          p.seen++;
          if (box.isCurrent(row.sealed!)) continue;
          let plain: string;
          try {
            plain = box.open(row.sealed!);
          } catch {
            p.unreadable++;
            continue;
          }
          // Only if it is still the value read: a change since then was sealed with the newest key already.
          const sealed = box.seal(plain);
          await tx
            .update(users)
            .set(kind.field === 'totpSecret' ? { totpSecret: sealed } : { bankIbanSealed: sealed })
            .where(and(eq(users.id, row.id), eq(kind.column, row.sealed!)));
          p.resealed++;
        }
      });
      after = rows.at(-1)!.id;
      opts.onProgress?.({ ...p });
    }
    done.push(p);
  }

  // The one-time secrets of emails not yet sent (a password reset's token): sealed inside the row's data.
  const mailBox = createSecretBox(keys, 'mail-secrets');
  const mail: ResealProgress = { what: 'secrets of queued emails', seen: 0, resealed: 0, unreadable: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ id: mailMessages.id, sealed: sql<string>`${mailMessages.data}->>'sealed'` })
      .from(mailMessages)
      .where(and(sql`${mailMessages.data} ? 'sealed'`, gt(mailMessages.id, after)))
      .orderBy(asc(mailMessages.id))
      .limit(batch);
    if (!rows.length) break;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        mail.seen++;
        if (mailBox.isCurrent(row.sealed)) continue;
        let plain: string;
        try {
          plain = mailBox.open(row.sealed);
        } catch {
          mail.unreadable++;
          continue;
        }
        await tx
          .update(mailMessages)
          .set({
            data: sql`jsonb_set(${mailMessages.data}, '{sealed}', to_jsonb(${mailBox.seal(plain)}::text))`,
          })
          .where(and(eq(mailMessages.id, row.id), sql`${mailMessages.data}->>'sealed' = ${row.sealed}`));
        mail.resealed++;
      }
    });
    after = rows.at(-1)!.id;
    opts.onProgress?.({ ...mail });
  }
  done.push(mail);
  return done;
}
