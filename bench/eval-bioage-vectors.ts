/**
 * Checks the bioage tool against all 37,583 NHANES IV PhenoAge reference vectors
 * (/work/shared/data/bioage-nhanes/phenoage_reference_vectors_nhanes4.csv, column phenoage0 = BioAge's original
 * PhenoAge). Runs each row through the full request path (schema parse → runner, SI units) and prints the maximum
 * absolute error in years; exits non-zero if it exceeds 1e-6.
 *
 *   cd /work/main && npx tsx bench/eval-bioage-vectors.ts [path/to/csv]
 *
 * Also reported, for information: the same rows entered in conventional units (g/dL, mg/dL), whose differences come
 * only from NHANES's own SI factors (creatinine × 88.4017, glucose × 0.0555) versus our molar-mass conversion.
 */
import { join, resolve } from 'node:path';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { openContentDb } from '../src/main/db/connection.ts';
import { MonographRepo } from '../src/main/monographs/monograph-repo.ts';
import { BioageRequest } from '../src/shared/schemas/tools/bioage.ts';
import type { ToolContext } from '../src/main/tools/tool.ts';
import { readReferenceVectors, siRequest } from '../src/main/tools/bioage/reference-vectors.ts';
import { bioageTool } from '../src/main/tools/bioage/tool.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const csvPath = resolve(
  process.argv[2] ?? join(REPO_ROOT, '../shared/data/bioage-nhanes/phenoage_reference_vectors_nhanes4.csv'),
);
const contentPath = resolve(process.env.MATERIA_CONTENT_DB ?? join(REPO_ROOT, 'resources/db/content.sqlite'));
const TOLERANCE = 1e-6;

const content = openContentDb(contentPath);
const compounds = new CompoundRepo(content);
const ctx: ToolContext = {
  content,
  compounds,
  monographs: new MonographRepo(content, compounds),
  now: () => Date.now(),
};

let n = 0;
let maxAge = 0;
let maxXb = 0;
let maxM = 0;
let maxConventional = 0;
let worst = '';
let failures = 0;
for (const row of readReferenceVectors(csvPath)) {
  const num = row.num;
  const si = BioageRequest.parse(siRequest(row));
  const out = bioageTool.run(ctx, si);
  const err = Math.abs(out.phenotypic_age.value - num('phenoage0'));
  if (err > maxAge) {
    maxAge = err;
    worst = row.sampleId;
  }
  if (!(err <= TOLERANCE)) failures++;
  maxXb = Math.max(maxXb, Math.abs(out.linear_predictor.value - num('xb_bioage')));
  maxM = Math.max(maxM, Math.abs(out.mortality_score.value - num('mortality_score_bioage')));

  const conventional = bioageTool.run(
    ctx,
    BioageRequest.parse({
      ...si,
      albumin: { value: num('albumin'), unit: 'g/dL' },
      creatinine: { value: num('creat'), unit: 'mg/dL' },
      glucose: { value: num('glucose'), unit: 'mg/dL' },
      crp: { value: num('crp') * 10, unit: 'mg/L' },
    }),
  );
  maxConventional = Math.max(maxConventional, Math.abs(conventional.phenotypic_age.value - num('phenoage0')));
  n++;
}
content.close();

console.log(`rows checked:                          ${n}`);
console.log(
  `max |PhenoAge − phenoage0| (SI input):  ${maxAge.toExponential(3)} years (worst ${worst}); tolerance ${TOLERANCE}`,
);
console.log(`max |xb − xb_bioage|:                   ${maxXb.toExponential(3)}`);
console.log(`max |M − mortality_score_bioage|:       ${maxM.toExponential(3)}`);
console.log(`rows over tolerance:                    ${failures}`);
console.log(
  `(info) conventional-unit input, max |Δ|: ${maxConventional.toExponential(3)} years (NHANES SI factors vs molar mass)`,
);
if (n !== 37583 || failures > 0) {
  console.error(n !== 37583 ? `expected 37583 rows, read ${n}` : `${failures} rows exceed ${TOLERANCE} years`);
  process.exit(1);
}
