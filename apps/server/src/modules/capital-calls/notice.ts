import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import { payerAccount, toCents, todayIso, type PayerAccount } from '@portal/contracts';
import { formatFor, type Locale } from '@portal/i18n';
import type { Db } from '../../db/client';
import { capitalCallLines, capitalCalls, documents, offerings, projects, users } from '../../db/schema';
import { printedReference } from '../../lib/creditor-reference';
import { embedFonts } from '../../lib/pdf-fonts';
import { localeOf, translator } from '../../lib/translator';
import type { Mailer } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { notifyUsers } from '../notifications/notify';
import { readSetting } from '../settings/store';
import type { CreatedCall } from './service';

/** The company account investors pay to: the payer account setting (the distributions' own). */
const payer = (db: Db): Promise<PayerAccount | null> => readSetting(db, 'payerAccount', payerAccount, null);

interface NoticeFacts {
  project: string;
  investor: string;
  amountCents: number;
  dueOn: string;
  reference: string;
  account: PayerAccount | null;
}

/** A capital call's notice as a one-page PDF in the investor's language (`reconciliation:callNotice`). */
async function callNoticePdf(facts: NoticeFacts, locale: Locale): Promise<Uint8Array> {
  const t = (await translator()).getFixedT(locale, 'reconciliation');
  const f = formatFor(locale);
  const doc = await PDFDocument.create();
  const { font, bold, writable } = await embedFonts(doc);
  const safe = (s: string) => [...s].map((c) => (writable.has(c.codePointAt(0)!) ? c : '?')).join('');
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (text: string, opts: { size?: number; strong?: boolean } = {}) => {
    page.drawText(safe(text), {
      x: 56,
      y,
      size: opts.size ?? 11,
      font: opts.strong ? bold : font,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= (opts.size ?? 11) + 10;
  };
  line(t('callNotice.title', { project: facts.project }), { size: 18, strong: true });
  y -= 8;
  line(t('callNotice.to', { name: facts.investor }));
  line(t('callNotice.intro', { project: facts.project }));
  y -= 6;
  line(`${t('callNotice.amount')}: ${f.cents(facts.amountCents)}`, { strong: true });
  line(`${t('callNotice.dueOn')}: ${f.date(facts.dueOn)}`);
  line(`${t('callNotice.holder')}: ${facts.account?.name ?? '–'}`);
  line(`IBAN: ${facts.account?.iban ?? '–'}`);
  line(`BIC: ${facts.account?.bic ?? '–'}`);
  line(`${t('callNotice.reference')}: ${printedReference(facts.reference)}`, { strong: true });
  y -= 6;
  line(t('callNotice.useReference'));
  doc.setTitle(safe(t('callNotice.title', { project: facts.project })));
  return doc.save();
}

/** The name of a line's notice among the investor's documents (how a retry knows it was written). */
const noticeFileName = (reference: string) => `capital-call-${reference}.pdf`;

/**
 * The `call-notices` job (queued with the call): tells each investor of the call, skipping those whose
 * notice a failed run already wrote.
 */
export async function runCallNotices(db: Db, mailer: Mailer, storage: FileStorage, callId: string) {
  const [found] = await db
    .select({ call: capitalCalls, projectId: offerings.projectId, projectName: projects.name })
    .from(capitalCalls)
    .innerJoin(offerings, eq(offerings.id, capitalCalls.offeringId))
    .innerJoin(projects, eq(projects.id, offerings.projectId))
    .where(eq(capitalCalls.id, callId));
  if (!found) return;
  const lines = await db.select().from(capitalCallLines).where(eq(capitalCallLines.callId, callId));
  const written = await db
    .select({ userId: documents.userId, fileName: documents.fileName })
    .from(documents)
    .where(
      and(
        inArray(
          documents.fileName,
          lines.map((l) => noticeFileName(l.reference)),
        ),
        eq(documents.projectId, found.projectId),
      ),
    );
  const done = new Set(written.map((d) => `${d.userId}|${d.fileName}`));
  await sendCallNotices(db, mailer, storage, {
    ...found,
    lines: lines.filter((l) => !done.has(`${l.userId}|${noticeFileName(l.reference)}`)),
  });
}

/**
 * Tells each investor of a call: in the bell and by email (in their language), and with a PDF notice in
 * their documents (category Contracts, of the offering's project); each investor's three in one
 * transaction.
 */
async function sendCallNotices(db: Db, mailer: Mailer, storage: FileStorage, created: CreatedCall) {
  const account = await payer(db);
  const people = await db
    .select({ id: users.id, name: users.name, locale: users.locale })
    .from(users)
    .where(
      inArray(
        users.id,
        created.lines.map((l) => l.userId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const l of created.lines) {
    const who = byId.get(l.userId);
    if (!who) continue;
    const locale = localeOf(who.locale);
    const facts: NoticeFacts = {
      project: created.projectName,
      investor: who.name,
      amountCents: toCents(l.amount),
      dueOn: created.call.dueOn,
      reference: l.reference,
      account,
    };
    const pdf = await callNoticePdf(facts, locale);
    const file = await storage.put(Buffer.from(pdf), { extension: 'pdf' });
    const t = (await translator()).getFixedT(locale, 'reconciliation');
    try {
      await db.transaction(async (tx) => {
        await tx.insert(documents).values({
          projectId: created.projectId,
          userId: l.userId,
          name: t('callNotice.fileTitle', { project: created.projectName, date: created.call.dueOn }),
          category: 'Contracts',
          type: 'PDF',
          fileKey: file.key,
          fileName: noticeFileName(l.reference),
          fileMime: 'application/pdf',
          fileSize: file.size,
        });
        await notifyUsers(tx, [l.userId], {
          title: 'Capital call',
          message: `Please pay €${(facts.amountCents / 100).toFixed(2)} for ${facts.project} by ${facts.dueOn} with the reference ${l.reference}.`,
          notice: {
            key: 'capitalCall',
            params: {
              amount: { cents: facts.amountCents },
              project: facts.project,
              date: { date: facts.dueOn },
              reference: printedReference(l.reference),
            },
          },
          type: 'info',
          link: '/documents',
        });
        await mailer.queue(tx, 'capitalCall', l.userId, {
          project: facts.project,
          amountCents: facts.amountCents,
          dueOn: facts.dueOn,
          reference: printedReference(l.reference),
          iban: account?.iban ?? '–',
          bic: account?.bic ?? null,
          holder: account?.name ?? '–',
        });
      });
    } catch (err) {
      await storage.delete(file.key).catch(() => undefined);
      throw err;
    }
  }
}

/**
 * Part of the daily reminder: each investor with a call line past its due day and not paid in full is
 * reminded once (bell and email). The line's `reminded_at` is set in the same transaction, only where it
 * is still empty, so a second run (or instance) sends nothing. Answers how many were sent.
 */
export async function queueCallReminders(db: Db, mailer: Mailer, today = todayIso()): Promise<number> {
  const due = await db
    .select({
      id: capitalCallLines.id,
      userId: capitalCallLines.userId,
      amount: capitalCallLines.amount,
      paid: capitalCallLines.paid,
      reference: capitalCallLines.reference,
      dueOn: capitalCalls.dueOn,
      project: projects.name,
    })
    .from(capitalCallLines)
    .innerJoin(capitalCalls, eq(capitalCalls.id, capitalCallLines.callId))
    .innerJoin(offerings, eq(offerings.id, capitalCalls.offeringId))
    .innerJoin(projects, eq(projects.id, offerings.projectId))
    .where(
      and(
        isNull(capitalCallLines.remindedAt),
        isNull(capitalCallLines.paidOn),
        lt(capitalCalls.dueOn, today),
        sql`${capitalCallLines.paid} < ${capitalCallLines.amount}`,
      ),
    );
  let sent = 0;
  for (const l of due) {
    await db.transaction(async (tx) => {
      const [first] = await tx
        .update(capitalCallLines)
        .set({ remindedAt: new Date() })
        .where(and(eq(capitalCallLines.id, l.id), isNull(capitalCallLines.remindedAt)))
        .returning({ id: capitalCallLines.id });
      if (!first) return;
      const cents = toCents(l.amount) - toCents(l.paid);
      await notifyUsers(tx, [l.userId], {
        title: 'Capital call overdue',
        message: `€${(cents / 100).toFixed(2)} for ${l.project} was due on ${l.dueOn}. Please pay with the reference ${l.reference}.`,
        notice: {
          key: 'capitalCallOverdue',
          params: {
            amount: { cents },
            project: l.project,
            date: { date: l.dueOn },
            reference: printedReference(l.reference),
          },
        },
        type: 'warning',
        link: '/documents',
      });
      await mailer.queue(tx, 'capitalCallOverdue', l.userId, {
        project: l.project,
        amountCents: cents,
        dueOn: l.dueOn,
        reference: printedReference(l.reference),
      });
      sent++;
    });
  }
  return sent;
}
