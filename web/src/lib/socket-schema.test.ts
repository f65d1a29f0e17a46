import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('../..', import.meta.url));
const script = join(web, 'scripts/gen-socket-types.mjs');
const generate = (...args: string[]) =>
  execFileSync(process.execPath, [script, '--stdout', ...args], { encoding: 'utf8' });

describe('socket-schema.ts', () => {
  it('is what scripts/gen-socket-types.mjs makes of docs/asyncapi.json (else run scripts/gen-api.sh)', () => {
    const checkedIn = readFileSync(fileURLToPath(new URL('./socket-schema.ts', import.meta.url)), 'utf8');
    expect(checkedIn).toBe(generate());
  }, 60_000);
});

describe('a payload renamed on the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'socket-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Type errors of a client reading `aviator_game_state` against the types made of `doc`. */
  function errorsWith(doc: unknown): string[] {
    const input = join(dir, 'asyncapi.json');
    writeFileSync(input, JSON.stringify(doc));
    writeFileSync(join(dir, 'socket-schema.ts'), generate('--input', input));
    const client = join(dir, 'client.ts');
    writeFileSync(
      client,
      [
        "import type { ServerToClientEvents } from './socket-schema';",
        "export const onState: ServerToClientEvents['aviator_game_state'] = (msg) => void msg.countdownMs;",
      ].join('\n'),
    );
    const program = ts.createProgram([client], { strict: true, noEmit: true, skipLibCheck: true });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('breaks the client that reads it: its types no longer check', () => {
    const doc = JSON.parse(readFileSync(join(web, '../docs/asyncapi.json'), 'utf8'));
    expect(errorsWith(doc)).toEqual([]);

    const state = doc.components.schemas.AviatorGameState;
    state.properties.countdown_ms = state.properties.countdownMs;
    delete state.properties.countdownMs;
    state.required = state.required.map((f: string) => (f === 'countdownMs' ? 'countdown_ms' : f));
    expect(errorsWith(doc)).toEqual([expect.stringContaining("Property 'countdownMs' does not exist")]);
  }, 60_000);
});
