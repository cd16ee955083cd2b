import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTar, tarHeader, tarStream, TarFormatError, type TarEntry } from './tar';

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of gen) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Feeds the archive in uneven chunks, as a gunzip stream would. */
async function* chunked(buf: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function readAll(archive: Buffer, chunkSize = 777): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await readTar(chunked(archive, chunkSize), ({ path }) => {
    const parts: Buffer[] = [];
    return {
      write: (c) => void parts.push(Buffer.from(c)),
      end: () => void out.set(path, Buffer.concat(parts)),
    };
  });
  return out;
}

describe('backup archive (ustar)', () => {
  const files: [string, Buffer][] = [
    ['manifest.json', Buffer.from('{"a":1}')],
    ['empty', Buffer.alloc(0)],
    ['one', Buffer.from('x')],
    ['block', crypto.randomBytes(512)],
    ['block-and-one', crypto.randomBytes(513)],
    [`uploads/${'d'.repeat(60)}/${'f'.repeat(90)}.bin`, crypto.randomBytes(70_001)],
  ];
  const entries = (): TarEntry[] => files.map(([path, body]) => ({ path, size: body.length, body }));

  it('reads back exactly what it wrote, in any chunking, in whole 512-byte blocks', async () => {
    const archive = await collect(tarStream(entries()));
    expect(archive.length % 512).toBe(0);
    for (const size of [1, 511, 512, 4096, archive.length]) {
      const read = await readAll(archive, size);
      expect([...read.keys()]).toEqual(files.map(([p]) => p));
      for (const [p, body] of files) expect(read.get(p)!.equals(body)).toBe(true);
    }
  });

  it('writes sizes beyond 8 GiB in base-256', () => {
    const header = tarHeader({ path: 'big', size: 2 ** 34 + 5 });
    expect(header[124]).toBe(0x80);
    expect(header.readBigUInt64BE(128)).toBe(2n ** 34n + 5n);
  });

  it('refuses an archive that ends early, a damaged header, and links', async () => {
    const archive = await collect(tarStream(entries()));
    await expect(readAll(archive.subarray(0, archive.length - 2048))).rejects.toThrow(TarFormatError);
    const bad = Buffer.from(archive);
    bad[3] = bad[3]! ^ 0xff;
    await expect(readAll(bad)).rejects.toThrow(/bad header checksum/);
    const link = tarHeader({ path: 'evil', size: 0 });
    link[156] = 0x32; // '2': symbolic link
    let sum = 0;
    link.fill(0x20, 148, 156);
    for (const b of link) sum += b;
    link.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
    await expect(readAll(Buffer.concat([link, Buffer.alloc(1024)]))).rejects.toThrow(
      /unsupported entry type "2"/,
    );
  });

  it('notices a file whose size differs from its header', async () => {
    await expect(collect(tarStream([{ path: 'x', size: 3, body: Buffer.from('ab') }]))).rejects.toThrow(
      /changed size/,
    );
  });
});
