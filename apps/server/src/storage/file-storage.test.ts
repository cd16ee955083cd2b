import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createLocalStorage, FileTooLargeError, type FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

/**
 * The FileStorage contract, run against both implementations: the local disk (the embedded default)
 * and S3-compatible object storage (s3rver in this process).
 */

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.stop());

const filesIn = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [e.name]));

/**
 * Gives a file that a failed upload would open late (after the failure was reported) the time to appear:
 * without waiting for its own file to be opened and closed, the old storage left one in about one
 * failure in eight, a few milliseconds after the clean-up.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** A stream that fails after giving `chunks` chunks of `size` bytes (0: at once). */
function failingAfter(chunks: number, size = 1024): Readable {
  let given = 0;
  return new Readable({
    read() {
      if (given++ < chunks) this.push(Buffer.alloc(size, 7));
      else this.destroy(new Error('Unexpected end of form'));
    },
  });
}

/** `count` chunks of 1 MB. */
const megabytes = (count: number) =>
  Readable.from(Array.from({ length: count }, () => Buffer.alloc(1 << 20, 3)));

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

interface Implementation {
  name: string;
  make(): FileStorage;
  /** What is stored, seen from outside the interface too: no stray temporary file or object. */
  stored(storage: FileStorage): Promise<string[]>;
  /** Break-off rounds: the race it guards against is the local disk's. */
  rounds: number;
}

const listed = async (storage: FileStorage) => {
  const keys: string[] = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys;
};

const implementations: Implementation[] = [
  {
    name: 'local disk',
    make: () => createLocalStorage(root),
    stored: async (storage) => {
      const onDisk = filesIn(root).sort();
      expect(onDisk).toEqual(await listed(storage));
      return onDisk;
    },
    rounds: 40,
  },
  {
    name: 'S3-compatible',
    make: () => createS3Storage({ ...s3.settings }),
    stored: listed,
    rounds: 4,
  },
];

describe.each(implementations)('file storage: $name', (impl) => {
  beforeEach(async () => {
    if (impl.name === 'S3-compatible') {
      const storage = impl.make();
      for (const key of await listed(storage)) await storage.delete(key);
    }
  });

  it('stores a stream under a fresh key with its size and checksum, reads it whole and in ranges', async () => {
    const storage = impl.make();
    const put = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      extension: 'txt',
    });
    expect(put.key).toMatch(/^[a-f0-9]{32}\.txt$/);
    expect(put.size).toBe(11);
    expect(put.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9');
    expect(await impl.stored(storage)).toEqual([put.key]);
    expect(await storage.stat(put.key)).toEqual({ size: 11 });
    expect(await read(storage.get(put.key))).toBe('hello world');
    expect(await read(storage.get(put.key, { start: 6, end: 10 }))).toBe('world');
    expect(await read(storage.get(put.key, { start: 0, end: 0 }))).toBe('h');

    const buffer = await storage.put(Buffer.from('abc'), { key: 'ab'.repeat(16) + '.txt' });
    expect(buffer).toMatchObject({ key: 'ab'.repeat(16) + '.txt', size: 3 });
    expect(await impl.stored(storage)).toEqual([buffer.key, put.key].sort());

    await storage.delete(put.key);
    await storage.delete(put.key);
    expect(await storage.stat(put.key)).toBeNull();
    expect(await impl.stored(storage)).toEqual([buffer.key]);
    await expect(read(storage.get(put.key))).rejects.toThrow();
    expect(() => storage.get('../etc/passwd')).toThrow('Invalid storage key');
    await expect(storage.put(Buffer.from('x'), { key: '../x' })).rejects.toThrow('Invalid storage key');
  });

  it('stores a file of several parts', async () => {
    const storage = impl.make();
    const put = await storage.put(megabytes(11), { maxBytes: 12 << 20 });
    expect(put.size).toBe(11 << 20);
    expect(await storage.stat(put.key)).toEqual({ size: 11 << 20 });
    const tail = await read(storage.get(put.key, { start: (11 << 20) - 4, end: (11 << 20) - 1 }));
    expect(tail).toBe('\x03\x03\x03\x03');
    expect(await impl.stored(storage)).toEqual([put.key]);
  });

  it.each([0, 1, 5])('leaves nothing behind when the upload breaks off after %i chunks', async (chunks) => {
    const storage = impl.make();
    for (let i = 0; i < impl.rounds; i++)
      await expect(storage.put(failingAfter(chunks))).rejects.toThrow('Unexpected end of form');
    await settle();
    expect(await impl.stored(storage)).toEqual([]);
  });

  it('leaves nothing behind when the upload breaks off after some parts were sent', async () => {
    const storage = impl.make();
    await expect(storage.put(failingAfter(7, 1 << 20))).rejects.toThrow('Unexpected end of form');
    await settle();
    expect(await impl.stored(storage)).toEqual([]);
  });

  it('refuses a stream over the limit, small or of several parts, and leaves nothing behind', async () => {
    const storage = impl.make();
    await expect(
      storage.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
    ).rejects.toThrow(FileTooLargeError);
    await expect(storage.put(Buffer.alloc(1001), { maxBytes: 1000 })).rejects.toThrow(FileTooLargeError);
    await expect(storage.put(megabytes(13), { maxBytes: 12 << 20 })).rejects.toThrow(FileTooLargeError);
    // @fastify/multipart stops a part at its own limit and marks it truncated
    const truncated = Object.assign(Readable.from([Buffer.alloc(100)]), { truncated: true });
    await expect(storage.put(truncated)).rejects.toThrow(FileTooLargeError);
    await settle();
    expect(await impl.stored(storage)).toEqual([]);
  });
});
