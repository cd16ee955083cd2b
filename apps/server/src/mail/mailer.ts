import crypto from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPTIONAL_EMAIL_CATEGORIES, type EmailCategory, type OptionalEmailCategory } from '@portal/contracts';
import type { Locale } from '@portal/i18n';
import type { Config } from '../config';
import type { Database, DbOrTx } from '../db/client';
import { mailMessages, users } from '../db/schema';
import type { JobQueue, JobRun } from '../jobs/queue';
import { createSecretBox } from '../lib/secret-box';
import { createSigner } from '../lib/signer';
import { byLocale, localeOf, translator } from '../lib/translator';
import {
  greetingName,
  MAIL_KINDS,
  mailLanguage,
  renderMail,
  type MailContent,
  type MailData,
  type MailKind,
  type MailLanguage,
} from './templates';
import type { MailTransport } from './transport';

export interface Mailer {
  /**
   * Queues one email to a user, in the caller's transaction: it is sent after the commit, or never.
   * Whether the user still gets it (active, not turned off) is decided when it is sent.
   */
  queue<K extends MailKind>(
    db: DbOrTx,
    kind: K,
    userId: string,
    data: MailData<K>,
    secret?: string,
  ): Promise<void>;
  /**
   * Queues one email to an address that has no account (an invitation), in the caller's transaction,
   * written in `locale` (there is no account to read a language from).
   */
  queueToAddress<K extends MailKind>(
    db: DbOrTx,
    kind: K,
    to: { address: string; locale: Locale },
    data: MailData<K>,
  ): Promise<void>;
  /**
   * Queues one email to a user at an address they no longer have on record: the last email to an account
   * being erased (ADR 031). The address is kept sealed in the message until it is sent, then removed;
   * it goes although the account is inactive, and greets without a name.
   */
  queueToFormerAddress<K extends MailKind>(
    db: DbOrTx,
    kind: K,
    userId: string,
    address: string,
    data: MailData<K>,
  ): Promise<void>;
  /**
   * Queues one kind of email to many users at once (a broadcast); answers how many were queued, and how
   * many were kept in the outbox as skipped because the recipient turned that kind off.
   */
  queueMany<K extends MailKind>(
    db: DbOrTx,
    kind: K,
    recipients: Recipients,
    data: MailData<K>,
    batchId?: string,
  ): Promise<{ queued: number; skipped: number }>;
  /** The job that sends one queued message. */
  deliver(job: JobRun<Record<string, unknown>>): Promise<void>;
  /** A message as it reads, for the admin's outbox (secrets such as reset links hidden). */
  preview(id: string): Promise<{ html: string; text: string } | null>;
  unsubscribeToken(userId: string, category: OptionalEmailCategory): string;
  readUnsubscribeToken(token: string): { userId: string; category: OptionalEmailCategory } | null;
}

/**
 * Who gets a message of many: chosen users (null: every active user), or the rows of a query over
 * `users u` joined to what it needs, each with data of its own (a jsonb expression) added to the shared data.
 */
type Recipients = { userIds: string[] | null } | { from: SQL; where: SQL; data: SQL };

const isOptional = (c: EmailCategory): c is OptionalEmailCategory =>
  (OPTIONAL_EMAIL_CATEGORIES as readonly string[]).includes(c);

const SENT = 'sent';
const TURNED_OFF = 'The recipient turned these emails off';

export function createMailer(deps: {
  config: Config;
  database: Database;
  jobs: JobQueue;
  transport: MailTransport;
}): Mailer {
  const { config, database, jobs, transport } = deps;
  const box = createSecretBox(config.dataKeys, 'mail-secrets');
  const unsubscribeSigner = createSigner(config.jwtSecrets, 'unsubscribe-links');
  /** 24 bytes: 32 characters of base64url. */
  const sign = (payload: string) => unsubscribeSigner.sign(payload, 24).toString('base64url');
  /** Seconds between two emails of the rate limit; account and security email is not held back. */
  const gap = 60 / config.mailRatePerMinute;
  /** Every language's messages, loading from now: the first email waits for none of it. */
  const i18n = translator();
  i18n.catch(() => {}); // a failure is thrown where the messages are used

  /**
   * When the next email may go: after the last one queued, spaced by the rate, across every instance
   * (they share the table). Account and security email goes at once.
   */
  const sendAfter = (category: EmailCategory, index: SQL | number = 0) =>
    category === 'security'
      ? sql`now()`
      : sql`greatest(now(), coalesce((select max(send_after) from mail_messages where status = 'queued'), now()) + make_interval(secs => ${gap}::float8 * (${index}::int + 1)))`;

  type AnyKind = {
    category: EmailCategory;
    subject(d: unknown, l: MailLanguage): string;
    content(d: unknown, l: MailLanguage): MailContent;
  };
  const kindOf = (kind: MailKind) => MAIL_KINDS[kind] as AnyKind;

  /**
   * A message as it reads for its recipient now: in their language (a recipient who changed it since the
   * message was queued reads the new one), subject included.
   */
  async function render(
    row: {
      id: string;
      kind: string;
      category: EmailCategory;
      data: Record<string, unknown>;
      name: string | null;
      email: string | null;
      locale: string | null;
    },
    userId: string | null,
    reveal: boolean,
  ) {
    const language = mailLanguage(await i18n, localeOf(row.locale));
    const k = kindOf(row.kind as MailKind);
    const subject = k.subject(row.data, language);
    const c = k.content(row.data, language);
    let actionPath = c.action.path;
    if (typeof row.data.sealed === 'string')
      actionPath += `?token=${reveal ? encodeURIComponent(box.open(row.data.sealed)) : '(hidden)'}`;
    const parts = renderMail({
      language,
      name: greetingName(row.name, row.email),
      subject,
      category: row.category,
      content: c,
      actionUrl: config.appUrl + actionPath,
      // The outbox shows where the link goes, not the token that works it.
      unsubscribeUrl:
        userId && isOptional(row.category)
          ? `${config.appUrl}/unsubscribe?token=${reveal ? unsubscribeToken(userId, row.category) : '(hidden)'}`
          : undefined,
      preferencesUrl: `${config.appUrl}/email-preferences`,
    });
    return { ...parts, subject };
  }

  /**
   * Writes the messages for the users `where` selects, and their jobs, in the caller's transaction. Those
   * `skip` picks (who turned the category off) are written as skipped, with the reason and no job, so that
   * the outbox lists them with the rest of the send.
   */
  async function insertMessages(
    db: DbOrTx,
    kind: MailKind,
    q: {
      from?: SQL;
      where: SQL;
      skip?: SQL;
      stored: object;
      rowData?: SQL;
      data: unknown;
      batchId?: string;
    },
  ): Promise<{ queued: number; skipped: number }> {
    const k = kindOf(kind);
    // The subject in each recipient's language, for the outbox (the message says it again when it is sent).
    const messages = await i18n;
    const subject = (locale: Locale) => k.subject(q.data, mailLanguage(messages, locale));
    const subjects = byLocale(sql`u.locale`, subject);
    const shared = sql`${JSON.stringify(q.stored)}::jsonb`;
    const skip = q.skip ?? sql`false`;
    // The rate limit spaces the messages that will go, counted apart from the skipped ones.
    const index = sql`(row_number() over (partition by ${skip} order by u.id)) - 1`;
    const result = await db.execute(sql`
      insert into mail_messages (user_id, kind, category, to_address, subject, data, batch_id, send_after, status, error)
      select u.id, ${kind}, ${k.category}, u.email, ${subjects},
             ${q.rowData ? sql`${shared} || ${q.rowData}` : shared},
             ${q.batchId ?? null}::uuid,
             case when ${skip} then now() else ${sendAfter(k.category, index)} end,
             case when ${skip} then 'skipped' else 'queued' end,
             case when ${skip} then ${TURNED_OFF} end
        from ${q.from ?? sql`users u`}
       where ${q.where}
      returning id, send_after, status`);
    const rows = (result as unknown as { rows: { id: string; send_after: string | Date; status: string }[] })
      .rows;
    const queued = rows.filter((r) => r.status === 'queued');
    await jobs.insert(
      'mail',
      queued.map((r) => ({ data: { messageId: r.id }, startAfter: new Date(r.send_after) })),
      db,
    );
    return { queued: queued.length, skipped: rows.length - queued.length };
  }

  /** A message with its recipient as they are now (none once the account is deleted). */
  async function readMessage(id: string) {
    const [row] = await database.db
      .select({
        id: mailMessages.id,
        kind: mailMessages.kind,
        category: mailMessages.category,
        subject: mailMessages.subject,
        data: mailMessages.data,
        status: mailMessages.status,
        toAddress: mailMessages.toAddress,
        userId: users.id,
        name: users.name,
        email: users.email,
        isActive: users.isActive,
        activatedAt: users.activatedAt,
        optOut: users.emailOptOut,
        locale: users.locale,
      })
      .from(mailMessages)
      .leftJoin(users, eq(users.id, mailMessages.userId))
      .where(eq(mailMessages.id, id));
    if (!row) return null;
    // A message to an address without an account (an invitation): its address and language are its own.
    if (!row.userId && row.data.addressed === true)
      return {
        ...row,
        email: row.toAddress,
        name: null,
        locale: typeof row.data.locale === 'string' ? row.data.locale : null,
        addressed: true,
      };
    return { ...row, addressed: false };
  }

  function unsubscribeToken(userId: string, category: OptionalEmailCategory) {
    const payload = `${userId}.${category}`;
    return `${payload}.${sign(payload)}`;
  }

  return {
    async queue(db, kind, userId, data, secret) {
      const stored: Record<string, unknown> = { ...(data as object) };
      if (secret) stored.sealed = box.seal(secret);
      await insertMessages(db, kind, { where: sql`u.id = ${userId}::uuid`, stored, data });
    },

    async queueToAddress(db, kind, to, data) {
      const k = kindOf(kind);
      const subject = k.subject(data, mailLanguage(await i18n, to.locale));
      const [row] = await db
        .insert(mailMessages)
        .values({
          userId: null,
          kind,
          category: k.category,
          toAddress: to.address,
          subject,
          data: { ...(data as object), addressed: true, locale: to.locale },
          sendAfter: sendAfter(k.category),
        })
        .returning({ id: mailMessages.id, sendAfter: mailMessages.sendAfter });
      await jobs.insert('mail', [{ data: { messageId: row!.id }, startAfter: row!.sendAfter }], db);
    },

    async queueToFormerAddress(db, kind, userId, address, data) {
      const stored = { ...(data as object), sealedTo: box.seal(address) };
      await insertMessages(db, kind, { where: sql`u.id = ${userId}::uuid`, stored, data });
    },

    async queueMany(db, kind, recipients, data, batchId) {
      const { category } = MAIL_KINDS[kind];
      // Those who turned the category off are skipped now (listed, not sent), so that the counts say
      // what will be sent and the outbox says why the rest were not; inactive users are left out.
      const skip = isOptional(category) ? sql`(${category} = any(u.email_opt_out))` : undefined;
      if ('from' in recipients)
        return insertMessages(db, kind, {
          from: recipients.from,
          where: sql`u.is_active and ${recipients.where}`,
          skip,
          stored: data,
          rowData: recipients.data,
          data,
          batchId,
        });
      const chosen = recipients.userIds
        ? sql`and u.id in (${sql.join(
            recipients.userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
      return insertMessages(db, kind, {
        where: sql`u.is_active ${chosen}`,
        skip,
        stored: data,
        data,
        batchId,
      });
    },

    async deliver(job) {
      const id = String(job.data.messageId);
      const row = await readMessage(id);
      if (!row || row.status === SENT || row.status === 'skipped') return;
      const skip = (error: string) =>
        database.db.update(mailMessages).set({ status: 'skipped', error }).where(eq(mailMessages.id, id));
      if (row.addressed) {
        if (!row.email) return void (await skip('No address'));
      } else if (!row.userId || !row.email || !row.name) return void (await skip('The account was deleted'));
      // The last email to an erased account goes to the address it had, sealed in the message.
      const sealedTo = typeof row.data.sealedTo === 'string' ? box.open(row.data.sealedTo) : null;
      // A sign-up's own confirmation goes to an account that is not active yet; nothing else does.
      const awaitingActivation = row.kind === 'signupReceived' && !row.activatedAt;
      if (!row.addressed && !row.isActive && !awaitingActivation && !sealedTo)
        return void (await skip('The account is inactive'));
      if (!sealedTo && isOptional(row.category) && (row.optOut ?? []).includes(row.category))
        return void (await skip(TURNED_OFF));

      const { html, text, subject } = await render(sealedTo ? { ...row, name: null } : row, row.userId, true);
      const headers: Record<string, string> = {};
      if (row.userId && isOptional(row.category)) {
        const token = unsubscribeToken(row.userId, row.category);
        headers['List-Unsubscribe'] = `<${config.appUrl}/api/email/unsubscribe?token=${token}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      try {
        await transport.send({ id, to: sealedTo ?? row.email, subject, html, text, headers });
      } catch (err) {
        await database.db
          .update(mailMessages)
          .set({
            attempts: sql`${mailMessages.attempts} + 1`,
            error: (err as Error).message ?? String(err),
            status: job.lastTry ? 'failed' : 'queued',
          })
          .where(eq(mailMessages.id, id));
        throw err;
      }
      await database.db
        .update(mailMessages)
        .set({
          status: SENT,
          sentAt: sql`now()`,
          attempts: sql`${mailMessages.attempts} + 1`,
          error: null,
          toAddress: row.email,
          subject,
          // The sealed address is needed no more once the message is sent.
          ...(sealedTo ? { data: sql`${mailMessages.data} - 'sealedTo'` } : {}),
        })
        .where(and(eq(mailMessages.id, id), inArray(mailMessages.status, ['queued', 'failed'])));
    },

    async preview(id) {
      const row = await readMessage(id);
      if (!row) return null;
      const sealed = typeof row.data.sealedTo === 'string';
      const { html, text } = await render(sealed ? { ...row, name: null } : row, row.userId, false);
      return { html, text };
    },

    unsubscribeToken,

    readUnsubscribeToken(token) {
      // Exactly the three parts a link is made of: a longer token is not one that was sent.
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [userId, category, signature] = parts;
      if (!userId || !category || !signature) return null;
      if (!isOptional(category as EmailCategory)) return null;
      const expected = sign(`${userId}.${category}`);
      if (
        signature.length !== expected.length ||
        !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        return null;
      if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
      return { userId, category: category as OptionalEmailCategory };
    },
  };
}
