import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanDetails } from '../../shared/onboarding.ts';
import type { TemplateDetails } from '../../shared/templates.ts';
import {
  EMPTY_FILE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  fileTypeMessage,
  POLICY_FILE_TYPE_MESSAGE,
  type TaskUpload,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_LIMITS,
} from '../../shared/uploads.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { companies, files, onboardingTasks, subscriptions } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { s3FileStorage } from './file-storage.ts';

const startDate = '2026-03-02';
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let template: TemplateDetails;
let plan: PlanDetails;
/** Takes PDFs and images. */
let anyTaskId: string;
/** Takes PDFs only. */
let pdfTaskId: string;
let checklistTaskId: string;

async function createUploadTemplate(company: typeof acme): Promise<TemplateDetails> {
  const created = await ctx.request('/api/templates', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: {
      title: 'Documents',
      sections: [
        {
          title: 'First week',
          dayStart: 1,
          dayEnd: 5,
          tasks: [
            { title: 'Upload your ID', type: 'upload', uploadKinds: ['pdf', 'image'] },
            { title: 'Upload your signed contract', type: 'upload', uploadKinds: ['pdf'] },
            { title: 'Laptop setup', type: 'checklist' },
          ],
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body as TemplateDetails;
}

async function assignPlan(company: typeof acme, newHireId: string, templateId = template.id, managerId = company.manager.id): Promise<PlanDetails> {
  const assigned = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: company.cookies.admin, body: { templateId, startDate, newHireId, managerId } });
  expect(assigned.status).toBe(201);
  return assigned.body as PlanDetails;
}

async function personOf(company: typeof acme, role: 'new_hire' | 'manager', managerId?: string) {
  const person = await createTeamMember(ctx.db, {
    companyId: company.company.id,
    email: `${role}-${crypto.randomUUID().slice(0, 6)}@example.test`,
    fullName: `Person ${role}`,
    role,
    managerId,
    passwordHash: TEST_PASSWORD_HASH,
    isEmailVerified: true,
  });
  return { ...person, cookie: await ctx.cookieFor(person.id) };
}

async function giveRoom(companyId: string) {
  // Room for more than the free plan's active new hires.
  await ctx.db.update(companies).set({ planType: 'business' }).where(eq(companies.id, companyId));
  await ctx.db.insert(subscriptions).values({ companyId, planType: 'business', amount: '20', isActive: true, status: 'completed' });
}

type UploadOptions = { name?: string; cookie?: string; headers?: Record<string, string>; declareLength?: boolean };

/** A raw upload; Content-Length is declared as a browser would, unless told not to. */
async function upload(taskId: string, body: Uint8Array | ReadableStream<Uint8Array>, options: UploadOptions = {}) {
  const { name = 'document.pdf', cookie = acme.cookies.newHire, headers = {}, declareLength = true } = options;
  const length = body instanceof Uint8Array && declareLength ? { 'Content-Length': String(body.byteLength) } : {};
  const response = await ctx.app.request(`/api/tasks/${taskId}/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream', ...length, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as TaskUpload & { message: string; code: string } };
}

const download = (fileId: string, cookie = acme.cookies.newHire) => ctx.app.request(`/api/files/${fileId}`, { headers: { Cookie: cookie } });
const remove = (fileId: string, cookie = acme.cookies.newHire) => ctx.request(`/api/files/${fileId}`, { method: 'DELETE', cookie });
const taskRow = async (taskId: string) => (await first(ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.id, taskId))))!;
const fileRow = (fileId: string) => first(ctx.db.select().from(files).where(eq(files.id, fileId)));
const storedPath = (companyId: string, fileId: string) => {
  const storage = ctx.config.files;
  if (storage.kind !== 'disk') throw new Error('The tests store on disk');
  return join(storage.dir, companyId, fileId);
};

/** A body of `size` bytes starting like a PDF, sent in 1 MiB chunks without a declared length. */
function pdfStream(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(1024 * 1024, size - sent));
      if (sent === 0) chunk.set(PDF.subarray(0, 8));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  await giveRoom(acme.company.id);
  template = await createUploadTemplate(acme);
  plan = await assignPlan(acme, acme.newHire.id);
  const [anyTask, pdfTask, checklistTask] = plan.tasks;
  anyTaskId = anyTask!.id;
  pdfTaskId = pdfTask!.id;
  checklistTaskId = checklistTask!.id;
  expect(pdfTask!.uploadKinds).toEqual(['pdf']);
});

describe('uploading to a task', () => {
  it('stores the type sniffed from the bytes, not the name, appends the file to the task and completes it', async () => {
    const answer = await upload(anyTaskId, PNG, { name: '../../passport.pdf' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'passport.pdf', contentType: 'image/png', size: PNG.byteLength, uploadedBy: acme.newHire.id });

    const task = await taskRow(anyTaskId);
    expect(task.uploads).toEqual([answer.body]);
    expect(task.isCompleted).toBe(true);
    const row = (await fileRow(answer.body.id))!;
    expect(row).toMatchObject({ purpose: 'upload', planId: plan.id, taskId: anyTaskId, contentType: 'image/png', sha256: createHash('sha256').update(PNG).digest('hex') });
    expect(existsSync(storedPath(acme.company.id, answer.body.id))).toBe(true);

    // The new hire's device pulls the task with its file.
    const pull = await ctx.request(`/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`, { cookie: acme.cookies.newHire });
    const pulled = pull.body.tasks.find((item: { id: string }) => item.id === anyTaskId);
    expect(pulled.uploads).toEqual([answer.body]);
  });

  it('refuses HTML named .pdf, an image where only PDFs are taken, an empty file, and a task that takes no files', async () => {
    expect(await upload(anyTaskId, HTML, { name: 'cv.pdf' })).toMatchObject({ status: 400, body: { message: fileTypeMessage(['pdf', 'image']) } });
    expect(await upload(pdfTaskId, PNG, { name: 'contract.pdf' })).toMatchObject({ status: 400, body: { message: fileTypeMessage(['pdf']) } });
    expect(await upload(pdfTaskId, new Uint8Array())).toMatchObject({ status: 400, body: { message: EMPTY_FILE_MESSAGE } });
    expect((await upload(checklistTaskId, PDF)).status).toBe(400);
    expect(await ctx.db.select().from(files)).toEqual([]);
    expect((await taskRow(pdfTaskId)).isCompleted).toBe(false);
  });

  it('answers 413 above the size limit, declared or counted while reading, and stores nothing', async () => {
    const tooLarge = new Uint8Array(UPLOAD_LIMITS.maxBytes + 1);
    tooLarge.set(PDF.subarray(0, 8));
    expect(await upload(pdfTaskId, tooLarge)).toMatchObject({ status: 413, body: { code: 'payload_too_large', message: FILE_TOO_LARGE_MESSAGE } });
    expect(await upload(pdfTaskId, pdfStream(UPLOAD_LIMITS.maxBytes + 1))).toMatchObject({ status: 413, body: { message: FILE_TOO_LARGE_MESSAGE } });
    expect(await ctx.db.select().from(files)).toEqual([]);

    // Exactly the limit goes through, beyond the API's 1 MiB for other bodies.
    expect((await upload(pdfTaskId, pdfStream(UPLOAD_LIMITS.maxBytes))).status).toBe(201);
    // Other routes keep their 1 MiB limit.
    const json = await ctx.app.request('/api/users/me', {
      method: 'PATCH',
      headers: { Cookie: acme.cookies.newHire, 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: `{"fullName":"${'a'.repeat(2 * 1024 * 1024 - 15)}"}`,
    });
    expect(json.status).toBe(413);
  });

  it('stores a replayed X-Upload-Id once and answers the stored file', async () => {
    const uploadId = crypto.randomUUID();
    const firstSend = await upload(pdfTaskId, PDF, { headers: { 'X-Upload-Id': uploadId } });
    expect(firstSend.status).toBe(201);
    const replay = await upload(pdfTaskId, PDF, { headers: { 'X-Upload-Id': uploadId } });
    expect(replay).toEqual({ status: 200, body: firstSend.body });
    expect(await ctx.db.select().from(files)).toHaveLength(1);
    expect((await taskRow(pdfTaskId)).uploads).toHaveLength(1);

    expect((await upload(pdfTaskId, PDF, { headers: { 'X-Upload-Id': 'not-a-uuid' } })).status).toBe(400);
    // The same id on another task is no replay of this upload.
    expect((await upload(anyTaskId, PDF, { headers: { 'X-Upload-Id': uploadId } })).status).toBe(409);
  });

  it('takes at most filesPerTask files', async () => {
    for (let index = 0; index < UPLOAD_LIMITS.filesPerTask; index += 1) expect((await upload(pdfTaskId, PDF)).status).toBe(201);
    expect(await upload(pdfTaskId, PDF)).toMatchObject({ status: 400, body: { message: TOO_MANY_FILES_MESSAGE } });
  });

  it('lets staff who see the plan upload on its new hire’s behalf', async () => {
    expect((await upload(pdfTaskId, PDF, { cookie: acme.cookies.manager })).status).toBe(201);
    expect((await upload(pdfTaskId, PDF, { cookie: acme.cookies.admin })).status).toBe(201);
  });
});

describe('downloading and removing a file', () => {
  it('always answers as an attachment, with the stored type, a sandboxing CSP and no caching', async () => {
    const stored = (await upload(anyTaskId, PNG, { name: 'Pässe "scan" <1>.png' })).body;
    const response = await download(stored.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="P_sse scan <1>.png"; filename*=UTF-8''P%C3%A4sse%20scan%20%3C1%3E.png`);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    // The plan's manager and the company's admins may download it too.
    expect((await download(stored.id, acme.cookies.manager)).status).toBe(200);
    expect((await download(stored.id, acme.cookies.admin)).status).toBe(200);
  });

  it('removes a file: the task drops it, reopens when none is left, and the bytes go', async () => {
    const kept = (await upload(anyTaskId, PDF)).body;
    const removed = (await upload(anyTaskId, PNG)).body;
    expect((await remove(removed.id)).status).toBe(204);
    expect(await taskRow(anyTaskId)).toMatchObject({ uploads: [kept], isCompleted: true });
    expect(existsSync(storedPath(acme.company.id, removed.id))).toBe(false);
    expect(await fileRow(removed.id)).toBeUndefined();
    expect((await download(removed.id)).status).toBe(404);

    // Staff who see the plan may remove what the new hire uploaded; the last one reopens the task.
    expect((await remove(kept.id, acme.cookies.manager)).status).toBe(204);
    expect(await taskRow(anyTaskId)).toMatchObject({ uploads: null, isCompleted: false });
    expect(existsSync(storedPath(acme.company.id, kept.id))).toBe(false);
  });

  it('answers 404 to another company, another new hire and a manager of another team, for upload, download and removal', async () => {
    const stored = (await upload(anyTaskId, PDF)).body;
    const globex = await ctx.createCompany('Globex');
    const otherHire = await personOf(acme, 'new_hire', acme.manager.id);
    const otherManager = await personOf(acme, 'manager');
    for (const cookie of [globex.cookies.newHire, globex.cookies.admin, otherHire.cookie, otherManager.cookie]) {
      expect((await upload(anyTaskId, PDF, { cookie })).status).toBe(404);
      expect((await download(stored.id, cookie)).status).toBe(404);
      expect((await remove(stored.id, cookie)).status).toBe(404);
    }
    expect((await taskRow(anyTaskId)).uploads).toEqual([stored]);
  });
});

describe('policy files', () => {
  it('stores a PDF from staff for any member of the company to download', async () => {
    const created = await ctx.app.request('/api/policy-files?name=Code%20of%20conduct.pdf', { method: 'POST', headers: { Cookie: acme.cookies.manager }, body: PDF });
    expect(created.status).toBe(201);
    const policy = (await created.json()) as { id: string };
    expect(policy).toEqual({ id: policy.id, name: 'Code of conduct.pdf', size: PDF.byteLength, sha256: createHash('sha256').update(PDF).digest('hex') });
    expect(await fileRow(policy.id)).toMatchObject({ purpose: 'policy', planId: null, taskId: null });

    const otherHire = await personOf(acme, 'new_hire');
    const response = await download(policy.id, otherHire.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect((await download(policy.id, (await ctx.createCompany('Globex')).cookies.admin)).status).toBe(404);
    // A policy is no task's upload: it is not removed here.
    expect((await remove(policy.id, acme.cookies.admin)).status).toBe(404);
  });

  it('refuses anything but a PDF, and new hires', async () => {
    const png = await ctx.app.request('/api/policy-files?name=policy.pdf', { method: 'POST', headers: { Cookie: acme.cookies.admin }, body: PNG });
    expect(png.status).toBe(400);
    expect(((await png.json()) as { message: string }).message).toBe(POLICY_FILE_TYPE_MESSAGE);
    const byNewHire = await ctx.app.request('/api/policy-files?name=policy.pdf', { method: 'POST', headers: { Cookie: acme.cookies.newHire }, body: PDF });
    expect(byNewHire.status).toBe(403);
  });
});

describe('deleting a plan or a person deletes their files', () => {
  it('removes the rows and the bytes when the plan is deleted', async () => {
    const stored = (await upload(anyTaskId, PDF)).body;
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    expect(await fileRow(stored.id)).toBeUndefined();
    expect(existsSync(storedPath(acme.company.id, stored.id))).toBe(false);
  });

  it('removes the rows and the bytes of the person’s plans when the person is deleted, and keeps others’', async () => {
    const person = await personOf(acme, 'new_hire', acme.manager.id);
    const theirPlan = await assignPlan(acme, person.id);
    const theirs = (await upload(theirPlan.tasks[0]!.id, PDF, { cookie: person.cookie })).body;
    const others = (await upload(anyTaskId, PDF)).body;
    expect((await ctx.request(`/api/users/${person.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    expect(await fileRow(theirs.id)).toBeUndefined();
    expect(existsSync(storedPath(acme.company.id, theirs.id))).toBe(false);
    expect(existsSync(storedPath(acme.company.id, others.id))).toBe(true);
  });

  it('logs a failure to remove bytes without failing the deletion', async () => {
    const stored = (await upload(anyTaskId, PDF)).body;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(ctx.files, 'delete').mockRejectedValueOnce(new Error('disk gone'));
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    expect(await fileRow(stored.id)).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining(stored.id), expect.any(Error));
    error.mockRestore();
  });
});

describe('S3-compatible storage', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const seen: { method: string; path: string; signed: boolean }[] = [];

  const bodyOf = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  };

  /** Recomputes the request's SigV4 signature with aws4fetch's signer from its own date and payload hash. */
  async function signatureMatches(request: IncomingMessage): Promise<boolean> {
    const headers = new Headers();
    for (const name of ['x-amz-date', 'x-amz-content-sha256']) headers.set(name, String(request.headers[name]));
    const signer = new AwsV4Signer({
      method: request.method,
      url: `${endpoint}${request.url}`,
      headers,
      ...credentials,
      service: 's3',
      region: 'eu-central-1',
      datetime: String(request.headers['x-amz-date']),
    });
    const expected = (await signer.sign()).headers.get('Authorization');
    return expected !== null && expected === request.headers.authorization;
  }

  beforeEach(async () => {
    objects.clear();
    seen.length = 0;
    server = createServer((request, response) => {
      void (async () => {
        const body = await bodyOf(request);
        const path = request.url ?? '';
        const signed = await signatureMatches(request);
        seen.push({ method: request.method ?? '', path, signed });
        if (!signed) return response.writeHead(403).end('<Error>SignatureDoesNotMatch</Error>');
        if (request.method === 'PUT') {
          if (request.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex')) return response.writeHead(400).end('<Error>BadDigest</Error>');
          objects.set(path, { bytes: body, contentType: String(request.headers['content-type']) });
          return response.writeHead(200).end();
        }
        const object = objects.get(path);
        if (request.method === 'GET')
          return object ? response.writeHead(200, { 'Content-Type': object.contentType }).end(object.bytes) : response.writeHead(404).end('<Error>NoSuchKey</Error>');
        if (request.method === 'DELETE') {
          objects.delete(path);
          return response.writeHead(204).end();
        }
        response.writeHead(405).end();
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes objects at the bucket and key, every request signed', async () => {
    const storage = s3FileStorage({ kind: 's3', bucket: 'kickoff-files', endpoint, region: 'eu-central-1', forcePathStyle: true, ...credentials });
    const key = `${acme.company.id}/${crypto.randomUUID()}`;
    await storage.put(key, PDF, 'application/pdf');
    expect(objects.get(`/kickoff-files/${key}`)).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    expect(await storage.get(key)).toEqual(PDF);
    await storage.delete(key);
    expect(objects.size).toBe(0);
    expect(await storage.get(key)).toBeNull();
    expect(seen.map(({ method, path, signed }) => [method, path, signed])).toEqual([
      ['PUT', `/kickoff-files/${key}`, true],
      ['GET', `/kickoff-files/${key}`, true],
      ['DELETE', `/kickoff-files/${key}`, true],
      ['GET', `/kickoff-files/${key}`, true],
    ]);
  });

  it('fails loudly when the store refuses (wrong secret)', async () => {
    const storage = s3FileStorage({
      kind: 's3',
      bucket: 'kickoff-files',
      endpoint,
      region: 'eu-central-1',
      forcePathStyle: true,
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: 'wrong',
    });
    await expect(storage.put(`${acme.company.id}/${crypto.randomUUID()}`, PDF, 'application/pdf')).rejects.toThrow(/S3 upload .* failed: 403/);
    expect(objects.size).toBe(0);
  });

  it('serves uploads through the API from the bucket', async () => {
    const storage = s3FileStorage({ kind: 's3', bucket: 'kickoff-files', endpoint, region: 'eu-central-1', forcePathStyle: true, ...credentials });
    vi.spyOn(ctx.files, 'put').mockImplementation((key, bytes, type) => storage.put(key, bytes, type));
    vi.spyOn(ctx.files, 'get').mockImplementation((key) => storage.get(key));
    const stored = (await upload(pdfTaskId, PDF)).body;
    expect(objects.has(`/kickoff-files/${acme.company.id}/${stored.id}`)).toBe(true);
    expect(new Uint8Array(await (await download(stored.id)).arrayBuffer())).toEqual(PDF);
  });
});
