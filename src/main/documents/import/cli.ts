/**
 * `npm run import -- <file> [--format json|jsonl|pubmed_xml]`: imports documents into the user database of
 * MATERIA_DATA_DIR (the server may keep running: the CLI commits in bounded batches, batches.ts, and the server waits for its turn without
 * blocking, db/busy.ts), with a progress bar and a report.
 */
import { readFileSync, statSync } from 'node:fs';
import { decodeText, escapeControls } from '../../cli/text-file.ts';
import { ensurePrivateDir } from '../../db/private-files.ts';
import { basename, join, resolve } from 'node:path';
import { openUserDb } from '../../db/connection.ts';
import { readConfig } from '../../config/environment.ts';
import { IMPORT_FORMATS } from '../../../shared/schemas/documents.ts';
import { importInBatches } from './batches.ts';
import { documentImportedData } from '../../webhooks/event-data.ts';
import { WebhookService } from '../../webhooks/webhook-service.ts';
import { progressReporter } from '../../cli/progress-bar.ts';
import { formatFromFileName, readRecords, type ImportFormat } from './read-records.ts';

const args = process.argv.slice(2);
const formatArg = args.indexOf('--format');
const format = (formatArg >= 0 ? args[formatArg + 1] : undefined) as ImportFormat | undefined;
const file = args.find((a, i) => !a.startsWith('--') && (formatArg < 0 || i !== formatArg + 1));
if (!file || (format && !IMPORT_FORMATS.includes(format))) {
  console.error(`usage: npm run import -- <file.json|file.jsonl|file.xml> [--format ${IMPORT_FORMATS.join('|')}]`);
  process.exit(2);
}
const chosen = format ?? formatFromFileName(file);
if (!chosen) {
  fail(`cannot tell the format of ${basename(file)}: pass --format ${IMPORT_FORMATS.join('|')}`);
}
const config = readConfig(process.env, resolve(import.meta.dirname, '../../../..'));
ensurePrivateDir(config.dataDir);
const db = openUserDb(join(config.dataDir, 'user.sqlite'));
/** Every failure is one line, with the file's own text escaped: no stack trace, no raw bytes on the terminal. */
function fail(message: string, code = 2): never {
  console.error(escapeControls(message));
  process.exit(code);
}
process.on('uncaughtException', (err) => fail(`import failed: ${err.message.split('\n')[0]}`, 1));
let text: string;
try {
  if (statSync(file).isDirectory()) fail(`${file} is a folder; give a .json, .jsonl or .xml file`);
  text = decodeText(readFileSync(file));
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  fail(
    `cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EACCES' ? 'permission denied' : e.message.split('\n')[0]}`,
  );
}
const raw = readRecords(chosen, text);
// Bounded transactions (batches.ts): a running server keeps its turn at the write lock. Each batch and its
// document.imported webhook event commit together; the server's delivery worker sends them.
const webhooks = new WebhookService(db, { now: Date.now });
const report = await importInBatches(db, raw, {
  now: Date.now,
  onProgress: progressReporter('importing'),
  onBatch: (r) => {
    if (r.created + r.updated > 0) webhooks.emit('document.imported', documentImportedData(r));
  },
});
db.close();
console.log(
  escapeControls(
    `${report.received} record(s): ${report.created} created, ${report.updated} updated, ${report.failed.length} failed (into ${config.dataDir})`,
  ),
);
for (const f of report.failed.slice(0, 50)) {
  console.log(
    escapeControls(
      `  record ${f.index}${f.key ? ` (${f.key})` : ''}: ${f.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    ),
  );
}
if (report.failed.length > 50) console.log(`  … and ${report.failed.length - 50} more`);
process.exit(report.created + report.updated === 0 && report.received > 0 ? 1 : 0);
