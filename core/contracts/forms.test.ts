import { describe, expect, it } from 'vitest';
import { checkFiles, checkForm, MB, sniffUploadType, surroundingsFor } from './forms.ts';

// The rules the API and the forms' script share (issue 15, spec section 5).

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('file types by their first bytes', () => {
  it('knows JPEG, PNG, WebP, MP4, MOV, WebM and PDF whatever the name says', () => {
    expect(sniffUploadType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffUploadType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffUploadType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffUploadType(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0]))).toBe('video/mp4');
    expect(sniffUploadType(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('video/quicktime');
    expect(sniffUploadType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('video/webm');
    expect(sniffUploadType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });
  it('refuses an executable, a HEIC picture posing as a video, a Matroska file and text', () => {
    expect(sniffUploadType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffUploadType(bytes([0x7f], 'ELF'))).toBeNull();
    expect(sniffUploadType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBeNull();
    expect(sniffUploadType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toBeNull();
    expect(sniffUploadType(bytes('hello, world'))).toBeNull();
  });
});

describe('the file rules', () => {
  const photo = { size: MB, type: 'image/jpeg' };
  it('takes up to 4 photos of 2 MB, one 10 MB video and one 2 MB PDF', () => {
    expect(
      checkFiles({
        photos: [photo, photo, photo, { size: 2 * MB, type: 'image/webp' }],
        video: [{ size: 10 * MB, type: 'video/webm' }],
        document: [{ size: 2 * MB, type: 'application/pdf' }],
      }),
    ).toBeNull();
  });
  it('names the list and the rule broken', () => {
    expect(checkFiles({ photos: [photo, photo, photo, photo, photo], video: [], document: [] })).toEqual({
      photos: 'photo_too_many',
    });
    expect(checkFiles({ photos: [{ size: 3 * MB, type: 'image/jpeg' }], video: [], document: [] })).toEqual({
      photos: 'photo_too_large',
    });
    expect(checkFiles({ photos: [], video: [{ size: 12 * MB, type: 'video/mp4' }], document: [] })).toEqual({
      video: 'video_too_large',
    });
    expect(checkFiles({ photos: [], video: [], document: [{ size: 10, type: null }] })).toEqual({
      document: 'document_type',
    });
    expect(checkFiles({ photos: [{ size: 10, type: 'application/pdf' }], video: [], document: [] })).toEqual({
      photos: 'photo_type',
    });
  });
});

describe('the text rules', () => {
  it('normalises the phone and needs 8 characters; refuses a plus sign in the e-mail', () => {
    const ok = checkForm('contact', {
      name: ' Rina ',
      email: 'Rina@Example.com',
      phone: '+62 812-3456-78',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(ok).toEqual({
      ok: true,
      value: { name: 'Rina', email: 'rina@example.com', phone: '812345678', subject: 'Hi', message: 'Hello' },
    });
    // "0812-345" is 7 characters once normalised: too short.
    const short = checkForm('contact', {
      name: 'R',
      email: 'r+x@example.com',
      phone: '0812-345',
      subject: 's',
      message: 'm',
    });
    expect(short).toEqual({ ok: false, errors: { email: 'email_plus', phone: 'phone_short' } });
  });
  it('offers a pod city surroundings, a cabin nature ones, another product any', () => {
    expect(surroundingsFor('pod')).toEqual(['tourism', 'commercial', 'industry', 'mice']);
    expect(surroundingsFor('cabin')).toEqual(['beach', 'lake', 'mountain', 'paddy_field']);
    expect(surroundingsFor('other')).toHaveLength(8);
  });
});
