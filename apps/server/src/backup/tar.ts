/**
 * A minimal ustar writer and reader for backup archives: regular files only, written and read as
 * streams. Kept in the repository so that backups need no extra package and no `tar` binary, and so
 * that reading accepts exactly what writing produces (no links, no pax headers, nothing outside the
 * archive's own folder names).
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  path: string;
  size: number;
  /** The file's bytes, exactly `size` of them. */
  body: AsyncIterable<Buffer> | Buffer;
  mtime?: Date;
}

function writeString(block: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit in ${length} bytes`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  writeString(block, value.toString(8).padStart(length - 1, '0') + '\0', offset, length);
}

/** Sizes beyond ustar's 8 GiB use the GNU base-256 form (high bit set, big-endian). */
function writeSize(block: Buffer, size: number) {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(block, size, 124, 12);
  block[124] = 0x80;
  let v = BigInt(size);
  for (let i = 135; i > 124; i--) {
    block[i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

function splitPath(p: string): { name: string; prefix: string } {
  if (Buffer.byteLength(p) <= 100) return { name: p, prefix: '' };
  const cut = p.lastIndexOf('/', 155);
  const prefix = p.slice(0, cut);
  const name = p.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155)
    throw new Error(`tar: path too long: ${p}`);
  return { name, prefix };
}

export function tarHeader(entry: Pick<TarEntry, 'path' | 'size' | 'mtime'>): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitPath(entry.path);
  writeString(block, name, 0, 100);
  writeOctal(block, 0o600, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeSize(block, entry.size);
  writeOctal(block, Math.floor((entry.mtime ?? new Date()).getTime() / 1000), 136, 12);
  block.fill(0x20, 148, 156);
  block[156] = 0x30; // '0': regular file
  writeString(block, 'ustar\u000000', 257, 8);
  writeString(block, prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return block;
}

/** The archive as a stream of chunks: each entry's header, bytes and padding, then the end marker. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield tarHeader(entry);
    let written = 0;
    const chunks = Buffer.isBuffer(entry.body) ? [entry.body] : entry.body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) throw new Error(`tar: ${entry.path} grew while it was being archived`);
      yield chunk;
    }
    if (written !== entry.size)
      throw new Error(`tar: ${entry.path} changed size while it was being archived`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

export class TarFormatError extends Error {}

function readString(block: Buffer, offset: number, length: number): string {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) {
    let v = 0n;
    for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(block[i]!);
    return Number(v);
  }
  const text = readString(block, 124, 12).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('The archive is damaged (bad entry size).');
  return parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = parseInt(readString(block, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return stored === sum;
}

export interface TarSink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

/**
 * Reads an archive, calling `onEntry` for each regular file and feeding its bytes to the sink it
 * returns. Anything but regular files is refused, and so is an archive that ends early.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: { path: string; size: number }) => Promise<TarSink> | TarSink,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let sink: TarSink | null = null;
  let remaining = 0;
  let padding = 0;
  let ended = false;

  for await (const chunk of source) {
    if (ended) continue;
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (sink) {
        if (!pending.length) break;
        const take = Math.min(remaining, pending.length);
        if (take) await sink.write(pending.subarray(0, take));
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining > 0) break;
        await sink.end();
        sink = null;
        continue;
      }
      if (padding) {
        const skip = Math.min(padding, pending.length);
        pending = pending.subarray(skip);
        padding -= skip;
        if (padding) break;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        break;
      }
      if (!checksumOk(block)) throw new TarFormatError('The archive is damaged (bad header checksum).');
      const type = String.fromCharCode(block[156]!);
      if (type !== '0' && type !== '\0')
        throw new TarFormatError(`The archive holds an unsupported entry type "${type}".`);
      const prefix = readString(block, 345, 155);
      const name = readString(block, 0, 100);
      const size = readSize(block);
      sink = await onEntry({ path: prefix ? `${prefix}/${name}` : name, size });
      remaining = size;
      padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (size === 0) {
        await sink.end();
        sink = null;
      }
    }
  }
  if (!ended) throw new TarFormatError('The archive is incomplete (it ends before its last entry).');
}
