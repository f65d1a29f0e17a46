/** Both languages carry every key, no text is empty, and every error code the API documents has a text. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundles } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(obj: unknown): [string, unknown][] {
  return keys(obj).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], obj)]);
}

/** `{{name}}` placeholders of a text. */
const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const { en, hi } = bundles();

describe('locales', () => {
  it('has the same namespaces in both languages', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  for (const ns of Object.keys(en)) {
    it(`${ns}: every key in both languages, none empty, the same placeholders`, () => {
      const e = new Map(leaves(en[ns]));
      const h = new Map(leaves(hi[ns] ?? {}));
      expect(
        [...h.keys()].filter((k) => !e.has(k)),
        'in Hindi only',
      ).toEqual([]);
      expect(
        [...e.keys()].filter((k) => !h.has(k)),
        'missing in Hindi',
      ).toEqual([]);
      for (const [k, v] of e) {
        expect(typeof v === 'string' && v.trim() !== '', `en ${ns}:${k}`).toBe(true);
        const hv = h.get(k);
        expect(typeof hv === 'string' && hv.trim() !== '', `hi ${ns}:${k}`).toBe(true);
        expect(vars(hv as string), `placeholders of ${ns}:${k}`).toEqual(vars(v as string));
      }
    });
  }

  it('has a text for every error code the API documents', () => {
    const doc = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
    const codes = new Set<string>();
    const api = JSON.parse(doc) as {
      paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
    };
    for (const ops of Object.values(api.paths))
      for (const op of Object.values(ops))
        for (const [status, r] of Object.entries(op.responses ?? {}))
          if (/^[45]/.test(status))
            for (const m of (r.description ?? '').matchAll(/`([a-z][a-z0-9_]*)`/g)) codes.add(m[1] ?? '');
    const missing = [...codes].filter((c) => !(c in (en.errors ?? {})) || !(c in (hi.errors ?? {}))).sort();
    expect(missing).toEqual([]);
  });
});
