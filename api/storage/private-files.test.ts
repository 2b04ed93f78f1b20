import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskBlobStore } from './blob-store.ts';
import { makePrivate } from './private-files.ts';

// Issue 27, item 7: personal data on disk is readable by this service's user only.

const mode = (p: string) => statSync(p).mode & 0o777;
const umask = process.umask();
afterEach(() => void process.umask(umask));

describe('private files', () => {
  it('makePrivate fixes an older DATA_DIR: folders 0700, files 0600, links left alone', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'private-'));
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, 'uploads'), { mode: 0o755 });
    writeFileSync(path.join(dir, 'uploads', 'id-card'), 'ktp', { mode: 0o644 });
    writeFileSync(path.join(dir, 'backup.tar'), 'everyone', { mode: 0o666 });
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'outside-')), 'shared.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, path.join(dir, 'link'));

    expect(makePrivate(dir)).toBe(4);
    expect([dir, path.join(dir, 'uploads')].map(mode)).toEqual([0o700, 0o700]);
    expect([path.join(dir, 'uploads', 'id-card'), path.join(dir, 'backup.tar')].map(mode)).toEqual([0o600, 0o600]);
    expect(mode(outside)).toBe(0o644);
    expect(makePrivate(dir)).toBe(0);
    expect(makePrivate('memory://')).toBe(0);
  });

  it('uploads are written 0600 whatever the umask', async () => {
    process.umask(0o022);
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'blobs-')), 'uploads');
    await diskBlobStore(root).put('ktp-0123456789abcdef', new Uint8Array([1, 2, 3]), 'image/png');
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, 'ktp-0123456789abcdef'))).toBe(0o600);
    expect(mode(path.join(root, 'ktp-0123456789abcdef.type'))).toBe(0o600);
  });
});
