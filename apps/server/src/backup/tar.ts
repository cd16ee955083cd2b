import { extract as createExtract, pack as createPack, type Header } from 'tar-stream';

/**
 * The backup archive's tar layer, on tar-stream: regular files only, written and read as streams.
 * Reading is stricter than tar-stream: only regular files, only relative paths that stay inside the
 * archive, sizes that are whole numbers, and the end-of-archive marker must be there.
 */

const BLOCK = 512;
/** The end-of-archive marker: two zero blocks. */
const END_MARKER = 2 * BLOCK;

export interface TarEntry {
  path: string;
  size: number;
  /** The file's bytes, exactly `size` of them. */
  body: AsyncIterable<Buffer> | Buffer;
  mtime?: Date;
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

interface Emitter {
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** Resolves when a stream that refused a write (its buffer is full) wants more; rejects if it closes first. */
function drained(stream: Emitter): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('tar: the stream was closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/** The archive as a stream of chunks: each entry's header, bytes and padding, then the end marker. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  const pack = createPack();
  const write = async () => {
    for await (const entry of entries) {
      let sink!: ReturnType<typeof pack.entry>;
      // Settles when the entry is complete in the archive, or has failed.
      const done = new Promise<void>((resolve, reject) => {
        sink = pack.entry(
          { name: entry.path, size: entry.size, mode: 0o600, mtime: entry.mtime, type: 'file' },
          (err) => (err ? reject(err) : resolve()),
        );
      });
      // Its failure is reported through `done` (or the pack's), not as an event nobody listens to.
      done.catch(() => {});
      sink.on('error', () => {});
      let written = 0;
      for await (const chunk of Buffer.isBuffer(entry.body) ? [entry.body] : entry.body) {
        written += chunk.length;
        if (written > entry.size) throw new Error(`tar: ${entry.path} grew while it was being archived`);
        if (!sink.write(chunk)) await drained(sink);
      }
      if (written !== entry.size)
        throw new Error(`tar: ${entry.path} changed size while it was being archived`);
      sink.end(null);
      await done;
    }
    pack.finalize();
  };
  write().catch((err: unknown) => pack.destroy(err as Error));
  try {
    for await (const chunk of pack) yield chunk as Buffer;
  } finally {
    pack.destroy();
  }
}

/** The typeflags of what tar-stream names, for messages. */
const TYPEFLAGS: Record<string, string> = {
  link: '1',
  symlink: '2',
  'character-device': '3',
  'block-device': '4',
  directory: '5',
  fifo: '6',
  'contiguous-file': '7',
};

/** A relative path of plain names: nothing absolute, no `.` or `..`, no empty part, no backslash or NUL. */
function isSafePath(p: string): boolean {
  if (!p || p.length > 1000 || /[\\\0]/.test(p)) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** tar-stream's own complaints (damaged headers, a cut-off archive), said for the person restoring. */
function formatError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const m = err.message;
  if (m.startsWith('Invalid tar header. Maybe'))
    return new TarFormatError('The archive is damaged (bad header checksum).');
  if (m === 'Invalid tar header: unknown format.')
    return new TarFormatError('The archive is damaged (not a ustar header).');
  if (m === 'Unexpected end of data')
    return new TarFormatError('The archive is incomplete (it ends before its last entry).');
  if (m === 'Invalid header') return new TarFormatError('The archive is damaged (bad entry size).');
  if (m === 'Header exceeds max size')
    return new TarFormatError('The archive is damaged (a header is too large).');
  return err;
}

function checkEntry(header: Header): { path: string; size: number } {
  const { name: path, size, type } = header;
  if (type !== 'file')
    throw new TarFormatError(`The archive holds an unsupported entry type "${TYPEFLAGS[type] ?? type}".`);
  if (!isSafePath(path))
    throw new TarFormatError(`The archive holds an unsafe path ${JSON.stringify(path)}.`);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new TarFormatError('The archive is damaged (bad entry size).');
  return { path, size };
}

export interface TarSink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

/**
 * Reads an archive, calling `onEntry` for each regular file and feeding its bytes to the sink it
 * returns. Anything but regular files with safe relative paths is refused, and so is an archive that
 * ends early or without its end marker. Errors of `source` and of the sinks are passed on as they are.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: { path: string; size: number }) => Promise<TarSink> | TarSink,
): Promise<void> {
  const extract = createExtract();
  let fed = 0;
  let sourceError: unknown = null;
  const feed = async () => {
    try {
      for await (const chunk of source) {
        if (extract.destroyed) return;
        fed += chunk.length;
        if (!extract.write(chunk)) await drained(extract);
      }
      extract.end(null);
    } catch (err) {
      sourceError ??= err;
      extract.destroy(err as Error);
    }
  };
  const feeding = feed();
  /** Where the last entry's bytes and padding end. */
  let endOfEntries = 0;
  try {
    for await (const entry of extract) {
      const { path, size } = checkEntry(entry.header);
      const sink = await onEntry({ path, size });
      for await (const chunk of entry) await sink.write(chunk as Buffer);
      await sink.end();
      endOfEntries = entry.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
    await feeding;
    if (sourceError) throw sourceError;
    // tar-stream skips zero blocks and accepts an archive cut off between two entries: what follows
    // the last entry (every block of it read as zeros) must be at least the end marker.
    if (fed - endOfEntries < END_MARKER)
      throw new TarFormatError('The archive is incomplete (it ends before its last entry).');
  } catch (err) {
    throw err === sourceError ? err : formatError(err);
  } finally {
    extract.destroy();
  }
}
