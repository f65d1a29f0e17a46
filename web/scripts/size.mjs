// Prints the gzipped size of the JavaScript the /login route loads: the entry chunk, its static
// imports, and the lazy LoginPage chunk with its static imports (read from Vite's build manifest).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LIMIT_KB = 200;

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/components/LoginPage.tsx'));
if (!entry || !login) {
  console.error('entry or LoginPage chunk not found in the manifest; run `npm run build` first');
  process.exit(1);
}
walk(entry);
walk(login);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js')).sort()) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`login route JS (gzip): ${kb.toFixed(1)} KB (limit ${LIMIT_KB} KB)`);
if (kb > LIMIT_KB) process.exit(1);
