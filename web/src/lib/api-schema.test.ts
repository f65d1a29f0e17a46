import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('../..', import.meta.url));

describe('api-schema.d.ts', () => {
  it('is what openapi-typescript makes of docs/openapi.json (else run scripts/gen-api.sh)', () => {
    const cli = fileURLToPath(new URL('../../node_modules/openapi-typescript/bin/cli.js', import.meta.url));
    const fresh = execFileSync(process.execPath, [cli, '../docs/openapi.json'], { cwd: web, encoding: 'utf8' });
    const checkedIn = readFileSync(fileURLToPath(new URL('./api-schema.d.ts', import.meta.url)), 'utf8');
    expect(checkedIn.trim()).toBe(fresh.trim());
  }, 60_000);
});
