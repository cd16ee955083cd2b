import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileTooLargeError, KEY_PATTERN, storageKey, type FileStorage } from './file-storage';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2…); AWS's own when unset. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: most self-hosted servers need it. */
  forcePathStyle: boolean;
}

/** Passes `length` bytes after skipping `skip`, then stops reading. */
function sliceBytes(skip: number, length: number) {
  return async function* (chunks: AsyncIterable<Buffer>) {
    let toSkip = skip;
    let left = length;
    for await (const chunk of chunks) {
      const from = Math.min(toSkip, chunk.length);
      toSkip -= from;
      const part = chunk.subarray(from, from + left);
      left -= part.length;
      if (part.length) yield part;
      if (left === 0) return;
    }
  };
}

/** A client of the settings' bucket (the uploads' storage, and the backups kept beside them). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers do not take the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects live under this prefix, mirroring DATA_DIR/uploads, so a bucket can hold other things too. */
const PREFIX = 'uploads/';

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Uploaded files in an S3-compatible bucket through the AWS SDK v3. Uploads stream through a multipart
 * upload (at most `queueSize` parts of `partSize` in memory), counted and hashed on the way, and a
 * failed, cut-off or oversized upload is aborted and its object deleted. Reads stream the object (or a
 * byte range of it) back through the app, which keeps the authorization.
 */
export function createS3Storage(
  settings: S3Settings,
  opts: { partSize?: number; queueSize?: number } = {},
): FileStorage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return PREFIX + key;
  };
  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }));

  return {
    async put(source, putOpts = {}) {
      const key = storageKey(putOpts);
      const Key = objectKey(key);
      const hash = crypto.createHash('sha256');
      if (Buffer.isBuffer(source)) {
        if (putOpts.maxBytes !== undefined && source.length > putOpts.maxBytes) throw new FileTooLargeError();
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentLength: source.length }));
        return { key, size: source.length, sha256: hash.update(source).digest('hex') };
      }
      let size = 0;
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: 'application/octet-stream' },
        partSize: opts.partSize ?? 5 * 1024 * 1024,
        queueSize: opts.queueSize ?? 2,
        leavePartsOnError: false,
      });
      const feeding = pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (putOpts.maxBytes !== undefined && size > putOpts.maxBytes) throw new FileTooLargeError();
            hash.update(chunk);
            yield chunk;
          }
        },
        body,
      );
      // When S3 fails first, the body is destroyed so that the feeding (and the source) stops too.
      const uploading = upload.done().catch((err: unknown) => {
        body.destroy(err as Error);
        throw err;
      });
      const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
      let failure: unknown =
        fed.status === 'rejected' ? fed.reason : uploaded.status === 'rejected' ? uploaded.reason : null;
      // @fastify/multipart marks a truncated stream instead of throwing
      if (!failure && (source as Readable & { truncated?: boolean }).truncated)
        failure = new FileTooLargeError();
      if (failure) {
        await upload.abort().catch(() => undefined);
        // A single-part upload may have completed before the failure was seen: delete it.
        await remove(Key).catch(() => undefined);
        throw failure;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    get(key, range) {
      const Key = objectKey(key);
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader that stops early (a closed connection) stops the request too.
      out.once('close', () => {
        if (!out.readableEnded) abort.abort();
      });
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal: abort.signal },
        )
        .then((res) => {
          const body = res.Body as Readable;
          if (!range) return pipeline(body, out);
          // A server that ignores part of the Range (s3rver answers bytes=0-0 whole) is cut to it here.
          const skip = res.ContentRange?.startsWith(`bytes ${range.start}-`) ? 0 : range.start;
          return pipeline(body, sliceBytes(skip, range.end - range.start + 1), out);
        })
        .catch((err: unknown) => {
          if (!out.destroyed) out.destroy(err as Error);
        });
      return out;
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await remove(objectKey(key));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(PREFIX.length) ?? '';
          if (KEY_PATTERN.test(key)) yield { key, size: o.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
