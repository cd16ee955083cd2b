import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, documents, notifications } from '../../db/schema';
import {
  bearer,
  countQueries,
  createProject,
  signInAdmin,
  investorIn,
  useTestApp,
} from '../../../test/helpers';
import * as audit from '../audit/service';
import type { multipart } from './test-support';
import {
  createDocumentRow,
  filesOnDisk,
  sampleDocx,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleSvg,
  sampleWebm,
  fileRequestsOf,
} from './test-support';

vi.mock('../audit/service', async (importOriginal) => {
  const original = await importOriginal<typeof audit>();
  return { ...original, recordAudit: vi.fn(original.recordAudit) };
});

const ctx = useTestApp();
let uploads: string;
let adminToken: string;
let emma: { id: string; token: string };
let lukas: { id: string; token: string };
let aurora: { id: string };
let fjord: { id: string };

const investor = (projects: string[]) => investorIn(ctx, ...projects);

beforeAll(async () => {
  uploads = path.join(ctx.deps.config.dataDir, 'uploads');
  adminToken = await signInAdmin(ctx);
  aurora = await createProject(ctx.db, { name: 'Aurora' });
  fjord = await createProject(ctx.db, { name: 'Fjord' });
  emma = await investor([aurora.id]);
  lukas = await investor([aurora.id, fjord.id]);
});

const { get, send } = fileRequestsOf(ctx, () => adminToken);

/** A fresh project with one investor, so that each test counts its own rows and files. */
async function freshProject() {
  const project = await createProject(ctx.db);
  const holder = await investor([project.id]);
  return { project, holder };
}

describe('GET /api/documents', () => {
  it("answers the project's shared documents and the investor's own, newest first, never another investor's", async () => {
    const shared = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      {
        projectId: aurora.id,
        name: 'Investment Agreement',
        category: 'Contracts',
        uploadDate: new Date('2024-01-02T09:00:00Z'),
        isNew: false,
      },
      { data: await samplePdf(), mime: 'application/pdf', name: 'agreement.pdf' },
    );
    const own = await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: aurora.id,
      userId: emma.id,
      name: 'Tax Statement — Emma',
      category: 'Tax Documents',
      uploadDate: new Date('2025-02-28T09:00:00Z'),
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: aurora.id,
      userId: lukas.id,
      name: 'Tax Statement — Lukas',
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: aurora.id,
      userId: emma.id,
      kind: 'media',
      name: 'A personal photo',
      type: 'photo',
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: fjord.id, name: 'Fjord report' });

    const res = await get(`/api/documents?projectId=${aurora.id}`, emma.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.media).toBeUndefined();
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual([
      'Tax Statement — Emma',
      'Investment Agreement',
    ]);
    expect(body.documents[1]).toEqual({
      _id: shared.id,
      name: 'Investment Agreement',
      category: 'Contracts',
      type: 'PDF',
      description: '',
      projectId: aurora.id,
      userId: null,
      uploadDate: '2024-01-02T09:00:00.000Z',
      isNew: false,
      hasFile: true,
      fileName: 'agreement.pdf',
      fileSize: shared.fileSize,
      mimeType: 'application/pdf',
    });
    expect(body.documents[0]).toMatchObject({ _id: own.id, userId: emma.id, isNew: true, hasFile: false });
  });

  it("asks for the project, and answers 404 for a project the investor does not hold; a userId does not open another investor's files", async () => {
    const missing = await get('/api/documents', emma.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Project ID is required');
    const bad = await get('/api/documents?projectId=nope', emma.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Project ID/);
    const other = await get(`/api/documents?projectId=${fjord.id}`, emma.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Project not found');
    expect((await get(`/api/documents?projectId=${aurora.id}`)).statusCode).toBe(401);

    const sneaky = await get(`/api/documents?projectId=${aurora.id}&userId=${lukas.id}`, emma.token);
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().media).toBeUndefined();
    expect(sneaky.json().documents.some((d: { userId: string }) => d.userId === lukas.id)).toBe(false);
  });

  it("gives an admin one user's documents and media of a project with userId, every document without", async () => {
    const { project, holder } = await freshProject();
    const other = await investor([project.id]);
    await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: project.id, name: 'Shared' });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      userId: holder.id,
      name: 'Mine',
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      userId: other.id,
      name: 'Theirs',
    });
    const photo = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: project.id, userId: holder.id, kind: 'media', name: 'Handover', type: 'photo' },
      { data: samplePng(), mime: 'image/png', name: 'keys.png' },
    );

    const one = (await get(`/api/documents?projectId=${project.id}&userId=${holder.id}`, adminToken)).json();
    expect(one.documents.map((d: { name: string }) => d.name)).toEqual(['Mine']);
    expect(one.media).toHaveLength(1);
    expect(one.media[0]).toMatchObject({
      _id: photo.id,
      title: 'Handover',
      type: 'photo',
      userId: holder.id,
      hasFile: true,
      mimeType: 'image/png',
    });
    expect(one.media[0].url).toMatch(new RegExp(`^/api/media/files/u/${photo.id}\\?exp=\\d+&sig=`));
    expect(one.media[0].thumbnail).toBe(one.media[0].url);
    expect(one.media[0].downloadUrl).toMatch(/&download=1$/);

    const all = (await get(`/api/documents?projectId=${project.id}`, adminToken)).json();
    expect(all.documents.map((d: { name: string }) => d.name).sort()).toEqual(['Mine', 'Shared', 'Theirs']);

    const ghost = await get(
      `/api/documents?projectId=${project.id}&userId=${crypto.randomUUID()}`,
      adminToken,
    );
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('User not found');
  });

  it('takes the same number of queries for 2 documents as for 40', async () => {
    const { project, holder } = await freshProject();
    const count = async () => {
      let n = 0;
      const queries = await countQueries(ctx, async () => {
        const res = await get(`/api/documents?projectId=${project.id}`, holder.token);
        expect(res.statusCode).toBe(200);
        n = res.json().documents.length;
      });
      return { queries, n };
    };
    for (let i = 0; i < 2; i++) await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: project.id });
    const few = await count();
    for (let i = 0; i < 38; i++) await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: project.id });
    const many = await count();
    expect([few.n, many.n]).toEqual([2, 40]);
    expect(many.queries).toBe(few.queries);
    expect(many.queries).toBeLessThanOrEqual(3);
  });
});

describe('download and preview', () => {
  it('downloads the bytes as an attachment named after the document', async () => {
    const pdf = await samplePdf('Report');
    const doc = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: aurora.id, name: 'Investment Agreement — Aurora' },
      { data: pdf, mime: 'application/pdf', name: 'x.pdf' },
    );
    const res = await get(`/api/documents/${doc.id}/download`, emma.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Investment Agreement - Aurora.pdf"; filename*=UTF-8''Investment%20Agreement%20%E2%80%94%20Aurora.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('previews PDFs, images and text inline, and anything else as an attachment', async () => {
    const cases = [
      { data: await samplePdf(), mime: 'application/pdf', inline: true },
      { data: samplePng(), mime: 'image/png', inline: true },
      { data: Buffer.from('Occupancy: 81%\n'), mime: 'text/plain', inline: true },
      {
        data: sampleDocx(),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        inline: false,
      },
    ];
    for (const c of cases) {
      const doc = await createDocumentRow(
        ctx.db,
        ctx.deps.storage,
        { projectId: aurora.id, name: 'Preview me' },
        { data: c.data, mime: c.mime },
      );
      const res = await get(`/api/documents/${doc.id}/preview`, emma.token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(c.data)).toBe(true);
      expect(res.headers['content-disposition']).toMatch(c.inline ? /^inline; / : /^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      if (c.mime === 'text/plain') expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it("answers 404 for another investor's document, a project the investor does not hold, a document without a file and an unknown id", async () => {
    const file = { data: await samplePdf(), mime: 'application/pdf' };
    const lukasOwn = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: aurora.id, userId: lukas.id, name: 'Private' },
      file,
    );
    const fjordDoc = await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: fjord.id }, file);
    const noFile = await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: aurora.id });
    const media = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: aurora.id, userId: emma.id, kind: 'media', type: 'photo' },
      { data: samplePng(), mime: 'image/png' },
    );
    for (const kind of ['download', 'preview']) {
      for (const id of [lukasOwn.id, fjordDoc.id, crypto.randomUUID()]) {
        const res = await get(`/api/documents/${id}/${kind}`, emma.token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          message: 'Document not found',
          error: 'Document not found',
          code: 'common.not_found',
        });
      }
      expect((await get(`/api/documents/${noFile.id}/${kind}`, emma.token)).json().message).toBe(
        'File not found',
      );
      // A media item is not a document, and the other way round.
      expect((await get(`/api/documents/${media.id}/${kind}`, emma.token)).statusCode).toBe(404);
      expect((await get(`/api/documents/media/${fjordDoc.id}/${kind}`, lukas.token)).statusCode).toBe(404);
      // The owner, another holder of the project and an admin.
      expect((await get(`/api/documents/${lukasOwn.id}/${kind}`, lukas.token)).statusCode).toBe(200);
      expect((await get(`/api/documents/${fjordDoc.id}/${kind}`, lukas.token)).statusCode).toBe(200);
      expect((await get(`/api/documents/${lukasOwn.id}/${kind}`, adminToken)).statusCode).toBe(200);
      expect((await get(`/api/documents/media/${media.id}/${kind}`, emma.token)).statusCode).toBe(200);
      expect((await get(`/api/documents/media/${media.id}/${kind}`, lukas.token)).statusCode).toBe(404);
    }
    expect((await get(`/api/documents/not-an-id/download`, emma.token)).statusCode).toBe(400);
  });
});

describe('admin document writes', () => {
  it('refuses investors and visitors', async () => {
    const doc = await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: aurora.id });
    const tries = [
      send('POST', `/api/documents?projectId=${aurora.id}`, { name: 'X' }, undefined, emma.token),
      send('PUT', `/api/documents/${doc.id}`, { name: 'X' }, undefined, emma.token),
      ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: bearer(emma.token) }),
      send(
        'POST',
        `/api/documents/media?projectId=${aurora.id}&userId=${emma.id}`,
        {},
        undefined,
        emma.token,
      ),
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/documents/media/${doc.id}`,
        headers: bearer(emma.token),
      }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Admin access required');
    }
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}` })).statusCode).toBe(
      401,
    );
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.name).toBe(doc.name);
  });

  it('uploads a PDF for one investor: stored, listed, downloaded with the same bytes, audited', async () => {
    const { project, holder } = await freshProject();
    const pdf = await samplePdf('Tax 2025');
    const before = filesOnDisk(uploads).length;
    const res = await send(
      'POST',
      `/api/documents?userId=${holder.id}&projectId=${project.id}`,
      {
        name: '  Tax Statement 2025 ',
        category: 'Tax Documents',
        description: 'For your return',
        isNew: 'true',
      },
      { data: pdf, name: 'tax.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe('Document uploaded');
    expect(data).toMatchObject({
      name: 'Tax Statement 2025',
      category: 'Tax Documents',
      type: 'PDF',
      description: 'For your return',
      projectId: project.id,
      userId: holder.id,
      isNew: true,
      hasFile: true,
      fileName: 'tax.pdf',
      fileSize: pdf.length,
      mimeType: 'application/pdf',
    });
    expect(filesOnDisk(uploads).length).toBe(before + 1);

    const list = (await get(`/api/documents?projectId=${project.id}`, holder.token)).json();
    expect(list.documents.map((d: { _id: string }) => d._id)).toEqual([data._id]);
    const dl = await get(`/api/documents/${data._id}/download`, holder.token);
    expect(dl.rawPayload.equals(pdf)).toBe(true);
    expect(dl.headers['content-disposition']).toContain('filename="Tax Statement 2025.pdf"');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, data._id)));
    expect(entry).toMatchObject({
      action: 'create',
      details: expect.objectContaining({ userId: holder.id }),
    });
  });

  it('creates a shared document without a file from JSON, with the default category and type, and asks for a name', async () => {
    const { project } = await freshProject();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents?projectId=${project.id}`,
      headers: bearer(adminToken),
      payload: { name: 'Site plan' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Site plan',
      category: 'General',
      type: 'PDF',
      userId: null,
      hasFile: false,
      isNew: true,
    });
    const noName = await send('POST', `/api/documents?projectId=${project.id}`, { category: 'Contracts' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Name is required');
    const noProject = await send('POST', `/api/documents`, { name: 'X' });
    expect(noProject.json().message).toBe('Project ID is required');
    const ghost = await send('POST', `/api/documents?projectId=${crypto.randomUUID()}`, { name: 'X' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('Project not found');
    const badDate = await send('POST', `/api/documents?projectId=${project.id}`, {
      name: 'X',
      uploadDate: 'soon',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/^Upload date /);
  });

  it("tells the investors who can see a new document, with a link to the project's vault", async () => {
    const { project, holder } = await freshProject();
    const other = await investor([project.id]);
    const outsider = await investor([aurora.id]);
    const noteOf = (userId: string) =>
      ctx.db
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(eq(notifications.userId, userId));
    const shared = await send('POST', `/api/documents?projectId=${project.id}`, { name: 'Site plan' });
    expect(shared.statusCode).toBe(201);
    const link = `/documents?project=${project.id}`;
    for (const u of [holder, other])
      expect(await noteOf(u.id)).toEqual([{ title: 'New document: Site plan', link }]);
    expect(await noteOf(outsider.id)).toEqual([]);
    const own = await send('POST', `/api/documents?projectId=${project.id}&userId=${holder.id}`, {
      name: 'Your K-1',
    });
    expect(own.statusCode).toBe(201);
    expect(await noteOf(holder.id)).toContainEqual({ title: 'New document: Your K-1', link });
    expect(await noteOf(other.id)).toHaveLength(1);
  });

  it('names the document after the file and takes its type from the bytes when the form leaves them blank', async () => {
    const { project } = await freshProject();
    const res = await send(
      'POST',
      `/api/documents?projectId=${project.id}`,
      { name: '', type: '' },
      { data: sampleDocx(), name: 'Renovation plan.docx' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Renovation plan',
      type: 'DOCX',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('refuses HTML or SVG dressed up as a PDF, a picture or text, and leaves nothing behind', async () => {
    const { project } = await freshProject();
    const before = filesOnDisk(uploads).length;
    const rows = async () =>
      (await ctx.db.select().from(documents).where(eq(documents.projectId, project.id))).length;
    const invalid = (label: string) => ({ code: 'documents.file_not_valid', params: { label } });
    const unsupported = { code: 'documents.unsupported_document' };
    const cases: [Parameters<typeof multipart>[1], string | RegExp, object][] = [
      [
        { data: sampleHtml(), name: 'statement.pdf', type: 'application/pdf' },
        'The file is not a valid PDF',
        invalid('PDF'),
      ],
      [
        { data: sampleSvg(), name: 'statement.pdf', type: 'application/pdf' },
        'The file is not a valid PDF',
        invalid('PDF'),
      ],
      [
        { data: sampleHtml(), name: 'statement', type: 'application/pdf' },
        'The file is not a valid PDF',
        invalid('PDF'),
      ],
      [
        { data: sampleSvg(), name: 'photo.png', type: 'image/png' },
        'The file is not a valid PNG',
        invalid('PNG'),
      ],
      [{ data: sampleSvg(), name: 'drawing.svg', type: 'image/svg+xml' }, /not supported/, unsupported],
      [
        { data: sampleHtml(), name: 'notes.txt', type: 'text/plain' },
        'The file is not a valid TXT',
        invalid('TXT'),
      ],
      [{ data: sampleHtml(), name: 'page.html', type: 'text/html' }, /not supported/, unsupported],
      [{ data: sampleWebm(), name: 'tour.webm', type: 'video/webm' }, /not supported/, unsupported],
      [{ data: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]), name: 'blob.bin' }, /not supported/, unsupported],
      [{ data: Buffer.alloc(0), name: 'empty.pdf' }, 'The file is empty', { code: 'documents.file_empty' }],
    ];
    for (const [file, message, coded] of cases) {
      const res = await send('POST', `/api/documents?projectId=${project.id}`, { name: 'Bad' }, file);
      expect(res.statusCode, file!.name).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json(), file!.name).toMatchObject(coded);
    }
    expect(filesOnDisk(uploads).length).toBe(before);
    expect(await rows()).toBe(0);
  });

  it('stops an upload over UPLOAD_MAX_BYTES with 413 while streaming, leaving no file and no row', async () => {
    const { project } = await freshProject();
    const before = filesOnDisk(uploads).length;
    const big = Buffer.concat([await samplePdf(), Buffer.alloc(ctx.deps.config.uploadMaxBytes)]);
    const res = await send(
      'POST',
      `/api/documents?projectId=${project.id}`,
      { name: 'Huge' },
      {
        data: big,
        name: 'huge.pdf',
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: 'The file is larger than the upload limit of 1 MB',
      code: 'documents.file_too_large',
      params: { limit: '1 MB' },
    });
    expect(filesOnDisk(uploads).length).toBe(before);
    expect(await ctx.db.select().from(documents).where(eq(documents.projectId, project.id))).toEqual([]);
  });

  it('stops a replacement file over UPLOAD_MAX_BYTES with 413, leaving the document and its file as they were', async () => {
    const { project, holder } = await freshProject();
    const pdf = await samplePdf('Kept');
    const created = (
      await send(
        'POST',
        `/api/documents?userId=${holder.id}&projectId=${project.id}`,
        { name: 'Kept' },
        { data: pdf, name: 'kept.pdf' },
      )
    ).json().data;
    const [before] = await ctx.db.select().from(documents).where(eq(documents.id, created._id));
    const files = filesOnDisk(uploads).sort();
    const big = Buffer.concat([await samplePdf(), Buffer.alloc(ctx.deps.config.uploadMaxBytes)]);
    const res = await send(
      'PUT',
      `/api/documents/${created._id}?userId=${holder.id}&projectId=${project.id}`,
      { name: 'Replaced' },
      { data: big, name: 'huge.pdf' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the upload limit of 1 MB');
    expect(filesOnDisk(uploads).sort()).toEqual(files);
    const [after] = await ctx.db.select().from(documents).where(eq(documents.id, created._id));
    expect(after).toEqual(before);
    const dl = await get(`/api/documents/${created._id}/download`, holder.token);
    expect(dl.rawPayload.equals(pdf)).toBe(true);
    const updates = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created._id), eq(auditLog.action, 'update')));
    expect(updates).toEqual([]);
  });

  it('answers the 413 over a real connection too, while the browser is still sending', async () => {
    const { project } = await freshProject();
    const before = filesOnDisk(uploads).length;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('name', 'Huge');
    const big = Buffer.concat([await samplePdf(), Buffer.alloc(8 * ctx.deps.config.uploadMaxBytes)]);
    form.append('file', new Blob([new Uint8Array(big)], { type: 'application/pdf' }), 'huge.pdf');
    const res = await fetch(`${address}/api/documents?projectId=${project.id}`, {
      method: 'POST',
      body: form,
      headers: bearer(adminToken),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The file is larger than the upload limit of 1 MB',
    );
    expect(filesOnDisk(uploads).length).toBe(before);
  });

  it('leaves neither row nor file when the database write fails after the file is stored', async () => {
    const { project } = await freshProject();
    const before = filesOnDisk(uploads).length;
    vi.mocked(audit.recordAudit).mockRejectedValueOnce(new Error('disk full'));
    const res = await send(
      'POST',
      `/api/documents?projectId=${project.id}`,
      { name: 'Doomed' },
      {
        data: await samplePdf(),
        name: 'doomed.pdf',
      },
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Internal server error');
    expect(filesOnDisk(uploads).length).toBe(before);
    expect(await ctx.db.select().from(documents).where(eq(documents.projectId, project.id))).toEqual([]);
  });

  it('updates the fields, replaces the file (the old one is removed) and deletes the document with its file', async () => {
    const { project, holder } = await freshProject();
    const created = (
      await send(
        'POST',
        `/api/documents?projectId=${project.id}`,
        { name: 'Q1 report' },
        {
          data: await samplePdf('Q1'),
          name: 'q1.pdf',
        },
      )
    ).json().data;
    const [first] = await ctx.db.select().from(documents).where(eq(documents.id, created._id));
    const text = Buffer.from('Net operating income: €96,300\n');
    const res = await send(
      'PUT',
      `/api/documents/${created._id}?projectId=${project.id}`,
      { name: 'Q1 report (corrected)', category: 'Investment Reports', isNew: 'false' },
      { data: text, name: 'q1.txt', type: 'text/plain' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Document updated',
      data: {
        name: 'Q1 report (corrected)',
        category: 'Investment Reports',
        type: 'TXT',
        isNew: false,
        mimeType: 'text/plain',
      },
    });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(first!.fileKey!))).toBe(false);
    const preview = await get(`/api/documents/${created._id}/preview`, holder.token);
    expect(preview.body).toBe(text.toString());

    // A field left out keeps its value; a bad new file keeps the old one.
    const kept = await send(
      'PUT',
      `/api/documents/${created._id}`,
      { description: 'Corrected figures' },
      {
        data: sampleHtml(),
        name: 'x.pdf',
      },
    );
    expect(kept.statusCode).toBe(400);
    const [after] = await ctx.db.select().from(documents).where(eq(documents.id, created._id));
    expect(after).toMatchObject({ name: 'Q1 report (corrected)', description: '', fileMime: 'text/plain' });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(after!.fileKey!))).toBe(true);

    const missing = await send('PUT', `/api/documents/${crypto.randomUUID()}`, { name: 'X' });
    expect(missing.statusCode).toBe(404);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${created._id}`,
      headers: bearer(adminToken),
    });
    expect(del.json()).toEqual({ success: true, message: 'Document deleted' });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(after!.fileKey!))).toBe(false);
    expect((await get(`/api/documents/${created._id}/download`, adminToken)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${created._id}`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('per-user media (admin documents screen)', () => {
  it('uploads a photo for one investor; the owner can download it, nobody else', async () => {
    const { project, holder } = await freshProject();
    const other = await investor([project.id]);
    const jpeg = sampleJpeg();
    const missingUser = await send(
      'POST',
      `/api/documents/media?projectId=${project.id}`,
      { title: 'X' },
      {
        data: jpeg,
        name: 'x.jpg',
      },
    );
    expect(missingUser.statusCode).toBe(400);
    expect(missingUser.json()).toMatchObject({
      message: 'User ID is required',
      code: 'documents.user_id_required',
    });

    const res = await send(
      'POST',
      `/api/documents/media?userId=${holder.id}&projectId=${project.id}`,
      { title: 'Your cabin', description: 'Cabin 4 on handover day' },
      { data: jpeg, name: 'cabin.jpeg', type: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      title: 'Your cabin',
      type: 'photo',
      description: 'Cabin 4 on handover day',
      userId: holder.id,
      projectId: project.id,
      mimeType: 'image/jpeg',
      fileSize: jpeg.length,
    });

    const dl = await get(`/api/documents/media/${item._id}/download`, holder.token);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(jpeg)).toBe(true);
    expect(dl.headers['content-disposition']).toContain('filename="Your cabin.jpg"');
    const preview = await get(`/api/documents/media/${item._id}/preview`, holder.token);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect((await get(`/api/documents/media/${item._id}/download`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/documents/media/${item._id}/preview`, other.token)).statusCode).toBe(404);
  });

  it('checks the type against the file, and updates and deletes the item and its file', async () => {
    const { project, holder } = await freshProject();
    const url = `/api/documents/media?userId=${holder.id}&projectId=${project.id}`;
    const before = filesOnDisk(uploads).length;
    const wrong = await send(
      'POST',
      url,
      { title: 'Tour', type: 'photo' },
      { data: sampleWebm(), name: 'tour.webm' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'The file is a video, but the type says photo',
      code: 'documents.file_video_type_photo',
    });
    const pdf = await send('POST', url, { title: 'Doc' }, { data: await samplePdf(), name: 'doc.pdf' });
    expect(pdf.json().message).toMatch(/Upload a photo .* or a video/);
    expect(pdf.json().code).toBe('documents.unsupported_media');
    const noTitle = await send('POST', url, { type: 'photo' });
    expect(noTitle.json()).toMatchObject({ message: 'Title is required', code: 'documents.title_required' });
    const badUrl = await send('POST', url, { title: 'Linked', type: 'photo', url: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toMatch(/^URL must be a path on this site/);
    expect(filesOnDisk(uploads).length).toBe(before);

    const video = (
      await send('POST', url, { title: 'Tour', duration: '0:08' }, { data: sampleWebm(), name: 'tour.webm' })
    ).json().data;
    expect(video).toMatchObject({ type: 'video', duration: '0:08', mimeType: 'video/webm', thumbnail: null });

    const put = await send('PUT', `/api/documents/media/${video._id}`, {
      title: 'Cabin tour',
      thumbnail: '/demo/video/aurora-tour-poster.jpg',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      title: 'Cabin tour',
      thumbnail: '/demo/video/aurora-tour-poster.jpg',
    });
    expect(put.json().data.url).toMatch(/^\/api\/media\/files\/u\//);

    // A document id is not a media id.
    const doc = await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: project.id });
    expect((await send('PUT', `/api/documents/media/${doc.id}`, { title: 'X' })).statusCode).toBe(404);

    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, video._id));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/media/${video._id}`,
      headers: bearer(adminToken),
    });
    expect(del.json()).toEqual({ success: true, message: 'Media deleted' });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(row!.fileKey!))).toBe(false);
  });

  it('stops media over UPLOAD_MAX_BYTES with 413 on upload and on replacement, storing and changing nothing', async () => {
    const { project, holder } = await freshProject();
    const url = `/api/documents/media?userId=${holder.id}&projectId=${project.id}`;
    const big = Buffer.concat([sampleJpeg(), Buffer.alloc(ctx.deps.config.uploadMaxBytes)]);
    const mediaRows = () =>
      ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.projectId, project.id), eq(documents.kind, 'media')));
    const files = filesOnDisk(uploads).sort();

    const create = await send(
      'POST',
      url,
      { title: 'Handover', type: 'photo' },
      { data: big, name: 'handover.jpg', type: 'image/jpeg' },
    );
    expect(create.statusCode).toBe(413);
    expect(create.json().message).toBe('The file is larger than the upload limit of 1 MB');
    expect(filesOnDisk(uploads).sort()).toEqual(files);
    expect(await mediaRows()).toEqual([]);

    const png = samplePng();
    const item = (await send('POST', url, { title: 'Keys' }, { data: png, name: 'keys.png' })).json().data;
    const [before] = await mediaRows();
    const filesWithItem = filesOnDisk(uploads).sort();
    const replace = await send(
      'PUT',
      `/api/documents/media/${item._id}?userId=${holder.id}&projectId=${project.id}`,
      { title: 'Keys, full size' },
      { data: big, name: 'keys.jpg', type: 'image/jpeg' },
    );
    expect(replace.statusCode).toBe(413);
    expect(replace.json().message).toBe('The file is larger than the upload limit of 1 MB');
    expect(filesOnDisk(uploads).sort()).toEqual(filesWithItem);
    expect(await mediaRows()).toEqual([before]);
    const dl = await get(`/api/documents/media/${item._id}/download`, holder.token);
    expect(dl.rawPayload.equals(png)).toBe(true);
  });
});
