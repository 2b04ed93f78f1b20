// Write .br and .gz siblings for the text files of a site build so the server never compresses
// static files per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRECOMPRESSED_EXTENSIONS } from '../server/static-files.ts';

export async function precompress(clientDir: string): Promise<number> {
  let count = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) {
        const data = await readFile(full);
        if (data.length < 256) continue;
        await writeFile(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
        count += 1;
      }
    }
  };
  await walk(clientDir);
  return count;
}
