// Where uploaded files' bytes live (issue 19): a folder on this machine by default, an S3-compatible
// bucket when S3_BUCKET is set. The database row (table `files`) says what a file is; the storage
// only keeps bytes under a key, `<companyId>/<fileId>`.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { FileStorageConfig } from '../config.ts';

export type FileStorage = {
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Removing what is not there succeeds: a retried clean-up must not fail. */
  delete(key: string): Promise<void>;
};

/** The key a file's bytes are stored under: the company's folder keeps one company's files together. */
export function storageKeyOf(companyId: string, fileId: string): string {
  return `${companyId}/${fileId}`;
}

// Keys are made by storageKeyOf from ids the server generated; anything else is a bug, never a path.
const KEY_PATTERN = /^[0-9a-zA-Z-]+\/[0-9a-zA-Z-]+$/;
function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Files under `dir` (data/uploads unless UPLOAD_DIR says otherwise), folders made as needed. */
export function diskFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, ...checkedKey(key).split('/'));
    if (!path.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A file cut short by a crash is never read: its row is written only after this returned.
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...): plain PUT / GET / DELETE of objects, each request
 * signed with SigV4 by aws4fetch (a small signer over fetch; the AWS SDK would be many times its size).
 */
export function s3FileStorage(config: Extract<FileStorageConfig, { kind: 's3' }>, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region, retries: 2 });
  const endpoint = new URL(config.endpoint);
  const urlOf = (key: string) => {
    const path = checkedKey(key);
    return config.forcePathStyle
      ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${path}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${path}`;
  };
  const send = async (key: string, init: RequestInit) => fetchImpl(await client.sign(urlOf(key), init));
  const failure = async (what: string, key: string, response: Response) =>
    new Error(`S3 ${what} of ${key} failed: ${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`);
  return {
    async put(key, bytes, contentType) {
      // The payload's hash is signed too, so the store refuses bytes changed on the way.
      const headers = { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength), 'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex') };
      const response = await send(key, { method: 'PUT', body: bytes, headers });
      if (!response.ok) throw await failure('upload', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure('download', key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      // S3 answers 204 for a key that was never there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw await failure('deletion', key, response);
      await response.body?.cancel();
    },
  };
}

export function createFileStorage(config: FileStorageConfig): FileStorage {
  return config.kind === 's3' ? s3FileStorage(config) : diskFileStorage(config.dir);
}
