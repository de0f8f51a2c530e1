/**
 * Every route of ENDPOINTS with fuzzed path parameters, query strings and bodies (fast-check, fixed seed, bounded runs):
 * no input may produce a 5xx, and every error is the JSON envelope. Bodies are random JSON, records made of the route's
 * own field names, and single mutations of a valid request (so handlers, not only the schemas, see odd values). Paths
 * mix real ids, random text and broken percent-encodings; queries mix the route's parameter names, unknown ones and
 * repeated ones; some bodies are gzip, deflate or br streams, valid or corrupt. DNS is a stand-in that never answers, so
 * webhook registrations never leave the machine.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../src/shared/endpoints.ts';
import { SCOPES } from '../../src/shared/enums.ts';
import { ErrorEnvelope } from '../../src/shared/errors.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const SEED = 15_2026;
const RUNS_PER_PART = 40; // × 3 parts (path, query, body) × 41 routes: 4,920 requests

let t: TestApp;
beforeAll(async () => {
  const offline = async (host: string) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  t = await startTestApp({ webhooks: { lookup: offline } });
});
afterAll(async () => {
  await t.close();
});

/** Field names a schema knows (objects, unions of objects, pipes): fuzzed records use them to get past "unknown field". */
function fieldNames(schema: z.ZodType | undefined): string[] {
  const s = schema as unknown as
    | { shape?: Record<string, unknown>; options?: z.ZodType[]; def?: { in?: z.ZodType; innerType?: z.ZodType } }
    | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  if (s.options) return [...new Set(s.options.flatMap(fieldNames))];
  if (s.def?.in) return fieldNames(s.def.in);
  if (s.def?.innerType) return fieldNames(s.def.innerType);
  return [];
}

const BIOAGE = {
  age: 77,
  albumin: { value: 45, unit: 'g/L' },
  creatinine: { value: 75.7, unit: 'umol/L' },
  glucose: { value: 4.33, unit: 'mmol/L' },
  crp: { value: 0.36, unit: 'mg/dL' },
  lymphocyte_percent: { value: 21.1 },
  mcv: { value: 88.5 },
  rdw: { value: 13.7 },
  alkaline_phosphatase: { value: 62, unit: 'U/L' },
  wbc: { value: 7.6, unit: '10^3/uL' },
};

/** A valid request body per route with one: the base that mutations start from. */
const VALID_BODY: Partial<Record<EndpointName, Record<string, unknown>>> = {
  search: { query: 'vitamin d fracture', types: ['compounds', 'documents'], limit: 5 },
  compoundSearch: { query: 'magnesium', category: 'mineral', limit: 5, filters: { evidence_grade: ['A', 'B'] } },
  compoundBatch: { slugs: ['metformin', 'creatine-monohydrate'] },
  toolBioage: BIOAGE,
  toolBloodwork: {
    sex: 'female',
    age: 54,
    panel: [
      { test: 'vitamin d', value: 30, unit: 'nmol/L' },
      { test: 'ldl', value: 3.5, unit: 'mmol/L' },
    ],
  },
  toolInbody: {
    weight: { value: 80, unit: 'kg' },
    height: { value: 180, unit: 'cm' },
    sex: 'male',
    age: 40,
    body_fat_percent: 22,
  },
  toolInteractions: { substances: ['warfarin', 'aspirin', "St John's wort"] },
  toolMacros: {
    sex: 'male',
    age: 30,
    weight: { value: 80, unit: 'kg' },
    height: { value: 180, unit: 'cm' },
    activity_level: 'moderate',
    goal: 'lose',
    weekly_rate_kg: 0.5,
  },
  toolNutrition: {
    items: [
      { food: 'apple', amount: 1, unit: 'medium' },
      { food: 'milk', amount: 1, unit: 'cup' },
    ],
  },
  toolPeptideStack: { goals: ['sleep'], constraints: { max_compounds: 3, current_medications: ['sertraline'] } },
  toolProtocol: { compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' },
  documentImport: { records: [{ id: 'fuzz-1', title: 'A fuzzed record', publication_date: '2024' }] },
  apiKeyCreate: { name: 'fuzz', scopes: ['read'] },
  webhookCreate: { url: 'https://hooks.example.com/fuzz', events: ['api_key.created'] },
  webhookSettingsPut: { allow_private_targets: false },
  profilePut: {
    sex: 'female',
    birth_year: 1971,
    goals: ['sleep'],
    compounds: ['magnesium-glycinate'],
    medications: ['warfarin'],
  },
  chatCompletions: { messages: [{ role: 'user', content: 'What is the dose of metformin?' }], max_tokens: 200 },
  chatStream: { messages: [{ role: 'user', content: 'Side effects of sertraline?' }], max_tokens: 200 },
  sessionExchange: { code: 'x'.repeat(43) },
};

const REAL_IDS = ['metformin', 'magnesium-glycinate', 'cord19-ak20jg32', 'scifact-4983', 'pubmedqa-21645374'];
const odd = fc.constantFrom(
  '',
  ' ',
  '"',
  '*',
  '%',
  '\u0000',
  '\u202e',
  'NEAR(',
  'OR',
  'A',
  'F',
  '-1',
  '1e400',
  'null',
  '[]',
  '{}',
  '../..',
  '😀',
  'é'.repeat(300),
);
const field = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  odd,
  fc.array(fc.oneof(fc.string(), odd, fc.integer()), { maxLength: 8 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 }),
);

/** One path segment as sent: percent-encoded text, or raw bytes that may be broken encodings. */
const segment = fc.oneof(
  fc.constantFrom(...REAL_IDS),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_.~%-]{1,40}$/), // '%' followed by anything: often not a valid encoding
  fc.constantFrom('%ff', '%', '%e2%80', '%c0%af', '%2e%2e', '%00', '..', '.', 'wh_%ZZ', 'mk_x%'),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9%*",.-]{0,20}$/),
  // text with no letter or digit: what full-text search must refuse cleanly, not pass to MATCH
  fc.stringMatching(/^[\p{P}\p{S} ]{1,8}$/u).map(encodeURIComponent),
  fc.constantFrom('%22', '*', '%ff', '-1', '101', '1e3', 'A,Z', '2015-13-45', 'true'),
);
function queryArb(e: Endpoint) {
  const names = fieldNames(e.query);
  const name = names.length
    ? fc.oneof(fc.constantFrom(...names), fc.stringMatching(/^[a-z_%]{1,12}$/))
    : fc.stringMatching(/^[a-z_%]{1,12}$/);
  const pairs = fc
    .array(fc.tuple(name, queryValue), { minLength: 1, maxLength: 6 })
    .map((list) => list.map(([k, v]) => `${k}=${v}`).join('&'));
  // One known parameter alone, so an odd value is not hidden behind another parameter's 400.
  if (!names.length) return pairs;
  const single = fc.tuple(fc.constantFrom(...names), queryValue).map(([k, v]) => `${k}=${v}`);
  return fc.oneof({ arbitrary: pairs, weight: 1 }, { arbitrary: single, weight: 2 });
}

/** Replace, delete or add one field somewhere in a valid body. */
function mutate(base: Record<string, unknown>) {
  const paths: string[][] = [];
  const walk = (v: unknown, p: string[]) => {
    if (p.length) paths.push(p);
    if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...p, k]);
  };
  walk(base, []);
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'delete', 'add'), field)
    .map(([path, op, value]) => {
      const copy = structuredClone(base) as Record<string, unknown>;
      let parent: Record<string, unknown> = copy;
      for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
      const last = path.at(-1)!;
      if (op === 'replace') parent[last] = value;
      else if (op === 'delete') delete parent[last];
      else if (parent[last] && typeof parent[last] === 'object')
        (parent[last] as Record<string, unknown>)[
          Array.isArray(parent[last]) ? String((parent[last] as unknown[]).length) : 'extra'
        ] = value;
      else parent[`${last}_extra`] = value;
      return copy;
    });
}

function bodyArb(name: EndpointName, e: Endpoint) {
  const names = fieldNames(e.body);
  const arbs: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 3 })];
  if (names.length) arbs.push(fc.dictionary(fc.constantFrom(...names), field, { maxKeys: names.length }));
  const base = VALID_BODY[name];
  if (base) arbs.push(mutate(base), mutate(base), fc.constant(base));
  return fc.oneof(...arbs);
}

interface Sent {
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  contentType?: string;
  /** Send the body compressed with this Content-Encoding, or these raw bytes under it (a corrupt stream). */
  encoding?: { name: 'gzip' | 'deflate' | 'br'; corrupt: Uint8Array | null };
}

const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

/** Compressed bodies go through fetch: supertest re-encodes a Buffer sent as JSON. */
async function sendEncoded(r: Sent & { encoding: NonNullable<Sent['encoding']> }, url: string) {
  const bytes = r.encoding.corrupt ?? COMPRESS[r.encoding.name](JSON.stringify(r.body));
  const res = await fetch(`${t.base}${url}`, {
    method: r.method,
    body: Uint8Array.from(bytes),
    headers: {
      'x-api-key': key,
      'content-type': r.contentType ?? 'application/json',
      'content-encoding': r.encoding.name,
    },
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* an SSE stream or a non-JSON body: checked below */
  }
  return { status: res.status, body: json, text };
}

let sinceKey = 0;
let key = '';
async function send(r: Sent) {
  // A fresh all-scope key every few requests keeps per-key limits from answering instead of the route.
  if (sinceKey++ % 25 === 0) key = t.keyWith([...SCOPES]);
  const url = r.path + (r.query ? `?${r.query}` : '');
  const m = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let res: { status: number; body: unknown };
  if (r.encoding && r.body !== undefined && r.method !== 'GET')
    res = await sendEncoded({ ...r, encoding: r.encoding }, url);
  else {
    let req = t.http[m](url).set('X-API-Key', key);
    if (r.body !== undefined)
      req = req.set('Content-Type', r.contentType ?? 'application/json').send(JSON.stringify(r.body));
    res = await req;
  }
  const cause =
    res.status >= 500
      ? ` (logged: ${JSON.stringify(t.logged.at(-1), (_k, v: unknown) => (v instanceof Error ? v.stack : v))?.slice(0, 600)})`
      : '';
  const label = `${r.method} ${url} ${r.encoding ? `[${r.encoding.name}${r.encoding.corrupt ? ', corrupt' : ''}] ` : ''}${r.body === undefined ? '' : JSON.stringify(r.body).slice(0, 300)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}${cause}`;
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) expect(ErrorEnvelope.safeParse(res.body).success, label).toBe(true);
}

const fill = (e: Endpoint, segs: string[]) => {
  let i = 0;
  return e.path.replace(/\{\w+\}/g, () => segs[i++] ?? 'x');
};
const realPath = (e: Endpoint) => fill(e, e.path.match(/\{\w+\}/g)?.map(() => 'metformin') ?? []);
const endpoints = Object.entries(ENDPOINTS) as [EndpointName, Endpoint][];

describe.each(endpoints.map(([name, e]) => [`${e.method} ${e.path}`, name, e] as const))('%s', (_label, name, e) => {
  const params = () =>
    fc.array(segment, {
      minLength: (e.path.match(/\{\w+\}/g) ?? []).length,
      maxLength: (e.path.match(/\{\w+\}/g) ?? []).length,
    });
  const validBody = VALID_BODY[name];

  it('fuzzed path, query and body: never a 5xx, every error the envelope', async () => {
    // path (plus a trailing slash or an odd method now and then)
    await fc.assert(
      fc.asyncProperty(
        params(),
        fc.boolean(),
        fc.constantFrom(e.method, e.method, e.method, 'GET', 'POST', 'PUT', 'DELETE'),
        async (segs, slash, method) => {
          await send({
            method,
            path: fill(e, segs) + (slash ? '/' : ''),
            body: method === e.method && e.body ? validBody : undefined,
          });
        },
      ),
      { numRuns: RUNS_PER_PART, seed: SEED },
    );
    // query, on a real path
    await fc.assert(
      fc.asyncProperty(queryArb(e), async (query) => {
        await send({ method: e.method, path: realPath(e), query, body: e.body ? validBody : undefined });
      }),
      { numRuns: RUNS_PER_PART, seed: SEED + 1 },
    );
    // body, on a real path; routes without one get a body they must ignore; now and then compressed, or a corrupt stream
    const encoding = fc.option(
      fc.record({
        name: fc.constantFrom('gzip' as const, 'deflate' as const, 'br' as const),
        corrupt: fc.option(fc.uint8Array({ maxLength: 64 }), { nil: null }),
      }),
      { nil: undefined, freq: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        bodyArb(name, e),
        fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain'),
        encoding,
        async (body, contentType, enc) => {
          await send({ method: e.method, path: realPath(e), body, contentType, encoding: enc });
        },
      ),
      { numRuns: RUNS_PER_PART, seed: SEED + 2 },
    );
  }, 60_000);
});
