import crypto from 'node:crypto';
import { statusErrorCode } from '@portal/i18n';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import { FIRST_LOAD_ID, type PageSession } from './page-session';

/** The built web app: apps/web/dist, found from the source tree or the server's dist folder. */
export function findWebDist(explicit?: string): string | undefined {
  if (explicit) return fs.existsSync(path.join(explicit, 'index.html')) ? explicit : undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** The text files of the build, kept in memory; everything else (photos, video) is read from disk. */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const SAFE_PATH = /^[\w\-./@~+]+$/;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface KeptFile {
  type: string;
  cacheControl: string;
  etag: string;
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  /** The encodings kept beside the file, best first. */
  encodings: Encoding[];
}

/** Hashed build output never changes under its name; every other file is checked on each use. */
const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * The encoding to send, from Accept-Encoding: brotli before gzip when both are accepted and kept, none
 * when neither is (or when the browser gives them q=0).
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding || !available.length) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return ENCODINGS.find((e) => available.includes(e) && (accepted.has(e) || accepted.has('*')));
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Reads the build once: each text file with its precompressed variants, and the list of the other
 * files. The build does not change while the server runs (a new build means a new start).
 */
function readBuild(root: string) {
  const kept = new Map<string, KeptFile>();
  const onDisk: string[] = [];
  for (const file of walk(root)) {
    if (file.endsWith('.gz') || file.endsWith('.br')) continue;
    // Source maps are build artefacts for debugging, not for the public: they would hand out the source.
    if (file.endsWith('.map')) continue;
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
    // A route's path is a pattern (':' and '*' mean parameters); the build's names never need more than this.
    if (!SAFE_PATH.test(urlPath)) continue;
    const type = TEXT_TYPES[path.extname(file)];
    if (!type) {
      onDisk.push(urlPath);
      continue;
    }
    const identity = fs.readFileSync(file);
    const bodies: KeptFile['bodies'] = { identity };
    for (const e of ENCODINGS)
      if (fs.existsSync(file + SUFFIX[e])) bodies[e] = fs.readFileSync(file + SUFFIX[e]);
    const etag = `"${crypto.createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
    const encodings = ENCODINGS.filter((e) => bodies[e]);
    kept.set(urlPath, { type, cacheControl: cacheControlFor(urlPath), etag, bodies, encodings });
  }
  return { kept, onDisk };
}

function sendKept(file: KeptFile, request: FastifyRequest, reply: FastifyReply) {
  void reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === file.etag))
    return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding'], file.encodings);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(encoding ? file.bodies[encoding] : file.bodies.identity);
}

/**
 * The page with the signed-in investor's first-load answers in a data block ahead of the head script
 * (ADR 023): a `<script type="application/json">`, which is never run (the CSP's `script-src 'self'`
 * stands), read by the web app before its first render. It carries user data, so it is never stored.
 */
function sendPageWithData(html: string, data: string, request: FastifyRequest, reply: FastifyReply) {
  const at = html.indexOf('<script');
  const body = Buffer.from(
    `${html.slice(0, at)}<script type="application/json" id="${FIRST_LOAD_ID}">${data}</script>${html.slice(at)}`,
  );
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding, cookie');
  const encoding = pickEncoding(request.headers['accept-encoding'], ENCODINGS);
  if (!encoding) return reply.send(body);
  void reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br'
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(body, { level: 6 }),
  );
}

/**
 * Serves the built app and answers every other GET that is not an API call with index.html, so client
 * routes survive a reload. The text files (scripts, styles, the page) are answered from memory,
 * precompressed (brotli or gzip, as the browser accepts): a first visit asks for some thirty of them at
 * once, and reading each from disk cost the server ten times an API answer. Photos and video are sent
 * from disk, with ranges.
 */
export async function webAppPlugin(app: App, opts: { root: string | undefined; pageSession?: PageSession }) {
  const root = opts.root;
  const build = root ? readBuild(root) : undefined;
  const index = build?.kept.get('/index.html');
  const indexHtml = index?.bodies.identity.toString('utf8');
  /** index.html, with the first-load answers when the page and its page cookie call for them. */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const data = opts.pageSession ? await opts.pageSession.firstLoad(request, reply) : null;
    if (data && indexHtml) return sendPageWithData(indexHtml, data, request, reply);
    return sendKept(index!, request, reply);
  };
  if (root && build) {
    // Only reply.sendFile: each file gets its own route below, so an unknown path never searches the disk.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      setHeaders(res, filePath) {
        const urlPath = '/' + path.relative(root, filePath).split(path.sep).join('/');
        res.header('cache-control', cacheControlFor(urlPath));
      },
    });
    for (const [urlPath, file] of build.kept)
      app.get(urlPath, (request, reply) => sendKept(file, request, reply));
    if (index) app.get('/', sendIndex);
    for (const urlPath of build.onDisk)
      app.get(urlPath, (_request, reply) => reply.sendFile(urlPath.slice(1)));
    // Browsers ask for /favicon.ico wherever a page names no icon (a PDF or text file opened in a tab).
    if (build.kept.has('/favicon.svg') && !build.kept.has('/favicon.ico'))
      app.get('/favicon.ico', (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
      );
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]!);
    if (index && isPage) return sendIndex(request, reply);
    return reply
      .status(404)
      .send({ success: false, message: 'Not found', error: 'Not found', code: statusErrorCode(404) });
  });
}
