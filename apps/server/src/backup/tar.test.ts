import crypto from 'node:crypto';
import { pack, type Header } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { readTar, tarStream, TarFormatError, type TarEntry } from './tar';

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of gen) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Feeds the archive in uneven chunks, as a gunzip stream would. */
async function* chunked(buf: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/** An archive written by tar-stream itself, with whatever headers a hostile archive could hold. */
async function rawArchive(entries: { header: Partial<Header> & { name: string }; body?: Buffer }[]) {
  const p = pack();
  for (const { header, body } of entries) p.entry(header, body ?? Buffer.alloc(0));
  p.finalize();
  return collect(p as AsyncIterable<Buffer>);
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

  it('writes sizes beyond 8 GiB in base-256', async () => {
    async function* oneByte() {
      yield Buffer.alloc(1);
      await new Promise(() => {});
    }
    const archive = tarStream([{ path: 'big', size: 2 ** 34 + 5, body: oneByte() }]);
    let header = Buffer.alloc(0);
    for await (const chunk of archive) {
      header = Buffer.concat([header, chunk]);
      if (header.length >= 512) break;
    }
    expect(header[124]).toBe(0x80);
    expect(header.readBigUInt64BE(128)).toBe(2n ** 34n + 5n);
  });

  it('refuses an archive that ends early, a damaged header, and links', async () => {
    const archive = await collect(tarStream(entries()));
    await expect(readAll(archive.subarray(0, archive.length - 2048))).rejects.toThrow(TarFormatError);
    const bad = Buffer.from(archive);
    bad[3] = bad[3]! ^ 0xff;
    await expect(readAll(bad)).rejects.toThrow(/bad header checksum/);
    const link = await rawArchive([{ header: { name: 'evil', type: 'symlink', linkname: '/etc/passwd' } }]);
    await expect(readAll(link)).rejects.toThrow(/unsupported entry type "2"/);
  });

  it('refuses hard links, folders and devices, whatever they are named', async () => {
    for (const [type, flag] of [
      ['link', '1'],
      ['directory', '5'],
      ['character-device', '3'],
      ['fifo', '6'],
    ] as const) {
      const archive = await rawArchive([
        { header: { name: 'manifest.json' }, body: Buffer.from('{}') },
        { header: { name: 'uploads/a', type, linkname: 'manifest.json' } },
      ]);
      await expect(readAll(archive)).rejects.toThrow(`unsupported entry type "${flag}"`);
    }
  });

  it('refuses paths that leave the archive: absolute, parent folders, backslashes, empty parts', async () => {
    for (const name of [
      '/etc/passwd',
      '../evil',
      'uploads/../../evil',
      'uploads/./x',
      'uploads//x',
      'uploads\\..\\x',
      'uploads/x/',
    ]) {
      const archive = await rawArchive([{ header: { name, type: 'file' }, body: Buffer.from('x') }]);
      await expect(readAll(archive), name).rejects.toThrow(/unsafe path|unsupported entry type "5"/);
    }
    // A pax header may rename the entry that follows: the name checked is the one it gives.
    const pax = await rawArchive([
      { header: { name: 'ok', type: 'file', pax: { path: '../../evil' } }, body: Buffer.from('x') },
    ]);
    await expect(readAll(pax)).rejects.toThrow('The archive holds an unsafe path "../../evil".');
  });

  it('refuses an archive cut off between two entries, where nothing is cut in half', async () => {
    const archive = await collect(tarStream(entries()));
    await expect(readAll(archive.subarray(0, archive.length - 1024))).rejects.toThrow(
      /The archive is incomplete/,
    );
    await expect(readAll(archive.subarray(0, archive.length - 512))).rejects.toThrow(
      /The archive is incomplete/,
    );
    expect((await readAll(archive)).size).toBe(files.length);
  });

  it('passes on the errors of its source and of the sinks as they are', async () => {
    const archive = await collect(tarStream(entries()));
    const broken = new Error('the disk went away');
    async function* failing() {
      yield archive.subarray(0, 4096);
      throw broken;
    }
    await expect(readTar(failing(), () => ({ write() {}, end() {} }))).rejects.toBe(broken);
    const refused = new Error('not this one');
    await expect(
      readTar(chunked(archive, 1000), ({ path }) => {
        if (path === 'block') throw refused;
        return { write() {}, end() {} };
      }),
    ).rejects.toBe(refused);
  });

  it('notices a file whose size differs from its header', async () => {
    await expect(collect(tarStream([{ path: 'x', size: 3, body: Buffer.from('ab') }]))).rejects.toThrow(
      /changed size/,
    );
  });
});
