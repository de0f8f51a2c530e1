/**
 * Breadth: every drug on our list of the most prescribed US drugs (test/fixtures/us-commonly-prescribed.json; its
 * provenance is stated there) is in the catalogue, found by name, alternative name or DrugBank synonym.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/main/vocabulary/normalize.ts';
import { CONTENT_DB, REPO_ROOT } from '../helpers/app.ts';

const list = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/us-commonly-prescribed.json'), 'utf8')) as {
  names: string[];
};

describe('the catalogue covers the most prescribed US drugs', () => {
  it('has a record for each of the listed names', () => {
    const db = new Database(CONTENT_DB, { readonly: true });
    const byName = db.prepare<[string], { slug: string }>(
      'SELECT c.slug FROM compound_names n JOIN compounds c ON c.rowid = n.compound_rowid WHERE n.name_norm = ?',
    );
    // A combination record ("amoxicillin-clavulanate") counts for its listed ingredient pair.
    const bySlug = db.prepare<[string, string], { slug: string }>(
      'SELECT slug FROM compounds WHERE slug = ? OR slug LIKE ?',
    );
    const missing = list.names.filter(
      (n) => !byName.get(normalizeName(n)) && !bySlug.get(n.replace(/ /g, '-'), `${n.replace(/ /g, '-')}-%`),
    );
    db.close();
    expect(list.names.length).toBeGreaterThanOrEqual(190);
    expect(missing).toEqual([]);
  });
});
