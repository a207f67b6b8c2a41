// A file the new hire picked, checked on the device before it is queued: its size and the type its
// first bytes say (the same rule the server applies again), so a wrong file is refused at once, offline too.
import { sniffContentType, uploadRefusal, type UploadKind } from '../../../shared/uploads.ts';

/** Why the file cannot go to a task that takes `kinds`, or null when it can. */
export async function pickedFileRefusal(file: Blob, kinds: readonly UploadKind[]): Promise<string | null> {
  const head = file.size > 0 ? new Uint8Array(await file.slice(0, 16).arrayBuffer()) : new Uint8Array();
  return uploadRefusal({ size: file.size, contentType: sniffContentType(head) }, kinds);
}
