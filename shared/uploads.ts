// Files (issue 19): the documents a new hire uploads to an upload task, and the PDF of a policy an
// admin attaches to an acknowledgement task. A file's type is read from its first bytes
// (`sniffContentType`), never from its name or the Content-Type the client sent.
import * as v from 'valibot';

export const UPLOAD_LIMITS = {
  /** Bytes per file: a larger body is refused with 413. */
  maxBytes: 10 * 1024 * 1024,
  filesPerTask: 10,
  name: 200,
} as const;

/** What an upload task asks for. */
export const UPLOAD_KINDS = ['pdf', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = { pdf: 'PDF', image: 'Image (PNG, JPEG or WebP)' };

export const STORED_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type StoredContentType = (typeof STORED_CONTENT_TYPES)[number];

export const CONTENT_TYPES_BY_KIND: Record<UploadKind, readonly StoredContentType[]> = {
  pdf: ['application/pdf'],
  image: ['image/png', 'image/jpeg', 'image/webp'],
};

/** For the file picker's `accept`: a hint only, the server sniffs. */
export function acceptAttribute(kinds: readonly UploadKind[]): string {
  return kinds.flatMap((kind) => (kind === 'pdf' ? ['application/pdf', '.pdf'] : ['image/png', 'image/jpeg', 'image/webp'])).join(',');
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type of a file from its first bytes (16 are enough); null when it is none of the types Kickoff stores. */
export function sniffContentType(bytes: Uint8Array): StoredContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'; // RIFF....WEBP
  return null;
}

export function kindOfContentType(contentType: StoredContentType): UploadKind {
  return contentType === 'application/pdf' ? 'pdf' : 'image';
}

export const FILE_TOO_LARGE_MESSAGE = `Files must be at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`;
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const TOO_MANY_FILES_MESSAGE = `A task can hold at most ${UPLOAD_LIMITS.filesPerTask} files`;
export const POLICY_FILE_TYPE_MESSAGE = 'A policy must be a PDF';

/** The message for a file of a type the task does not take. */
export function fileTypeMessage(kinds: readonly UploadKind[]): string {
  const names = kinds.map((kind) => (kind === 'pdf' ? 'a PDF' : 'an image (PNG, JPEG or WebP)'));
  return `Upload ${names.join(' or ')}`;
}

/**
 * Why a file cannot go to a task that takes `kinds`, from its size and its sniffed type; null when it
 * can. The device checks a picked file with it at once (offline too), the server checks again.
 */
export function uploadRefusal(file: { size: number; contentType: StoredContentType | null }, kinds: readonly UploadKind[]): string | null {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > UPLOAD_LIMITS.maxBytes) return FILE_TOO_LARGE_MESSAGE;
  const { contentType } = file;
  if (!contentType || !kinds.some((kind) => CONTENT_TYPES_BY_KIND[kind].includes(contentType))) return fileTypeMessage(kinds);
  return null;
}

/** A file's name as stored and offered for download: no path, no control characters, bounded. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'document').slice(0, UPLOAD_LIMITS.name);
}

/** A file on an upload task, as the task row carries it (synced to the new hire's device). */
export type TaskUpload = {
  id: string;
  name: string;
  contentType: StoredContentType;
  size: number;
  createdAt: string;
  /** Who uploaded it (the new hire, or staff on their behalf); null once that account is deleted. */
  uploadedBy: string | null;
};

/** The PDF of a policy, as an acknowledgement task carries it: uploaded by staff, hashed at upload. */
export const PolicyFileSchema = v.object({
  id: v.pipe(v.string(), v.uuid('Invalid file id')),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(UPLOAD_LIMITS.name)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'Invalid file hash')),
});
export type PolicyFile = v.InferOutput<typeof PolicyFileSchema>;

/** Where a file is downloaded (always as an attachment). */
export function fileDownloadUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}
