// Writes .br and .gz beside every text asset of a built app, so the server sends compressed files
// without compressing on each request (@fastify/static `preCompressed`).
//
// Brotli at its highest quality is slow (well under a megabyte a second) and a build has a few MB of text, so the
// files are compressed on zlib's thread pool, all at once, rather than one after another on the main thread:
// the build then uses every core for it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = (await fs.readdir(dir, { withFileTypes: true, recursive: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

const written = await Promise.all(
  compressible.map(async (file) => {
    const content = await fs.readFile(file);
    if (content.length < MIN_BYTES) return 0;
    const [gzipped, brotlied] = await Promise.all([
      gzip(content, { level: 9 }),
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    await Promise.all([fs.writeFile(`${file}.gz`, gzipped), fs.writeFile(`${file}.br`, brotlied)]);
    return 1;
  }),
);
console.info(
  `precompressed ${written.reduce((sum, one) => sum + one, 0)} files in ${path.relative(process.cwd(), dir) || '.'}`,
);
