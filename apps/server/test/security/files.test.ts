/**
 * Uploaded files with hostile names: path-like, control characters, header injection, direction
 * overrides. Whatever the client calls a file, it is stored under a server-made key inside the uploads
 * folder, and served with a Content-Disposition that cannot break out of its header or name a path.
 * (Over-size uploads, disguised HTML and SVG, and other investors' files are in the documents tests and
 * the access matrix.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '../../src/db/schema';
import { multipart, samplePdf, samplePng } from '../../src/modules/documents/test-support';
import { bearer, createAdmin, createHolding, createInvestment, createUser, useTestApp } from '../helpers';
import { filesUnder, uploadsDir } from './support';

const ctx = useTestApp();
let adminToken: string;
let investorToken: string;
let investorId: string;
let projectId: string;

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  const { user: investor, project } = await createHolding(ctx.db);
  adminToken = await ctx.signIn(admin);
  investorToken = await ctx.signIn(investor);
  investorId = investor.id;
  projectId = project.id;
});

const HOSTILE_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\system32\\drivers\\etc\\hosts',
  '/absolute/path/report',
  'C:\\Users\\Public\\report',
  'report\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>',
  'report"; filename="evil.html',
  "report'; filename*=UTF-8''evil.html",
  'tab\there\u0000nul\u0007bell\u001bescape\u007fdel',
  'invoice\u202Efdp.exe',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'con',
  '.htaccess',
  ' ',
  'x'.repeat(400),
  'Åland — “Q3” 📈 report',
];

/** Everything under DATA_DIR except the uploads folder and the embedded database. */
const outsideUploads = () =>
  filesUnder(ctx.deps.config.dataDir).filter((f) => !f.startsWith(uploadsDir(ctx) + path.sep));

function expectSafeDisposition(header: string | undefined, kind: 'inline' | 'attachment') {
  expect(header).toBeDefined();
  const value = String(header);
  // One header line: nothing that could end it or start another.
  // eslint-disable-next-line no-control-regex
  expect(value).not.toMatch(/[\r\n\u0000]/);
  expect(value.startsWith(`${kind}; filename="`)).toBe(true);
  const ascii = /filename="([^"]*)"/.exec(value)![1]!;
  const utf8 = decodeURIComponent(/filename\*=UTF-8''([^;]*)$/.exec(value)![1]!);
  for (const name of [ascii, utf8]) {
    expect(name).not.toMatch(/[/\\:*?"<>|]/);
    // eslint-disable-next-line no-control-regex
    expect(name).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(name.length).toBeGreaterThan(0);
    expect(name.length).toBeLessThanOrEqual(160);
  }
  // Only the ASCII range in the quoted fallback.
  expect(ascii).toMatch(/^[\x20-\x7e]*$/);
}

describe('hostile file names', () => {
  it('store under a server-made key inside the uploads folder, and download under a harmless name', async () => {
    const outside = outsideUploads();
    for (const hostile of HOSTILE_NAMES) {
      const form = await multipart(
        { name: hostile, userId: investorId },
        { data: await samplePdf('Statement'), name: `${hostile}.pdf`, type: 'application/pdf' },
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/documents?projectId=${projectId}`,
        headers: { ...bearer(adminToken), ...form.headers },
        payload: form.payload,
      });
      // A blank name is refused with a message; every other one is stored as a valid PDF.
      if (res.statusCode !== 201) {
        expect(res.statusCode, hostile).toBe(400);
        expect(res.json().message).toBeTruthy();
        continue;
      }
      const id = res.json().data._id as string;
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id));
      expect(row!.fileKey).toMatch(/^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/);
      expect(fs.existsSync(path.join(uploadsDir(ctx), row!.fileKey!.slice(0, 2), row!.fileKey!))).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(row!.fileName).not.toMatch(/[/\\\u0000-\u001f]/);
      for (const [action, kind] of [
        ['download', 'attachment'],
        ['preview', 'inline'],
      ] as const) {
        const file = await ctx.app.inject({
          method: 'GET',
          url: `/api/documents/${id}/${action}`,
          headers: bearer(investorToken),
        });
        expect(file.statusCode, hostile).toBe(200);
        expectSafeDisposition(file.headers['content-disposition'] as string, kind);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-security-policy']).toBe('sandbox');
      }
    }
    // Nothing was written anywhere else under DATA_DIR, and every stored file has its row.
    expect(outsideUploads()).toEqual(outside);
    const rows = await ctx.db.select({ key: documents.fileKey }).from(documents);
    const keys = new Set(rows.map((r) => r.key));
    for (const f of filesUnder(uploadsDir(ctx))) expect(keys.has(path.basename(f)), f).toBe(true);
  });

  it('keep per-user media under server-made keys too, and serve them only to their owner', async () => {
    const other = await createUser(ctx.db);
    await createInvestment(ctx.db, other.id, projectId);
    const otherToken = await ctx.signIn(other);
    const form = await multipart(
      { title: '../../photo\r\nX: y', type: 'photo', description: 'd', userId: investorId },
      { data: samplePng(), name: '../../../photo.png', type: 'image/png' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/media?projectId=${projectId}`,
      headers: { ...bearer(adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/media/${id}/download`,
      headers: bearer(investorToken),
    });
    expect(own.statusCode).toBe(200);
    expectSafeDisposition(own.headers['content-disposition'] as string, 'attachment');
    for (const action of ['download', 'preview'])
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/documents/media/${id}/${action}`,
            headers: bearer(otherToken),
          })
        ).statusCode,
      ).toBe(404);
  });
});

describe('bidirectional controls in file names', () => {
  const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
  const upload = async (
    url: string,
    fields: Record<string, string>,
    file: Parameters<typeof multipart>[1],
  ) => {
    const form = await multipart(fields, file);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; name?: string; fileName: string };
  };
  const disposition = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    return decodeURIComponent(String(res.headers['content-disposition']));
  };

  it('are removed from the names of documents, project media and per-user media, and from download names', async () => {
    // 'invoice' RLO 'fdp.exe.pdf' reads as 'invoicefdp.exe.pdf' once the override is gone.
    const document = await upload(
      `/api/documents?projectId=${projectId}`,
      { userId: investorId },
      { data: await samplePdf('Invoice'), name: 'invoice\u202Efdp.exe.pdf', type: 'application/pdf' },
    );
    expect(document).toMatchObject({ name: 'invoicefdp.exe', fileName: 'invoicefdp.exe.pdf' });
    expect(await disposition(`/api/documents/${document._id}/download`)).toContain(
      "filename*=UTF-8''invoicefdp.exe.pdf",
    );

    // A name typed with them (kept as typed) is downloaded without them.
    const typed = await upload(
      `/api/documents?projectId=${projectId}`,
      { name: 'Q3 \u2066report\u2069\u200F', userId: investorId },
      { data: await samplePdf('Q3'), name: 'q3\u061C.pdf', type: 'application/pdf' },
    );
    expect(typed.fileName).toBe('q3.pdf');
    expect(await disposition(`/api/documents/${typed._id}/download`)).toContain(
      "filename*=UTF-8''Q3 report.pdf",
    );

    const media = await upload(
      '/api/media',
      { projectId, title: 'Lake', type: 'photo', description: 'The lake' },
      { data: samplePng(), name: 'la\u202Bke\u202C\u200E.png', type: 'image/png' },
    );
    expect(media.fileName).toBe('lake.png');
    const own = await upload(
      `/api/documents/media?projectId=${projectId}&userId=${investorId}`,
      { title: 'Cabin', type: 'photo', description: 'd' },
      { data: samplePng(), name: 'cab\u2067in\u2068\u202D.png', type: 'image/png' },
    );
    expect(own.fileName).toBe('cabin.png');
    for (const name of [document.fileName, typed.fileName, media.fileName, own.fileName])
      expect(name).not.toMatch(BIDI);
  });
});

describe('incomplete forms', () => {
  it('a form cut off before its end is refused with a message, and nothing is stored', async () => {
    const before = filesUnder(uploadsDir(ctx));
    const rows = await ctx.db.select({ id: documents.id }).from(documents);
    for (const [route, fields, file] of [
      [
        `/api/documents?projectId=${projectId}`,
        { name: 'Cut short' },
        { data: await samplePdf('Cut'), name: 'cut.pdf' },
      ],
      [
        `/api/documents/media?projectId=${projectId}&userId=${investorId}`,
        { title: 'Cut short', type: 'photo' },
        { data: samplePng(), name: 'cut.png' },
      ],
    ] as const) {
      const form = await multipart(fields, file);
      // The file part and the closing boundary never arrive whole (a dropped connection, a broken client).
      for (const cut of [form.payload.length - 10, Math.floor(form.payload.length / 2)]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: route,
          headers: { ...bearer(adminToken), ...form.headers },
          payload: form.payload.subarray(0, cut),
        });
        expect(res.statusCode, `${route} cut at ${cut}`).toBe(400);
        expect(res.json().message).toBe('The form arrived incomplete. Send it again.');
      }
    }
    expect(filesUnder(uploadsDir(ctx))).toEqual(before);
    expect(await ctx.db.select({ id: documents.id }).from(documents)).toEqual(rows);
  });
});
