/**
 * Per-claim sources of a monograph (docs/content.md "Per-claim sources"): which entries of its `basis` list each
 * clinical outcome and each indication rests on. Shared by the content build and the script that merges the editors' maps,
 * so both refuse the same mistakes.
 */
import { z } from 'zod';

/** 1-based positions in the monograph's `basis`, as the monograph prints them; [] when no listed source clearly supports the claim. */
export const CitedBasis = z
  .array(z.int().min(1))
  .refine((ns) => new Set(ns).size === ns.length, { message: 'a basis entry is listed twice' });

export const ClaimBasisSource = z.strictObject({
  clinical_outcomes: z.array(CitedBasis),
  indications: z.array(CitedBasis),
});
export type ClaimBasisSource = z.infer<typeof ClaimBasisSource>;

export const CLAIM_SECTIONS = ['clinical_outcomes', 'indications'] as const;

export interface ClaimBasisProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What does not fit the monograph it belongs to: an array whose length differs from its claims (a claim added or
 * removed since the mapping was written would otherwise shift every later citation), or a number beyond the basis list.
 */
export function claimBasisProblems(
  m: { basis: readonly string[]; clinical_outcomes: readonly unknown[]; indications: readonly unknown[] },
  claims: ClaimBasisSource,
): ClaimBasisProblem[] {
  const problems: ClaimBasisProblem[] = [];
  for (const section of CLAIM_SECTIONS) {
    const cited = claims[section];
    if (cited.length !== m[section].length) {
      problems.push({
        path: [section],
        message: `${cited.length} entries for ${m[section].length} ${section.replace('_', ' ')}`,
      });
    }
    cited.forEach((ns, i) =>
      ns.forEach((n, j) => {
        if (n > m.basis.length)
          problems.push({
            path: [section, i, j],
            message: `basis entry ${n} does not exist (the basis lists ${m.basis.length})`,
          });
      }),
    );
  }
  return problems;
}
