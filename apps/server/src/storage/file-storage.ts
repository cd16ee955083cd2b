import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface PutOptions {
  maxBytes?: number;
  extension?: string;
  /** Store under this key instead of a fresh one (restoring a backup); a key of the usual shape only. */
  key?: string;
}

/**
 * Where uploaded files live: the local disk below (the embedded default) or S3-compatible object
 * storage (`s3-storage.ts`, when S3_BUCKET is set). The same contract tests run against both.
 */
export interface FileStorage {
  /** Streams a file in; over `maxBytes` or broken off, it fails with nothing left behind. */
  put(source: Readable | Buffer, opts?: PutOptions): Promise<StoredFile>;
  /** The file, or the bytes start..end (inclusive) of it when a range is given. */
  get(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every stored file (for backups), in key order. */
  list(): AsyncIterable<{ key: string; size: number }>;
}

export class FileTooLargeError extends Error {}

export const KEY_PATTERN = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

/** A fresh server-generated key, or the given one when it has the usual shape. */
export function storageKey(opts: PutOptions): string {
  if (opts.key !== undefined) {
    if (!KEY_PATTERN.test(opts.key)) throw new Error('Invalid storage key');
    return opts.key;
  }
  return crypto.randomBytes(16).toString('hex') + (opts.extension ? `.${opts.extension}` : '');
}

/** Files under DATA_DIR/uploads with server-generated names; nothing from the client reaches a path. */
export function createLocalStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const fullPath = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(source, opts = {}) {
      const key = storageKey(opts);
      const file = fullPath(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const hash = crypto.createHash('sha256');
      let size = 0;
      const tmp = `${file}.part`;
      try {
        if (Buffer.isBuffer(source)) {
          if (opts.maxBytes !== undefined && source.length > opts.maxBytes) throw new FileTooLargeError();
          hash.update(source);
          size = source.length;
          await fsp.writeFile(tmp, source);
        } else {
          // The file is opened before anything is piped, and closed before a failure is reported, so the
          // clean-up below never runs before the file exists (a stream's own open could finish after it,
          // leaving a .part behind when the upload broke off at once).
          const handle = await fsp.open(tmp, 'w');
          const out = handle.createWriteStream();
          try {
            await pipeline(
              source,
              async function* (chunks: AsyncIterable<Buffer>) {
                for await (const chunk of chunks) {
                  size += chunk.length;
                  if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new FileTooLargeError();
                  hash.update(chunk);
                  yield chunk;
                }
              },
              out,
            );
          } finally {
            if (!out.closed)
              await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
          }
          // @fastify/multipart marks a truncated stream instead of throwing
          if ((source as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError();
        }
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    get(key, range) {
      return fs.createReadStream(fullPath(key), range);
    },
    async stat(key) {
      try {
        const s = await fsp.stat(fullPath(key));
        return { size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(fullPath(key), { force: true });
    },
    async *list() {
      const dirs = (await fsp.readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory());
      const found: { key: string; size: number }[] = [];
      for (const dir of dirs)
        for (const name of await fsp.readdir(path.join(root, dir.name)))
          if (KEY_PATTERN.test(name) && name.startsWith(dir.name))
            found.push({ key: name, size: (await fsp.stat(path.join(root, dir.name, name))).size });
      yield* found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
  };
}
