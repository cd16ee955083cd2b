import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, projectMedia } from '../../db/schema';
import { bearer, countQueries, createProject, investorIn, useAdminApp } from '../../../test/helpers';
import {
  createDocumentRow,
  createMediaRow,
  filesOnDisk,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleWebm,
  fileRequestsOf,
} from '../documents/test-support';
import { createFileUrls } from '../../lib/file-urls';

const ctx = useAdminApp();
let uploads: string;

const investor = (projects: string[]) => investorIn(ctx, ...projects);

beforeAll(async () => {
  uploads = path.join(ctx.deps.config.dataDir, 'uploads');
});

const { get, send } = fileRequestsOf(ctx, () => ctx.admin.token);

const auditOf = (id: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'project-media'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

const titles = (res: { json(): { media: { title: string }[] } }) => res.json().media.map((m) => m.title);

describe('GET /api/media', () => {
  it("answers the project's active media by priority then date, with the investor's own media", async () => {
    const project = await createProject(ctx.db);
    const other = await createProject(ctx.db);
    const holder = await investor([project.id]);
    const neighbour = await investor([project.id]);
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    await createMediaRow(ctx.db, {
      projectId: project.id,
      title: 'Old but pinned',
      priority: 10,
      date: at('2023-01-01'),
    });
    const lake = await createMediaRow(ctx.db, {
      projectId: project.id,
      title: 'Lake',
      priority: 5,
      date: at('2026-02-14'),
      thumbnail: '/demo/photos/thumbs/aurora-lake.jpg',
      url: '/demo/photos/aurora-lake.jpg',
      description: 'The view from cabin 2',
    });
    await createMediaRow(ctx.db, {
      projectId: project.id,
      title: 'Newer, same priority',
      priority: 5,
      date: at('2026-03-01'),
    });
    await createMediaRow(ctx.db, { projectId: project.id, title: 'Unranked', date: at('2026-06-01') });
    await createMediaRow(ctx.db, {
      projectId: project.id,
      title: 'Foundations',
      type: 'behind-scenes',
      date: at('2023-09-15'),
    });
    await createMediaRow(ctx.db, { projectId: project.id, title: 'Draft', status: 'draft', priority: 99 });
    await createMediaRow(ctx.db, { projectId: project.id, title: 'Hidden', status: 'inactive' });
    await createMediaRow(ctx.db, { projectId: other.id, title: 'Elsewhere' });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      userId: holder.id,
      kind: 'media',
      type: 'photo',
      name: 'Your handover',
      url: '/demo/photos/aurora-cabin-night.jpg',
      uploadDate: at('2026-04-01'),
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      userId: neighbour.id,
      kind: 'media',
      type: 'photo',
      name: "The neighbour's handover",
    });
    await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      userId: holder.id,
      name: 'A PDF',
    });

    const res = await get(`/api/media?projectId=${project.id}`, holder.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(titles(res)).toEqual([
      'Old but pinned',
      'Newer, same priority',
      'Lake',
      'Unranked',
      'Your handover',
      'Foundations',
    ]);
    expect(res.json().media[2]).toEqual({
      _id: lake.id,
      projectId: project.id,
      title: 'Lake',
      type: 'photo',
      thumbnail: '/demo/photos/thumbs/aurora-lake.jpg',
      url: '/demo/photos/aurora-lake.jpg',
      downloadUrl: '/demo/photos/aurora-lake.jpg',
      description: 'The view from cabin 2',
      status: 'active',
      priority: 5,
      duration: null,
      date: '2026-02-14T10:00:00.000Z',
      hasFile: false,
      fileName: null,
      fileSize: null,
      mimeType: null,
      personal: false,
    });
    expect(res.json().media[4]).toMatchObject({ personal: true, type: 'photo', status: 'active' });

    // The admin sees the project's active media only (no personal items of anyone).
    expect(titles(await get(`/api/media?projectId=${project.id}`, ctx.admin.token))).not.toContain(
      'Your handover',
    );
    expect(titles(await get(`/api/media?projectId=${project.id}`, neighbour.token))).toContain(
      "The neighbour's handover",
    );
  });

  it('asks for the project and answers 404 for a project the investor does not hold', async () => {
    const project = await createProject(ctx.db);
    const outsider = await investor([]);
    const missing = await get('/api/media', outsider.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Project ID is required');
    const res = await get(`/api/media?projectId=${project.id}`, outsider.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
    expect((await get(`/api/media?projectId=${project.id}`)).statusCode).toBe(401);
  });

  it('takes the same number of queries for 2 items as for 30', async () => {
    const project = await createProject(ctx.db);
    const holder = await investor([project.id]);
    const count = async () => {
      let n = 0;
      const queries = await countQueries(ctx, async () => {
        n = (await get(`/api/media?projectId=${project.id}`, holder.token)).json().media.length;
      });
      return { queries, n };
    };
    for (let i = 0; i < 2; i++) await createMediaRow(ctx.db, { projectId: project.id });
    const few = await count();
    for (let i = 0; i < 28; i++) await createMediaRow(ctx.db, { projectId: project.id });
    const many = await count();
    expect([few.n, many.n]).toEqual([2, 30]);
    expect(many.queries).toBe(few.queries);
    expect(many.queries).toBeLessThanOrEqual(4);
  });
});

describe('admin media', () => {
  it('lists every status for admins only', async () => {
    const project = await createProject(ctx.db);
    const holder = await investor([project.id]);
    await createMediaRow(ctx.db, { projectId: project.id, title: 'Live', priority: 1 });
    await createMediaRow(ctx.db, { projectId: project.id, title: 'Draft', status: 'draft' });
    const res = await get(`/api/media/admin?projectId=${project.id}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(titles(res)).toEqual(['Live', 'Draft']);
    const denied = await get(`/api/media/admin?projectId=${project.id}`, holder.token);
    expect(denied.statusCode).toBe(403);
  });

  it("answers 'Title, Type, and Description are required' when the title, type or description is missing", async () => {
    const project = await createProject(ctx.db);
    const full = { projectId: project.id, title: 'Sauna', type: 'photo', description: 'By the lake' };
    for (const blank of ['title', 'type', 'description'] as const) {
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: bearer(ctx.admin.token),
        payload: { ...full, [blank]: '' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe('Title, Type, and Description are required');
      const { [blank]: _, ...rest } = full;
      const form = await send('POST', '/api/media', rest);
      expect(form.json().message).toBe('Title, Type, and Description are required');
    }
    const badType = await send('POST', '/api/media', { ...full, type: 'podcast' });
    expect(badType.json().message).toBe('Type must be photo, video or behind-scenes');
    const badUrl = await send('POST', '/api/media', { ...full, thumbnail: 'https://tracker.example/p.gif' });
    expect(badUrl.json().message).toMatch(/^Thumbnail must be a path on this site/);
    const noProject = await send('POST', '/api/media', { ...full, projectId: '' });
    expect(noProject.json().message).toBe('Project ID is required');
    const ghost = await send('POST', '/api/media', { ...full, projectId: crypto.randomUUID() });
    expect(ghost.statusCode).toBe(404);
    const investorTry = await send(
      'POST',
      '/api/media',
      full,
      undefined,
      (await investor([project.id])).token,
    );
    expect(investorTry.statusCode).toBe(403);
    expect(await ctx.db.select().from(projectMedia).where(eq(projectMedia.projectId, project.id))).toEqual(
      [],
    );
  });

  it('creates an item from JSON with the defaults (priority 0, active)', async () => {
    const project = await createProject(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: bearer(ctx.admin.token),
      payload: {
        projectId: project.id,
        title: 'Sauna',
        type: 'photo',
        description: 'By the lake',
        url: '/demo/photos/aurora-sauna.jpg',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Sauna',
      priority: 0,
      status: 'active',
      url: '/demo/photos/aurora-sauna.jpg',
      hasFile: false,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project-media'), eq(auditLog.entityId, res.json().data._id)));
    expect(entry?.action).toBe('create');
  });

  it('serves an uploaded photo at a signed address without the bearer header, and only while it is valid', async () => {
    const project = await createProject(ctx.db);
    const holder = await investor([project.id]);
    const png = samplePng();
    const res = await send(
      'POST',
      '/api/media',
      {
        projectId: project.id,
        title: 'Sauna',
        type: 'photo',
        description: 'New',
        priority: '7',
        date: '2026-08-20',
      },
      { data: png, name: 'sauna.png', type: 'image/png' },
    );
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({ priority: 7, date: '2026-08-20T00:00:00.000Z', mimeType: 'image/png' });
    const [listed] = (await get(`/api/media?projectId=${project.id}`, holder.token)).json().media;
    expect(listed.url).toMatch(/^\/api\/media\/files\/p\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]{43}$/);
    expect(listed.thumbnail).toBe(listed.url);

    const img = await get(listed.url);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-security-policy']).toBe('sandbox');
    expect(img.headers['content-disposition']).toMatch(/^inline; filename="Sauna.png"/);
    expect(img.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const dl = await get(listed.downloadUrl);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="Sauna.png"/);

    const u = new URL(listed.url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const tampered = `${u.pathname}?exp=${u.searchParams.get('exp')}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(tampered)).statusCode).toBe(403);
    const longer = `${u.pathname}?exp=${Number(u.searchParams.get('exp')) + 3600}&sig=${sig}`;
    expect((await get(longer)).statusCode).toBe(403);
    const inlineAsDownload = `${listed.url}&download=1`;
    expect((await get(inlineAsDownload)).statusCode).toBe(403);
    const otherId = listed.url.replace(item._id, crypto.randomUUID());
    expect((await get(otherId)).statusCode).toBe(403);
    const lastWeek = createFileUrls(ctx.deps.config.jwtSecrets, () => Date.now() - 7 * 24 * 3600 * 1000);
    const expired = await get(lastWeek.sign('p', item._id));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      message: 'This link has expired. Reload the page to get a new one.',
      code: 'media.link_expired',
    });
    const forged = createFileUrls('another-secret-another-secret-another-secret');
    expect((await get(forged.sign('p', item._id))).statusCode).toBe(403);
  });

  it('streams byte ranges of an uploaded video so that it can seek', async () => {
    const project = await createProject(ctx.db);
    const webm = sampleWebm();
    const item = (
      await send(
        'POST',
        '/api/media',
        {
          projectId: project.id,
          title: 'Tour',
          type: 'video',
          description: 'Around the lake',
          duration: '0:08',
        },
        { data: webm, name: 'tour.webm', type: 'video/webm' },
      )
    ).json().data;
    expect(item).toMatchObject({ type: 'video', duration: '0:08', thumbnail: null, mimeType: 'video/webm' });
    const full = await get(item.url);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(webm)).toBe(true);
    const part = await get(item.url, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(100, 200))).toBe(true);
    const tail = await get(item.url, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(webm.subarray(webm.length - 10))).toBe(true);
    const beyond = await get(item.url, undefined, { range: `bytes=${webm.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${webm.length}`);
  });

  it('checks the file against the type, leaving nothing behind when it is refused', async () => {
    const project = await createProject(ctx.db);
    const before = filesOnDisk(uploads).length;
    const base = { projectId: project.id, title: 'X', description: 'Y' };
    const video = await send(
      'POST',
      '/api/media',
      { ...base, type: 'photo' },
      { data: sampleWebm(), name: 't.webm' },
    );
    expect(video.json()).toMatchObject({
      message: 'The file is a video: choose the type video or behind-scenes',
      code: 'media.file_is_video',
    });
    const photo = await send(
      'POST',
      '/api/media',
      { ...base, type: 'video' },
      { data: sampleJpeg(), name: 'p.jpg' },
    );
    expect(photo.json()).toMatchObject({
      message: 'The file is a photo: choose the type photo or behind-scenes',
      code: 'media.file_is_photo',
    });
    const pdf = await send(
      'POST',
      '/api/media',
      { ...base, type: 'photo' },
      { data: await samplePdf(), name: 'p.pdf' },
    );
    expect(pdf.statusCode).toBe(400);
    // The file may come before the fields: the project is checked after it is stored, and it is removed.
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(sampleJpeg())], { type: 'image/jpeg' }), 'p.jpg');
    for (const [k, v] of Object.entries({ ...base, type: 'behind-scenes', projectId: crypto.randomUUID() }))
      body.append(k, v);
    const r = new Response(body);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: Buffer.from(await r.arrayBuffer()),
      headers: { 'content-type': r.headers.get('content-type')!, ...bearer(ctx.admin.token) },
    });
    expect(late.statusCode).toBe(404);
    expect(filesOnDisk(uploads).length).toBe(before);
  });

  it('updates fields and the file, and deletes the item and its file; the old address stops working', async () => {
    const project = await createProject(ctx.db);
    const item = (
      await send(
        'POST',
        '/api/media',
        { projectId: project.id, title: 'Frames', type: 'behind-scenes', description: 'Spring 2024' },
        { data: sampleJpeg(), name: 'frames.jpg' },
      )
    ).json().data;
    const [first] = await ctx.db.select().from(projectMedia).where(eq(projectMedia.id, item._id));
    const put = await send(
      'PUT',
      `/api/media/${item._id}`,
      { status: 'inactive', priority: '3' },
      { data: samplePng(), name: 'frames.png' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      title: 'Frames',
      status: 'inactive',
      priority: 3,
      mimeType: 'image/png',
      description: 'Spring 2024',
    });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(first!.fileKey!))).toBe(false);
    const cleared = await send('PUT', `/api/media/${item._id}`, { title: ' ' });
    expect(cleared.json().message).toBe('Title, Type, and Description are required');
    const typeClash = await send('PUT', `/api/media/${item._id}`, { type: 'video' });
    expect(typeClash.json().message).toBe('The file is a photo: choose the type photo or behind-scenes');
    expect((await send('PUT', `/api/media/${crypto.randomUUID()}`, { title: 'X' })).statusCode).toBe(404);

    const [second] = await ctx.db.select().from(projectMedia).where(eq(projectMedia.id, item._id));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/${item._id}`,
      headers: bearer(ctx.admin.token),
    });
    expect(del.json()).toEqual({ success: true, message: 'Media deleted' });
    expect(filesOnDisk(uploads).some((f) => f.endsWith(second!.fileKey!))).toBe(false);
    expect((await get(put.json().data.url)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/${item._id}`,
      headers: bearer(ctx.admin.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('records who updated and who deleted an item in the audit log, with what changed', async () => {
    const project = await createProject(ctx.db);
    const item = (
      await send(
        'POST',
        '/api/media',
        { projectId: project.id, title: 'Jetty', type: 'photo', description: 'At dawn' },
        { data: sampleJpeg(), name: 'jetty.jpg' },
      )
    ).json().data;
    const fieldsOnly = await send('PUT', `/api/media/${item._id}`, { title: 'Jetty at dawn', priority: '4' });
    expect(fieldsOnly.statusCode).toBe(200);
    const withFile = await send(
      'PUT',
      `/api/media/${item._id}`,
      { status: 'draft' },
      { data: samplePng(), name: 'jetty.png' },
    );
    expect(withFile.statusCode).toBe(200);
    // A refused update is not recorded.
    expect((await send('PUT', `/api/media/${item._id}`, { title: '' })).statusCode).toBe(400);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/${item._id}`,
      headers: bearer(ctx.admin.token),
    });
    expect(del.statusCode).toBe(200);

    const entries = await auditOf(item._id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['create', ctx.admin.id],
      ['update', ctx.admin.id],
      ['update', ctx.admin.id],
      ['delete', ctx.admin.id],
    ]);
    // The title and project name the entry in the log's sentence ("… changed the media item “Jetty at dawn” at …").
    const named = { title: 'Jetty at dawn', projectId: project.id };
    expect(entries[1]!.details).toEqual({ ...named, fields: ['title', 'priority'], fileReplaced: false });
    expect(entries[2]!.details).toEqual({ ...named, fields: ['status'], fileReplaced: true });
    expect(entries[3]!.details).toEqual(named);
    // Deleting an item that is gone records nothing more.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/${item._id}`,
      headers: bearer(ctx.admin.token),
    });
    expect(await auditOf(item._id)).toHaveLength(4);
  });

  it('stops a file over UPLOAD_MAX_BYTES with 413 on create and on replacement, storing and changing nothing', async () => {
    const project = await createProject(ctx.db);
    const big = Buffer.concat([sampleJpeg(), Buffer.alloc(ctx.deps.config.uploadMaxBytes)]);
    const filesBefore = filesOnDisk(uploads).sort();

    const create = await send(
      'POST',
      '/api/media',
      { projectId: project.id, title: 'Panorama', type: 'photo', description: 'The whole lake' },
      { data: big, name: 'panorama.jpg', type: 'image/jpeg' },
    );
    expect(create.statusCode).toBe(413);
    expect(create.json().message).toBe('The file is larger than the upload limit of 1 MB');
    expect(filesOnDisk(uploads).sort()).toEqual(filesBefore);
    expect(await ctx.db.select().from(projectMedia).where(eq(projectMedia.projectId, project.id))).toEqual(
      [],
    );

    const item = (
      await send(
        'POST',
        '/api/media',
        { projectId: project.id, title: 'Pier', type: 'photo', description: 'Small' },
        { data: samplePng(), name: 'pier.png' },
      )
    ).json().data;
    const [before] = await ctx.db.select().from(projectMedia).where(eq(projectMedia.id, item._id));
    const filesWithItem = filesOnDisk(uploads).sort();
    const replace = await send(
      'PUT',
      `/api/media/${item._id}`,
      { title: 'Pier, larger' },
      { data: big, name: 'pier.jpg', type: 'image/jpeg' },
    );
    expect(replace.statusCode).toBe(413);
    expect(replace.json().message).toBe('The file is larger than the upload limit of 1 MB');
    expect(filesOnDisk(uploads).sort()).toEqual(filesWithItem);
    const [after] = await ctx.db.select().from(projectMedia).where(eq(projectMedia.id, item._id));
    expect(after).toEqual(before);
    expect((await get(item.url)).rawPayload.equals(samplePng())).toBe(true);
    expect((await auditOf(item._id)).map((e) => e.action)).toEqual(['create']);
  });
});
