/**
 * `npm start`'s checks (src/build/prepare-start.ts): the content database and the app bundles are rebuilt when an
 * input changed, whatever its mtime says, and not otherwise. The stat stamp's own rules are in test/unit/stat-stamp.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_OUTPUTS, appIsBuilt, buildApp } from '../../src/build/build-app-if-changed.ts';
import { contentFreshness, inputsHash, watchedFiles } from '../../src/build/content-inputs.ts';
import { sharedDataDir } from '../../src/build/paths.ts';
import { REPO_ROOT } from '../helpers/app.ts';
import { editInPlace, later } from '../helpers/edit-in-place.ts';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'materia-start-checks-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('the content database check', () => {
  let dataDir: string;
  let db: string;
  beforeAll(() => {
    // A copy of the public datasets, which the test may change; the database only needs the inputs hash it was built from.
    dataDir = join(tmp, 'shared/data');
    cpSync(sharedDataDir(), dataDir, { recursive: true });
    db = join(tmp, 'db/content.sqlite');
    mkdirSync(dirname(db));
    const d = new Database(db);
    d.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)');
    d.prepare("INSERT INTO meta VALUES ('inputs_sha256', ?)").run(inputsHash(dataDir));
    d.close();
  }, 60_000);

  it('watches our content, the build code, the datasets and the model files', () => {
    const watched = watchedFiles(dataDir);
    for (const f of [
      'resources/content/VERSION.json',
      'src/build/build-content.ts',
      'src/main/db/content-schema.ts',
      'src/main/search/model/manifest.ts',
    ]) {
      expect(watched, f).toContain(join(REPO_ROOT, f));
    }
    expect(watched).toContain(join(dataDir, 'usda-sr28/foods.csv'));
    expect(watched.some((f) => f.endsWith('onnx/model_quantized.onnx'))).toBe(true);
  });

  it('is fresh while nothing changed, also after a touch', () => {
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
    const foods = join(dataDir, 'usda-sr28/foods.csv');
    utimesSync(foods, new Date(), new Date(Date.now() + 1000));
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
  });

  it('is stale when a dataset changed, even with its size and mtime put back, and fresh again once it is restored', () => {
    const foods = join(dataDir, 'usda-sr28/foods.csv');
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
    const before = editInPlace(foods);
    expect(contentFreshness(db, dataDir, later())).toBe('stale');
    expect(contentFreshness(db, dataDir, later())).toBe('stale');
    writeFileSync(foods, before);
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
  });

  it('is stale when a file appears in a dataset folder', () => {
    const extra = join(dataDir, 'nlm-spl-ddi-corpus/DataSet_May_2014_Final/extra-label.xml');
    writeFileSync(extra, '<document/>');
    expect(contentFreshness(db, dataDir, later())).toBe('stale');
    rmSync(extra);
    expect(contentFreshness(db, dataDir, later())).toBe('fresh');
  });

  it('is missing without a database', () => {
    expect(contentFreshness(join(tmp, 'db/none.sqlite'), dataDir, later())).toBe('missing');
  });
});

describe('the app bundles check', () => {
  let root: string;
  let builds = 0;
  const fakeBuild = (r: string) => {
    builds++;
    for (const f of APP_OUTPUTS) {
      mkdirSync(dirname(join(r, f)), { recursive: true });
      writeFileSync(join(r, f), 'built');
    }
    return 0;
  };
  beforeAll(() => {
    root = join(tmp, 'app');
    mkdirSync(join(root, 'src/main'), { recursive: true });
    writeFileSync(join(root, 'src/main/index.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  });

  it('builds when never built, and not again while nothing changed', () => {
    expect(appIsBuilt(root, later())).toBe(false);
    expect(buildApp(root, fakeBuild)).toBe(0);
    expect(appIsBuilt(root, later())).toBe(true);
    utimesSync(join(root, 'tsconfig.json'), new Date(), new Date(Date.now() + 1000));
    expect(appIsBuilt(root, later())).toBe(true);
    expect(builds).toBe(1);
  });

  it('builds again when a source changed (size and mtime put back), a source was added, or a bundle is missing', () => {
    editInPlace(join(root, 'src/main/index.ts'));
    expect(appIsBuilt(root, later())).toBe(false);
    buildApp(root, fakeBuild);
    expect(appIsBuilt(root, later())).toBe(true);
    writeFileSync(join(root, 'src/main/new.ts'), 'export {};\n');
    expect(appIsBuilt(root, later())).toBe(false);
    buildApp(root, fakeBuild);
    expect(appIsBuilt(root, later())).toBe(true);
    rmSync(join(root, APP_OUTPUTS[1]!));
    expect(appIsBuilt(root, later())).toBe(false);
  });

  it('stamps nothing after a failed build', () => {
    writeFileSync(join(root, 'src/main/index.ts'), 'export const a = 2;\n');
    expect(buildApp(root, () => 1)).toBe(1);
    expect(appIsBuilt(root, later())).toBe(false);
  });
});
