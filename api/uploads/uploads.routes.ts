// Files (issue 19): uploads to a task, policy PDFs, download and removal. Bodies are the raw bytes
// (no multipart: the device sends a Blob as it is), up to UPLOAD_LIMITS.maxBytes, which is why these
// two routes are exempt from the API's 1 MiB body limit (api/app.ts) and count bytes themselves.
import { type Context, Hono } from 'hono';
import { FILE_TOO_LARGE_MESSAGE, UPLOAD_LIMITS } from '../../shared/uploads.ts';
import { pokePlans } from '../events/publish.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { clientUploadIdOf, deleteTaskFile, readStoredFile, storePolicyFile, uploadTaskFile } from './uploads.queries.ts';

/** The header a device names one upload with, so a retry is stored once. */
export const UPLOAD_ID_HEADER = 'X-Upload-Id';

const UPLOAD_PATH = /^\/api\/(tasks\/[^/]+\/files|policy-files)$/;

/** Requests whose body is a file: api/app.ts leaves them out of its 1 MiB limit. */
export function isFileUpload(method: string, path: string): boolean {
  return method === 'POST' && UPLOAD_PATH.test(path);
}

const tooLarge = () => new AppError(413, FILE_TOO_LARGE_MESSAGE);

/**
 * The body's bytes, refused with 413 as soon as it is known to be too large: from Content-Length
 * before reading, and by counting while reading (a chunked body declares no length).
 */
async function fileBytes(c: Context<AppEnv>): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length'));
  if (declared > UPLOAD_LIMITS.maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > UPLOAD_LIMITS.maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Content-Disposition for a download: an ASCII fallback, and the exact name (RFC 6266 / RFC 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const uploadsRoutes = new Hono<AppEnv>()
  .post('/tasks/:taskId/files', requireUser, async (c) => {
    const user = currentUser(c);
    const clientUploadId = clientUploadIdOf(c.req.header(UPLOAD_ID_HEADER));
    const bytes = await fileBytes(c);
    const { deps } = c.var;
    const result = await uploadTaskFile(deps.db, deps.files, user, { taskId: c.req.param('taskId'), name: c.req.query('name') ?? '', bytes, clientUploadId });
    if (!result.replayed) await pokePlans(deps, user.companyId, 'tasks', [result.plan], { doers: result.assigneeId ? [result.assigneeId] : [] });
    return c.json(result.upload, result.replayed ? 200 : 201);
  })

  .post('/policy-files', requireRole('admin', 'manager'), async (c) => {
    const bytes = await fileBytes(c);
    const { deps } = c.var;
    return c.json(await storePolicyFile(deps.db, deps.files, currentUser(c), { name: c.req.query('name') ?? '', bytes }), 201);
  })

  // Always a download, never shown inline: a sandboxing CSP and nosniff as well, should a browser try.
  .get('/files/:fileId', requireUser, async (c) => {
    const { deps } = c.var;
    const file = await readStoredFile(deps.db, deps.files, currentUser(c), c.req.param('fileId'));
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    });
  })

  .delete('/files/:fileId', requireUser, async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const { plan, assigneeId } = await deleteTaskFile(deps.db, deps.files, user, c.req.param('fileId'));
    await pokePlans(deps, user.companyId, 'tasks', [plan], { doers: assigneeId ? [assigneeId] : [] });
    return c.body(null, 204);
  });
