/**
 * What an agent's context window pays for the MCP endpoint: the size in characters of each tool's result with its
 * default arguments (the JSON-RPC `result` as sent), of the largest answers the issue measured, and of tools/list per
 * key scope, over loopback HTTP with the official SDK client. Figures go in docs/api.md ("MCP"). Not part of npm test.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { SCOPES, type Scope } from '../src/shared/enums.ts';

const contentDb = openContentDb(
  process.env.MATERIA_CONTENT_DB ?? join(import.meta.dirname, '../resources/db/content.sqlite'),
);
const userDb = openUserDb(join(mkdtempSync(join(tmpdir(), 'materia-bench-')), 'user.sqlite'));
const { app, context } = createApp({ contentDb, userDb, version: 'bench', log: () => {} });
const server = app.listen(0, '127.0.0.1');
await new Promise((ok) => server.once('listening', ok));
const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);

async function client(scopes: readonly Scope[]): Promise<Client> {
  const c = new Client({ name: 'mcp-sizes', version: '1' });
  const key = context.keys.create('bench', [...scopes]).key;
  await c.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  return c;
}

const PARTICIPANT = {
  age: 77,
  albumin: { value: 45, unit: 'g/L' },
  creatinine: { value: 75.68, unit: 'umol/L' },
  glucose: { value: 4.329, unit: 'mmol/L' },
  crp: { value: 0.36, unit: 'mg/dL' },
  lymphocyte_percent: { value: 21.1, unit: '%' },
  mcv: { value: 88.5, unit: 'fL' },
  rdw: { value: 13.7, unit: '%' },
  alkaline_phosphatase: { value: 62, unit: 'U/L' },
  wbc: { value: 7.6, unit: '10^3/uL' },
};
// At the input maxima: 30 substances; 50 foods; 100 lab tests (names from the NLM table).
const THIRTY = [
  'warfarin',
  'fluconazole',
  'aspirin',
  'ibuprofen',
  'simvastatin',
  'amiodarone',
  'clarithromycin',
  'sertraline',
  'fluoxetine',
  'tramadol',
  'metformin',
  'lisinopril',
  'spironolactone',
  'potassium chloride',
  'digoxin',
  'verapamil',
  'diltiazem',
  'clopidogrel',
  'omeprazole',
  'citalopram',
  'lithium',
  'methotrexate',
  'allopurinol',
  'azathioprine',
  'ciprofloxacin',
  'theophylline',
  'carbamazepine',
  'phenytoin',
  'st johns wort',
  'grapefruit',
];
const FIFTY_FOODS = (
  contentDb.prepare('SELECT ndb_no FROM foods ORDER BY rowid LIMIT 50 OFFSET 100').all() as { ndb_no: string }[]
).map((f) => ({ food: f.ndb_no, amount: 100, unit: 'g' }));
const HUNDRED_TESTS = (
  contentDb
    .prepare('SELECT name, units FROM lab_tests WHERE low IS NOT NULL AND units IS NOT NULL LIMIT 100')
    .all() as { name: string; units: string }[]
).map((l) => ({ test: l.name.slice(0, 120), value: 1, unit: l.units.slice(0, 40) }));

const CALLS: [string, Record<string, unknown>][] = [
  ['search', { query: 'metformin' }],
  ['get_compound', { slug: 'metformin' }],
  ['get_compound', { slug: 'metformin', detail: 'full' }],
  ['list_monographs', {}],
  ['get_monograph', { slug: 'warfarin' }],
  ['get_monograph', { slug: 'warfarin', detail: 'standard' }],
  ['get_monograph', { slug: 'warfarin', detail: 'full' }],
  ['fetch', { id: 'materia://monograph/warfarin' }],
  ['list_documents', {}],
  ['list_documents', { limit: 100 }],
  ['get_document', { id: 'scifact-10009203' }],
  ['get_many', { ids: ['warfarin', 'metformin', 'apixaban'] }],
  ['cite_documents', { ids: ['scifact-10009203'] }],
  ['list_conversations', {}],
  ['check_interactions', { substances: ['warfarin', 'fluconazole', 'aspirin'] }],
  ['calculate_bioage', PARTICIPANT],
  ['analyze_bloodwork', { sex: 'female', age: 54, panel: [{ test: 'vitamin d', value: 30, unit: 'nmol/L' }] }],
  ['analyze_inbody', { weight: { value: 80, unit: 'kg' }, height: { value: 180, unit: 'cm' }, sex: 'male', age: 40 }],
  [
    'calculate_macros',
    {
      sex: 'male',
      age: 30,
      weight: { value: 80, unit: 'kg' },
      height: { value: 180, unit: 'cm' },
      activity_level: 'moderate',
      goal: 'lose',
      weekly_rate_kg: 0.5,
    },
  ],
  ['analyze_nutrition', { items: [{ food: '09003', amount: 100, unit: 'g' }] }],
  ['build_peptide_stack', { goals: ['sleep'] }],
  ['build_protocol', { compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' }],
  ['ask_assistant', { messages: [{ role: 'user', content: 'What are the side effects of sertraline?' }] }],
  ['cite_documents', { ids: ['materia://monograph/warfarin'] }],
  ['check_interactions', { substances: THIRTY }],
  ['check_interactions', { substances: THIRTY, detail: 'full' }],
  ['analyze_nutrition', { items: FIFTY_FOODS }],
  ['analyze_nutrition', { items: FIFTY_FOODS, detail: 'full' }],
  ['analyze_bloodwork', { sex: 'female', age: 54, panel: HUNDRED_TESTS }],
  ['analyze_bloodwork', { sex: 'female', age: 54, panel: HUNDRED_TESTS, detail: 'full' }],
];

const admin = await client(SCOPES);
console.log('| tool | arguments | result (characters) | structuredContent | text |\n|---|---|---|---|---|');
for (const [name, args] of CALLS) {
  const r = await admin.callTool({ name, arguments: args });
  const text = (r.content as { type: string; text?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.text!.length)
    .reduce((a, b) => a + b, 0);
  const many = args.substances === THIRTY || args.items === FIFTY_FOODS || args.panel === HUNDRED_TESTS;
  const shown =
    JSON.stringify(args).length <= 60
      ? `\`${JSON.stringify(args)}\``
      : many
        ? `(at the maximum)${args.detail ? ` detail ${String(args.detail)}` : ''}`
        : '(as in the test)';
  console.log(
    `| ${name} | ${shown} | ${JSON.stringify(r).length.toLocaleString('en')}${r.isError ? ' (error)' : ''} | ${JSON.stringify(r.structuredContent ?? null).length.toLocaleString('en')} | ${text.toLocaleString('en')} |`,
  );
}

console.log('\n| key scopes | tools | tools/list (characters) |\n|---|---|---|');
for (const scopes of [['read'], ['tools'], ['chat'], ['read', 'tools', 'chat'], SCOPES] as Scope[][]) {
  const c = await client(scopes);
  const list = await c.listTools();
  console.log(`| ${scopes.join(', ')} | ${list.tools.length} | ${JSON.stringify(list).length.toLocaleString('en')} |`);
  await c.close();
}
const page = await admin.listResources();
console.log(
  `\nresources/list first page: ${page.resources.length} entries, ${JSON.stringify(page).length.toLocaleString('en')} characters, nextCursor ${page.nextCursor ? 'set' : 'absent'}`,
);
await admin.close();
server.close();
