import { describe, expect, it } from 'vitest';
import { EMPTY_FILE_MESSAGE, FILE_TOO_LARGE_MESSAGE, fileTypeMessage, UPLOAD_LIMITS } from '../../../shared/uploads.ts';
import { pickedFileRefusal } from './picked-file.ts';

const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n');
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('a picked file, checked on the device', () => {
  it('takes a file of a kind the task takes, whatever its name says', async () => {
    expect(await pickedFileRefusal(new Blob([PNG_HEAD]), ['image'])).toBeNull();
    expect(await pickedFileRefusal(new File([PDF_HEAD], 'photo.png'), ['pdf'])).toBeNull();
  });

  it('refuses another type, HTML named .pdf, an empty file and one over the limit', async () => {
    expect(await pickedFileRefusal(new File([PNG_HEAD], 'contract.pdf'), ['pdf'])).toBe(fileTypeMessage(['pdf']));
    expect(await pickedFileRefusal(new File(['<html></html>'], 'cv.pdf'), ['pdf', 'image'])).toBe(fileTypeMessage(['pdf', 'image']));
    expect(await pickedFileRefusal(new Blob([]), ['pdf'])).toBe(EMPTY_FILE_MESSAGE);
    expect(await pickedFileRefusal(new Blob([PDF_HEAD, new Uint8Array(UPLOAD_LIMITS.maxBytes)]), ['pdf'])).toBe(FILE_TOO_LARGE_MESSAGE);
  });
});
