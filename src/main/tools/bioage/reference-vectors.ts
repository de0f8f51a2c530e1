/**
 * The NHANES IV PhenoAge reference vectors (../shared/data/bioage-nhanes/phenoage_reference_vectors_nhanes4.csv),
 * read for the test and the evaluation script, and each row as the SI-unit request the API would receive.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { BioageRequest } from '../../../shared/schemas/tools/bioage.ts';

export interface ReferenceRow {
  sampleId: string;
  num(column: string): number;
}

export function readReferenceVectors(path: string): ReferenceRow[] {
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
  const header = lines[0]!.split(',');
  const index = new Map(header.map((name, i) => [name, i]));
  const col = (name: string) => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`column ${name} missing from ${path}`);
    return i;
  };
  return lines.slice(1).map((line) => {
    const f = line.split(',');
    return { sampleId: f[col('sampleID')]!, num: (name: string) => Number(f[col(name)]) };
  });
}

/** A row in the SI units the PhenoAge model uses (CRP in mg/dL), as a bioage request body. */
export function siRequest(row: ReferenceRow): z.input<typeof BioageRequest> {
  const v = row.num;
  return {
    age: v('age'),
    albumin: { value: v('albumin_gL'), unit: 'g/L' },
    creatinine: { value: v('creat_umol'), unit: 'umol/L' },
    glucose: { value: v('glucose_mmol'), unit: 'mmol/L' },
    crp: { value: v('crp'), unit: 'mg/dL' },
    lymphocyte_percent: { value: v('lymph'), unit: '%' },
    mcv: { value: v('mcv'), unit: 'fL' },
    rdw: { value: v('rdw'), unit: '%' },
    alkaline_phosphatase: { value: v('alp'), unit: 'U/L' },
    wbc: { value: v('wbc'), unit: '10^3/uL' },
  };
}
