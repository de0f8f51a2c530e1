import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSeed, seedPath, writeSeed } from '../../src/build/steps/vector-seed.ts';
import { MINILM } from '../../src/main/search/model/manifest.ts';

describe('the vector seed', () => {
  it('round-trips vectors exactly and answers nothing for another model fingerprint', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'materia-seed-')), 'x.vectors');
    const a = Float32Array.from({ length: 384 }, (_, i) => Math.sin(i) / 10);
    const b = Float32Array.from({ length: 384 }, (_, i) => Math.cos(i) / 10);
    writeSeed(
      path,
      'fp-1',
      new Map([
        ['00112233445566778899aabbccddeeff', a],
        ['ffeeddccbbaa99887766554433221100', b],
      ]),
    );
    const back = readSeed(path, 'fp-1');
    expect([...back.keys()].sort()).toEqual(['00112233445566778899aabbccddeeff', 'ffeeddccbbaa99887766554433221100']);
    expect(back.get('00112233445566778899aabbccddeeff')).toEqual(a);
    expect(readSeed(path, 'fp-2').size).toBe(0);
  });

  it('ships with the repository for the default model', () => {
    expect(seedPath(MINILM.modelId)).toMatch(/resources\/embeddings\/sentence-transformers_all-MiniLM-L6-v2\.vectors$/);
  });
});
