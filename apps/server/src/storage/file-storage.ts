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

/** Where uploaded files live. The local-disk implementation below; S3-compatible storage fits the same shape. */
export interface FileStorage {
  put(source: Readable | Buffer, opts?: { maxBytes?: number; extension?: string }): Promise<StoredFile>;
  /** The file, or the bytes start..end (inclusive) of it when a range is given. */
  get(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {}

const KEY_PATTERN = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

/** Files under DATA_DIR/uploads with server-generated names; nothing from the client reaches a path. */
export function createLocalStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const fullPath = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(source, opts = {}) {
      const key = crypto.randomBytes(16).toString('hex') + (opts.extension ? `.${opts.extension}` : '');
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
  };
}
