/** Factories and sample files for the document and media API tests (not part of the app). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { documents, projectMedia } from '../../db/schema';
import { makePdf } from '../../db/seed/pdf';
import type { FileStorage } from '../../storage/file-storage';
import { bearer } from '../../../test/helpers';

const here = path.dirname(new URL(import.meta.url).pathname);
const demo = path.resolve(here, '../../../../web/public/demo');

export const samplePdf = (title = 'Sample') => makePdf(title, ['A line of the sample.']);
export const sampleJpeg = () => fs.readFileSync(path.join(demo, 'photos/thumbs/aurora-lake.jpg'));
export const sampleWebm = () => fs.readFileSync(path.join(demo, 'video/aurora-tour.webm'));
/** A 1×1 PNG. */
export const samplePng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
export const sampleHtml = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const sampleSvg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
  );

/** A minimal Office Open XML word document: a stored (uncompressed) zip with the parts file-type looks for. */
export function sampleDocx(): Buffer {
  const entries: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<?xml version="1.0"?><w:document/>'],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A multipart body as a browser's FormData makes it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type?: string; field?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

/**
 * Requests to the file routes: `get(url, token?, headers?)` as the holder of `token` (none: signed out), and
 * `send(method, url, fields, file?, token?)`, a form (see multipart) sent as `token` or else `defaultToken()`.
 */
export const fileRequestsOf = (ctx: { app: App }, defaultToken: () => string) => ({
  get: (url: string, token?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } }),
  async send(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
    token = defaultToken(),
  ) {
    const body = await multipart(fields, file);
    return ctx.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  },
});

/** Every file under the uploads folder (also half-written `.part` files). */
export function filesOnDisk(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return fs
    .readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A document row, with a stored file when `file` is given. */
export async function createDocumentRow(
  db: Db,
  storage: FileStorage,
  values: Partial<typeof documents.$inferInsert> & { projectId: string },
  file?: { data: Buffer; mime: string; name?: string },
) {
  const stored = file ? await storage.put(file.data) : null;
  const [row] = await db
    .insert(documents)
    .values({
      name: `Document ${Math.random().toString(36).slice(2, 8)}`,
      ...values,
      ...(stored && {
        fileKey: stored.key,
        fileMime: file!.mime,
        fileSize: stored.size,
        fileName: file!.name ?? 'file',
      }),
    })
    .returning();
  return row!;
}

export async function createMediaRow(
  db: Db,
  values: Partial<typeof projectMedia.$inferInsert> & { projectId: string },
) {
  const [row] = await db
    .insert(projectMedia)
    .values({ title: 'Media', type: 'photo', description: 'A picture', url: '/demo/photos/a.jpg', ...values })
    .returning();
  return row!;
}
