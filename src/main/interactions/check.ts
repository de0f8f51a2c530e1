/**
 * The interaction check every feature calls: names in, one verdict per pair out, with the resolution of each name,
 * duplicates, the sources' coverage and a plain-language summary. `checkInteractions(db, names)` returns exactly the
 * `data` of POST /v1/tools/interactions/check (without saved_result_id).
 */
import { normalizeName } from '../vocabulary/normalize.ts';
import type { Db } from '../db/connection.ts';
import { INTERACTION_SEVERITIES, type Category, type CompoundStatus, type EvidenceGrade } from '../../shared/enums.ts';
import type { InteractionPair, InteractionsData } from '../../shared/schemas/tools/interactions.ts';
import { coverage } from './coverage.ts';
import { pairVerdicts, type PairVerdict } from './pair-model.ts';
import { keyName, suggestions, type Substance } from '../vocabulary/resolver.ts';
import { resolveLine } from '../vocabulary/med-list.ts';
import { splitMedicationList } from '../vocabulary/med-line.ts';
import { medicinesOnLine } from '../vocabulary/med-list.ts';
import { dosesPerDay, unitsPerDose } from '../vocabulary/dose-count.ts';
import { SEVERITY_RANK, type Severity, type SubstanceContext } from './rules.ts';

export type InteractionCheck = Omit<InteractionsData, 'saved_result_id'>;

export const INTERACTIONS_METHOD = {
  name: 'Materia pair model: DDInter, ONC high-priority and non-interruptive lists, NLM-annotated FDA label sentences, editorial class rules and our records; one verdict per pair at the most severe level',
  reference:
    'Xiong G et al., DDInter, Nucleic Acids Res. 2022;50(D1):D1200-D1207 (CC BY-NC-SA 4.0). Phansalkar S et al., J Am Med Inform Assoc ' +
    '2012;19:735-43 and 2013;20:489-93 (ONC lists, via Ayvaz S et al., J Biomed Inform 2015;55:206-17). NLM SPL drug-interaction corpus (2014). ' +
    'Drugs@FDA products (US FDA). DrugBank open vocabulary (CC0; Wishart DS et al., Nucleic Acids Res. 2018). Materia editorial class rules ' +
    '(resources/content/interaction-rules.json, each with its label basis) and compound records.',
};

/** The same substance twice: same record, same ingredients, same class, or the same words. */
function sameAs(s: Substance): string[] {
  const out = [`t:${normalizeName(s.input)}`];
  if (s.compound) out.push(`c:${s.compound.slug}`);
  if (s.classId) out.push(`k:${s.classId}`);
  else if (s.keys.length) out.push(`i:${[...s.keys].sort().join('+')}`);
  return out;
}

export function findDuplicates(subs: readonly Substance[]): (number | null)[] {
  const first = new Map<string, number>();
  return subs.map((s, i) => {
    const keys = sameAs(s);
    const hit = keys.map((k) => first.get(k)).find((v) => v !== undefined);
    for (const k of keys) if (!first.has(k)) first.set(k, i);
    return hit ?? null;
  });
}

/** The API shape of one verdict. */
export function pairOut(subs: readonly Substance[], v: PairVerdict): InteractionPair {
  return {
    a: { input: subs[v.a]!.input, name: subs[v.a]!.name },
    b: { input: subs[v.b]!.input, name: subs[v.b]!.name },
    severity: v.severity,
    sources_disagree: v.sourcesDisagree,
    sources: v.findings.map((f) => ({
      source: f.source,
      severity: f.severity,
      level: f.level,
      listed_as: f.listedAs,
      reference: f.reference,
      record: f.record,
      rule: f.rule,
      basis: f.basis,
    })),
    mechanism: v.mechanism,
    management: v.management,
    text_from: v.textFrom,
  };
}

function substanceOut(db: Db, s: Substance, dup: number | null, subs: readonly Substance[]) {
  const ddinter = db.prepare<[string], { id: string; name: string }>(
    'SELECT d.id, d.name FROM ix_ddinter x JOIN ddinter_drugs d ON d.id = x.ddinter_id WHERE x.key = ? ORDER BY d.id',
  );
  return {
    input: s.input,
    status: s.status,
    kind: s.kind,
    name: s.name,
    matched_via: s.matchedVia,
    notice: s.notice,
    compound: s.compound
      ? {
          slug: s.compound.slug,
          name: s.compound.name,
          category: s.compound.category as Category,
          status: s.compound.status as CompoundStatus,
          evidence_grade: s.compound.evidence_grade as EvidenceGrade,
        }
      : null,
    ingredients: s.keys.map((k) => ({ key: k, name: keyName(db, k) })),
    ddinter: s.kind === 'class' ? [] : s.keys.flatMap((k) => ddinter.all(k)),
    duplicate_of: dup === null ? null : subs[dup]!.input,
    read_as: s.reading
      ? {
          line: s.reading.line,
          strength: s.reading.strength?.text ?? null,
          form: s.reading.form,
          release: s.reading.release,
          route: s.reading.route,
          frequency: s.reading.frequency,
          as_needed: s.reading.asNeeded,
          status: s.reading.status,
          unread: s.reading.unread,
        }
      : null,
  };
}

export function countBySeverity(list: readonly { severity: Severity }[]): Record<Severity, number> {
  const counts = Object.fromEntries(INTERACTION_SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const x of list) counts[x.severity]++;
  return counts;
}

/** Most severe level of the pairs; an unresolved name lifts "none" to "unknown" (it was not checked, so no reassurance). */
export function highestSeverity(pairs: readonly { severity: Severity }[], unresolved: number): Severity | 'none' {
  let best: Severity | 'none' = 'none';
  for (const p of pairs) if (best === 'none' || SEVERITY_RANK[p.severity] < SEVERITY_RANK[best]) best = p.severity;
  return best === 'none' && unresolved > 0 ? 'unknown' : best;
}

const WHAT: Record<Severity, string> = {
  contraindicated: 'contraindicated (do not combine)',
  major: 'major (avoid the combination, or act on it)',
  moderate: 'moderate (monitor or adjust)',
  minor: 'minor',
  unknown: 'listed without a known severity',
};

function interpret(
  subs: readonly Substance[],
  pairs: readonly InteractionPair[],
  highest: Severity | 'none',
  checked: number,
  live: number,
  unresolved: string[],
  statement: string,
): string {
  const parts: string[] = [];
  if (!pairs.length && !unresolved.length) {
    parts.push(
      `No interaction is listed for the ${checked} pair${checked === 1 ? '' : 's'} of ${live} substances checked. ${statement}`,
    );
  } else if (!pairs.length) {
    const known = live - unresolved.length;
    const among = (known * (known - 1)) / 2;
    parts.push(
      `${among ? `No interaction is listed for the ${among} pair${among === 1 ? '' : 's'} of recognised substances. ` : ''}Absence of a listed interaction is not proof of safety (see coverage).`,
    );
  } else {
    const top = pairs.filter((p) => p.severity === highest);
    const c = countBySeverity(pairs);
    parts.push(
      `Highest severity: ${WHAT[highest as Severity]}, for ${top.map((p) => `${p.a.name} + ${p.b.name}`).join('; ')}. ` +
        `${pairs.length} interacting pair${pairs.length === 1 ? '' : 's'} of ${checked} checked (${INTERACTION_SEVERITIES.filter(
          (s) => c[s],
        )
          .map((s) => `${s} ${c[s]}`)
          .join(', ')}).`,
    );
    const disagree = pairs.filter((p) => p.sources_disagree).length;
    if (disagree)
      parts.push(
        `The sources disagree on ${disagree} pair${disagree === 1 ? '' : 's'}; the most severe level is shown, with each source's level.`,
      );
  }
  if (unresolved.length)
    parts.push(
      `Not recognised, so not checked against the interaction sources: ${unresolved.join(', ')}. The answer is therefore at least "unknown", never "no interaction"; see the suggestions.`,
    );
  const notices = subs.filter((s) => s.notice && s.matchedVia === 'typo').map((s) => s.notice!);
  if (notices.length) parts.push(notices.join(' '));
  parts.push('Editorial summary, not medical advice: review combinations with a pharmacist or prescriber.');
  return parts.join(' ');
}

/**
 * Check already-resolved substances (the builders resolve their own candidates). `contexts[i]` is how substance i is
 * taken (route, dose in mg), when known: rules whose level depends on them read it; unknown gives the more severe level
 * with a note.
 */
export function checkSubstances(
  db: Db,
  subs: readonly Substance[],
  contexts: readonly (SubstanceContext | undefined)[] = [],
): InteractionCheck {
  const duplicates = findDuplicates(subs);
  const skip = new Set(duplicates.flatMap((d, i) => (d === null ? [] : [i])));
  const { verdicts, pairsChecked } = pairVerdicts(db, subs, skip, contexts);
  const pairs = verdicts.map((v) => pairOut(subs, v));
  const live = subs.filter((_, i) => !skip.has(i));
  const unresolved = live.filter((s) => s.status === 'unresolved');
  const highest = highestSeverity(pairs, unresolved.length);
  const cov = coverage(db, live);
  return {
    substances: subs.map((s, i) => substanceOut(db, s, duplicates[i] ?? null, subs)),
    pairs,
    highest_severity: highest,
    counts: countBySeverity(pairs),
    pairs_checked: pairsChecked,
    unresolved: unresolved.map((s) => ({ input: s.input, suggestions: suggestions(db, s.input) })),
    duplicates: subs.flatMap((s, i) =>
      duplicates[i] === null ? [] : [{ input: s.input, same_as: subs[duplicates[i]!]!.input }],
    ),
    coverage: cov,
    method: INTERACTIONS_METHOD,
    interpretation: interpret(
      subs,
      pairs,
      highest,
      pairsChecked,
      live.length,
      unresolved.map((s) => s.input),
      cov.statement,
    ),
    not_medicines: [],
  };
}

/**
 * The whole check from names or medication lines as people write them ("Simvastatin 40mg ON", "co-codamol 30/500
 * QDS PRN"): each entry is read as a line (vocabulary/med-list.ts), so a dose, form or frequency never hides the name,
 * and the route and dose it gives decide the rules that depend on them (simvastatin above 20 mg with amlodipine;
 * intravenous calcium with digoxin). A caller's own contexts win over what the line says. A line that is a heading or
 * a note ("Allergies: NKDA") is listed under `not_medicines`, not checked.
 */
export function checkInteractions(
  db: Db,
  names: readonly string[],
  contexts: readonly (SubstanceContext | undefined)[] = [],
): InteractionCheck {
  const read = names.map((n, i) => readName(db, n, contexts[i]));
  const notes = read.filter((r) => r.note);
  const live = read.filter((r) => !r.note);
  const out = checkSubstances(
    db,
    live.map((r) => r.s),
    live.map((r) => r.ctx),
  );
  return { ...out, not_medicines: notes.map((r) => r.s.input) };
}

/** One name as the checker reads it: the substance its line names, how the line says it is taken, or a note line. */
export interface ReadName {
  s: Substance;
  ctx: SubstanceContext | undefined;
  /** a heading or a note ("Allergies: NKDA"), not a medicine: never checked */
  note: boolean;
}

export function readName(db: Db, name: string, context?: SubstanceContext): ReadName {
  const s = resolveLine(db, name);
  return { s, ctx: context ?? lineContext(s), note: s.reading?.line === 'note' };
}

const TO_MG: Record<string, number> = { mg: 1, g: 1000, mcg: 0.001, ng: 0.000001 };

/**
 * The route, form and dose in mg a medication line gave (a strength pair gives no dose: "30/500 mg" is two ingredients;
 * a patch's "6 mg/24 h" is 6 mg once a day), with the count per dose and doses a day when it says them.
 */
export function lineContext(s: Substance): SubstanceContext | undefined {
  const r = s.reading;
  if (!r) return undefined;
  // a patch's strength per 24 hours ("Emsam 6 mg/24 h") is its daily dose
  const daily = /^(mg|g|mcg|ng)\/24 ?h(?:rs?|ours?)?$/.exec(r.strength?.unit ?? '');
  const factor = r.strength?.unit ? (TO_MG[r.strength.unit] ?? (daily ? TO_MG[daily[1]!] : undefined)) : undefined;
  const ctx: SubstanceContext = {};
  if (r.route) ctx.route = r.route;
  if (r.form) ctx.form = r.form;
  if (factor !== undefined && r.strength!.values.length === 1) {
    ctx.doseMg = r.strength!.value * factor;
    // what a label's daily limit needs: how many units a dose and how many doses a day (dose-limits.ts)
    const units = unitsPerDose(r.dose);
    const perDay = dosesPerDay(r.frequency);
    if (units !== null) ctx.unitsPerDose = units;
    if (perDay !== null) ctx.dosesPerDay = perDay;
    if (daily) ctx.dosesPerDay = 1;
  }
  return ctx.route || ctx.form || ctx.doseMg !== undefined ? ctx : undefined;
}

/**
 * The lines of a pasted list (newlines, semicolons, commas; fragments such as "twice daily" stay with their line), a
 * line holding two medicines with their own doses counted as two, so the pair between them is checked.
 */
export function listLines(db: Db, text: string): string[] {
  return splitMedicationList(text).flatMap((l) => medicinesOnLine(db, l));
}
