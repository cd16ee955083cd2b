import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { TestServer } from './server';

/**
 * The e2e server runs without SMTP_URL, so every email it sends is written as an .eml file to
 * DATA_DIR/mail (apps/server/src/mail/transport.ts). These read them back: headers, and the plain-text
 * and HTML parts decoded.
 */
export interface CapturedMail {
  file: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Headers (unfolded, names lower-cased) and the body of a message or of one of its parts. */
function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** RFC 2045 quoted-printable: soft line breaks removed, =XX bytes decoded as UTF-8. */
function quotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decode(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** An encoded-word header (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) in plain text. */
function headerText(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : quotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The text/plain and text/html parts, however deep in multipart parts they are. */
function parts(headers: Record<string, string>, body: string, found: { text: string; html: string }) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const part = split(chunk.replace(/^\r?\n/, ''));
      parts(part.headers, part.body, found);
    }
  } else if (/^text\/html/i.test(type)) found.html ||= decode(headers, body);
  else if (/^text\/plain/i.test(type)) found.text ||= decode(headers, body);
}

function parseMail(file: string): CapturedMail {
  const { headers, body } = split(fs.readFileSync(file, 'utf8'));
  const found = { text: '', html: '' };
  parts(headers, body, found);
  return {
    file,
    headers,
    to: headerText(headers.to ?? ''),
    subject: headerText(headers.subject ?? ''),
    ...found,
  };
}

const mailDir = (server: TestServer) => {
  if (!server.dataDirectory) throw new Error('The test server is not running');
  return path.join(server.dataDirectory, 'mail');
};

/** Every message the server has written so far, oldest first (the file names start with the time). */
function readMailbox(server: TestServer): CapturedMail[] {
  const dir = mailDir(server);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(path.join(dir, f)));
}

/**
 * Waits (bounded, by polling the folder) for a message the server sends after being asked: the newest
 * one to `to` that `match` accepts, among those not in `before` (the files already there).
 */
export async function waitForMail(
  server: TestServer,
  {
    to,
    match = () => true,
    before = [],
  }: { to: string; match?: (m: CapturedMail) => boolean; before?: string[] },
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox(server)
          .filter((m) => !before.includes(m.file) && m.to.includes(to) && match(m))
          .at(-1);
        return !!found;
      },
      { message: `an email to ${to}`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The files in the mailbox now: what a later waitForMail leaves out. */
export const mailboxFiles = (server: TestServer) => readMailbox(server).map((m) => m.file);

/**
 * The path and query of the email's link to `pathname` (the test server's APP_URL is its own address),
 * from the plain-text part.
 */
export function linkIn(mail: CapturedMail, pathname: string): string {
  for (const m of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(m[0]);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No link to ${pathname} in the email "${mail.subject}":\n${mail.text}`);
}
