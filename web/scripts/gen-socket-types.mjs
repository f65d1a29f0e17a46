#!/usr/bin/env node
/**
 * The web client's Socket.IO types, from the server's AsyncAPI document (docs/asyncapi.json, made by
 * scripts/gen-api.sh): writes src/lib/socket-schema.ts, never edited by hand.
 *
 * - `components.schemas`, every payload's JSON Schema, become TypeScript through openapi-typescript (the tool that
 *   makes the REST types), by wrapping them in a minimal OpenAPI 3.1 document: `components["schemas"]["Name"]`.
 * - The operations become socket.io-client's typed event maps, by Socket.IO event name (each message's `name`):
 *   `ServerToClientEvents` (action `send`: `name: (payload) => void`) and `ClientToServerEvents` (action `receive`:
 *   `name: (payload, ack: (answer) => void) => void`, the answer being the operation's `reply`). An event without a
 *   payload takes `NoPayload` (the client sends `{}`); one the server emits in several rooms (`bet_cancelled`) is
 *   listed once, its payloads joined.
 *
 * Usage: node scripts/gen-socket-types.mjs [--stdout] [--input <asyncapi.json>]
 *   (from any directory; --stdout prints the file instead of writing it, --input reads another document)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import ts from 'typescript';

const args = process.argv.slice(2);
const inputAt = args.indexOf('--input');
const input =
  inputAt >= 0
    ? resolvePath(args[inputAt + 1] ?? '')
    : fileURLToPath(new URL('../../docs/asyncapi.json', import.meta.url));
const output = fileURLToPath(new URL('../src/lib/socket-schema.ts', import.meta.url));

const doc = JSON.parse(readFileSync(input, 'utf8'));
if (!String(doc.asyncapi ?? '').startsWith('3.')) throw new Error(`${input}: not an AsyncAPI 3 document`);
const schemas = doc.components?.schemas ?? {};

/** Resolves a local `$ref` (`#/a/b/c`) in the document. */
function resolve(ref) {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref} (only local references)`);
  let at = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    at = at?.[key];
    if (at === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return at.$ref ? resolve(at.$ref) : at;
}

const quote = (s) => JSON.stringify(s);
const union = (types) => [...new Set(types)].join(' | ');
/** Text for a JSDoc comment, whose end marker it must not contain. */
const comment = (text) => text.replaceAll('*/', '*\\/').trim();

/** Annotation-only keywords: a schema with nothing but these says nothing about the value. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'example', 'deprecated', 'format']);
const saysNothing = (s) => !s || Object.keys(s).every((k) => ANNOTATIONS.has(k));

/** The keywords `typeOf` understands. */
const STRUCTURAL = [
  'type',
  'items',
  'oneOf',
  'anyOf',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
];
const KNOWN = new Set([...ANNOTATIONS, ...STRUCTURAL]);

/**
 * A message payload's schema as a type. Payloads are shallow (a named schema, a list of one, a choice of them, or
 * `null`), so this covers JSON Schema's structural keywords only and refuses the rest, rather than guess.
 */
function typeOf(s, where) {
  if (s.$ref) {
    const m = /^#\/components\/schemas\/(.+)$/.exec(s.$ref);
    if (!m || !(m[1] in schemas)) throw new Error(`${where}: $ref ${s.$ref} is not one of components.schemas`);
    return `components["schemas"][${quote(m[1])}]`;
  }
  const unknown = Object.keys(s).filter((k) => !KNOWN.has(k));
  if (unknown.length)
    throw new Error(`${where}: unsupported keyword(s) ${unknown.join(', ')}: extend ${import.meta.url}`);
  const choice = s.oneOf ?? s.anyOf;
  if (choice) return union(choice.map((c, i) => typeOf(c, `${where}/${i}`)));
  if ('const' in s) return quote(s.const);
  if (s.enum) return union(s.enum.map((v) => (v === null ? 'null' : quote(v))));
  if (Array.isArray(s.type)) return union(s.type.map((t) => typeOf({ ...s, type: t }, where)));
  switch (s.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      return `(${s.items ? typeOf(s.items, `${where}/items`) : 'unknown'})[]`;
    case 'object': {
      const required = new Set(s.required ?? []);
      const fields = Object.entries(s.properties ?? {}).map(
        ([k, v]) => `${quote(k)}${required.has(k) ? '' : '?'}: ${typeOf(v, `${where}/${k}`)};`,
      );
      if (s.additionalProperties) fields.push('[key: string]: unknown;');
      return `{ ${fields.join(' ')} }`;
    }
    default:
      throw new Error(`${where}: unsupported schema ${JSON.stringify(s)}`);
  }
}

/** The Socket.IO events of one direction: name → payload types, acks, and where they are documented. */
function collect(action) {
  const events = new Map();
  for (const [id, op] of Object.entries(doc.operations ?? {})) {
    if (op.action !== action) continue;
    const channel = resolve(op.channel.$ref);
    for (const ref of op.messages ?? []) {
      const msg = resolve(ref.$ref);
      if (!msg.name) throw new Error(`operation ${id}: its message has no name (the Socket.IO event)`);
      const e = events.get(msg.name) ?? { payloads: [], acks: [], docs: [] };
      e.payloads.push(saysNothing(msg.payload) ? null : typeOf(msg.payload, `operation ${id}`));
      for (const r of op.reply?.messages ?? []) {
        const reply = resolve(r.$ref);
        e.acks.push(saysNothing(reply.payload) ? 'undefined' : typeOf(reply.payload, `operation ${id} reply`));
      }
      const where = channel.address ? `room \`${channel.address}\`` : 'no room';
      e.docs.push(`${op.summary ?? msg.summary ?? ''} (${where})`);
      events.set(msg.name, e);
    }
  }
  return [...events.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function member(name, e, params) {
  const lines = e.docs.map(comment);
  return `/** ${lines.join('\n * ')} */\n${quote(name)}: (${params}) => void;`;
}

function serverToClient() {
  return collect('send').map(([name, e]) => {
    const real = e.payloads.filter((p) => p !== null);
    if (real.length && real.length < e.payloads.length)
      throw new Error(`${name}: sent both with and without a payload`);
    if (e.acks.length) throw new Error(`${name}: the server asks the client for an ack; not supported`);
    return member(name, e, real.length ? `payload: ${union(real)}` : '');
  });
}

function clientToServer() {
  return collect('receive').map(([name, e]) => {
    const payload = e.payloads.includes(null) ? union(['NoPayload', ...e.payloads.filter(Boolean)]) : union(e.payloads);
    const params = [`payload: ${payload}`];
    if (e.acks.length) params.push(`ack: (answer: ${union(e.acks)}) => void`);
    return member(name, e, params.join(', '));
  });
}

async function generate() {
  // The payloads' schemas, as openapi-typescript reads them inside an OpenAPI 3.1 document (AsyncAPI 3's schemas are
  // JSON Schema, as OpenAPI 3.1's are; the references `#/components/schemas/…` stay valid).
  const wrapped = {
    openapi: '3.1.0',
    info: { title: doc.info?.title ?? 'asyncapi', version: String(doc.info?.version ?? '0') },
    paths: {},
    components: { schemas },
  };
  const nodes = await openapiTS(wrapped, { silent: true });
  // Only the schemas: the REST-only roots (paths, operations, webhooks, $defs) are empty here.
  const kept = nodes.filter((n) => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
  if (kept.length !== 1) throw new Error('openapi-typescript made no `components` interface');

  const text = [
    '/**',
    ' * This file was generated by web/scripts/gen-socket-types.mjs from docs/asyncapi.json (scripts/gen-api.sh makes',
    ' * both). Do not make direct changes to the file: a payload that changes on the server changes here.',
    ' */',
    '',
    '/** The payloads, as the document names them: `components["schemas"]["AviatorGameState"]`. */',
    astToString(kept),
    '/** An event without a payload: the server ignores what is sent with it; the client sends `{}`. */',
    'export type NoPayload = Record<string, never>;',
    '',
    '/** Every event the server emits, by its Socket.IO name, with its payload. */',
    `export interface ServerToClientEvents {\n${serverToClient().join('\n')}\n}`,
    '',
    '/** Every event a client sends, by its Socket.IO name: its payload, and the answer of its ack. */',
    `export interface ClientToServerEvents {\n${clientToServer().join('\n')}\n}`,
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(output)) ?? {};
  return prettier.format(text, { ...options, filepath: output });
}

const out = await generate();
if (args.includes('--stdout')) process.stdout.write(out);
else writeFileSync(output, out);
