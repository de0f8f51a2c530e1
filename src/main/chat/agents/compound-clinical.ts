/**
 * Compound specialists for clinical use: dosing, a compound's interaction list, contraindications, side effects,
 * pregnancy and breastfeeding, and monitoring. Each reads the compound record and, when there is one, the monograph.
 */
import { sentences } from '../../../shared/sentences.ts';
import { monitoringOf, type MonographLike } from '../../tools/protocol/compute.ts';
import type { TypicalDosing } from '../../tools/peptide-stack/compute.ts';
import type { Analysis, Intent } from '../analyze.ts';
import { cite, sentence, type Statement } from '../evidence.ts';
import { list, perCompound } from './records.ts';
import type { Agent } from './types.ts';

/** Routes when the question names a compound and asks this kind of question. */
export const compoundRoute =
  (...intents: Intent[]) =>
  (a: Analysis) =>
    a.compounds.length > 0 && intents.some((i) => a.intents.has(i)) ? 0.9 : 0;

export const dosingAgent: Agent = {
  id: 'dosing',
  name: 'Dosing',
  group: 'compound',
  covers:
    'typical doses, frequency, route, duration and loading doses of a compound, and the doses studied per indication',
  uses: ['compound records (typical_dosing)', 'monographs (dosing, indications)'],
  example: 'What is the usual dose of metformin?',
  route: compoundRoute('dosing'),
  run: perCompound('Dosing', ({ record: r, monograph: m, rec, mono }) => {
    const d = r.typical_dosing as TypicalDosing | undefined;
    const out: Statement[] = [];
    if (d) {
      out.push({
        text:
          d.amount === null
            ? sentence(
                `${r.name}: no established human dose (${d.unit}; ${d.frequency}); route ${d.route}; duration ${d.duration}`,
              )
            : sentence(
                `${r.name}: typically ${d.amount} ${d.unit}, ${d.frequency}; route ${d.route}; duration ${d.duration}`,
              ),
        sources: [rec],
      });
    }
    if (m && mono) {
      out.push({
        text: `${sentence(`Monograph dosing for ${r.name}: ${m.dosing.typical_dose}`)} ${sentence(`Frequency: ${m.dosing.frequency}`)} ${sentence(`Duration: ${m.dosing.duration}`)}`,
        sources: [mono],
      });
      if (m.dosing.loading_dose)
        out.push({ text: sentence(`Loading dose: ${m.dosing.loading_dose}`), sources: [mono] });
      for (const ind of m.indications.slice(0, 3))
        out.push({
          text: sentence(`For ${ind.condition} (evidence grade ${ind.evidence_grade}): ${ind.typical_dosage}`),
          sources: [mono],
        });
      if (m.dosing.notes) out.push({ text: sentence(`Notes: ${m.dosing.notes}`), sources: [mono] });
    }
    return out;
  }),
};

export const interactionsAgent: Agent = {
  id: 'interactions',
  name: 'Interactions of one compound',
  group: 'compound',
  covers:
    "everything a compound's record and monograph list as interacting with it (drugs, supplements, foods), most severe first",
  uses: [
    'compound records (interactions, editorial and DDInter)',
    'monographs (drug, supplement and food interactions)',
  ],
  example: 'What does warfarin interact with?',
  // two or more substances named: the interaction checker answers for the pairs asked, not one compound's whole list
  route: (a) =>
    a.compounds.filter((c) => !c.family).length === 1 && a.substances.length < 2 && a.intents.has('interactions')
      ? 0.85
      : 0,
  run: (a, deps) => ({ ...interactionList(a, deps), keepAll: true }),
};

const interactionList = perCompound('Interactions', ({ record: r, monograph: m, rec, mono }) => {
  const rank = { contraindicated: 0, major: 1, moderate: 2, minor: 3, unknown: 4 } as Record<string, number>;
  const items = [...(r.interactions ?? [])].sort((x, y) => (rank[x.severity] ?? 5) - (rank[y.severity] ?? 5));
  // entries with a note of their own get a line each; DDInter's bare levels are folded into one line per severity
  const bare = (i: { source?: string; notes: string }) =>
    i.source === 'ddinter' || /^Listed in DDInter as /i.test(i.notes);
  const explained = items.filter((i) => !bare(i));
  const out: Statement[] = explained
    .slice(0, 8)
    .map((i) => ({ text: sentence(`${r.name} + ${i.substance} (${i.severity}): ${i.notes}`), sources: [rec] }));
  if (explained.length > 8)
    out.push({
      text: sentence(
        `The ${r.name} record explains ${explained.length - 8} more interactions (GET /v1/compounds/${r.slug})`,
      ),
      sources: [rec],
    });
  // Foods the monograph explains come before DDInter's bare names: they say what to do.
  for (const f of m?.interactions.food_interactions ?? [])
    out.push({
      text: sentence(`Food: ${f.substance} (${f.severity}): ${f.effect} ${sentence(f.management)}`),
      sources: [mono!],
    });
  const folded = Map.groupBy(items.filter(bare), (i) => i.severity);
  const faint: string[] = [];
  for (const [severity, list] of [...folded].sort(([x], [y]) => (rank[x] ?? 5) - (rank[y] ?? 5))) {
    const names = list.map((i) => i.substance);
    // Minor and unrated pairs are counted, not named: a hundred names pushed warfarin's answer past its token
    // budget (1,024) and cut the food advice that followed.
    if (severity === 'minor' || severity === 'unknown') {
      faint.push(`${names.length} ${severity === 'unknown' ? 'without a rated level' : 'minor'}`);
      continue;
    }
    out.push({
      text: sentence(
        `DDInter also lists ${names.length} ${severity} interaction${names.length === 1 ? '' : 's'} of ${r.name} without mechanism or management text: ${names.slice(0, 12).join(', ')}${names.length > 12 ? `, and ${names.length - 12} more` : ''}`,
      ),
      sources: [rec],
    });
  }
  if (faint.length)
    out.push({
      text: sentence(
        `DDInter also lists ${faint.join(' and ')} interactions of ${r.name} (GET /v1/compounds/${r.slug})`,
      ),
      sources: [rec],
    });
  if (!out.length)
    out.push({
      text: sentence(
        `The ${r.name} record lists no interactions, and DDInter has no pair between it and a drug we carry`,
      ),
      sources: [rec],
    });
  return out;
});

export const contraindicationsAgent: Agent = {
  id: 'contraindications',
  name: 'Contraindications',
  group: 'compound',
  covers: 'who should not take a compound, from its monograph',
  uses: ['monographs (safety_profile.contraindications)'],
  example: 'Who should not take metformin?',
  route: compoundRoute('contraindications'),
  run: perCompound('Contraindications', ({ record: r, monograph: m, rec, mono }) => {
    if (!m || !mono)
      return [
        {
          text: sentence(
            `The knowledge base has no monograph for ${r.name}, so it holds no contraindication list for it; its record names these side effects: ${list(r.side_effects)}`,
          ),
          sources: [rec],
        },
      ];
    if (!m.safety_profile.contraindications.length)
      return [{ text: sentence(`The ${r.name} monograph lists no contraindications`), sources: [mono] }];
    return m.safety_profile.contraindications.map((c) => ({ text: sentence(`${r.name}: ${c}`), sources: [mono] }));
  }),
};

export const sideEffectsAgent: Agent = {
  id: 'side_effects',
  name: 'Side effects',
  group: 'compound',
  covers: "common and serious side effects with their frequency bands, and the monograph's adverse-event summary",
  uses: ['monographs (safety_profile)', 'compound records (side_effects)'],
  example: 'What are the side effects of sertraline?',
  route: (a) => {
    if (!a.compounds.length || !a.intents.has('side_effects')) return 0;
    // "safe"/"safety" alone is weak: a more specific question (pregnancy, interactions…) is answered by its own agent
    if (/\b(?:side[- ]effects?|adverse|toxic\w*|risks?|dangers?|dangerous|harm\w*|downsides?)\b/i.test(a.text))
      return 0.9;
    return ['pregnancy', 'interactions', 'contraindications', 'dosing'].some((i) => a.intents.has(i as never))
      ? 0
      : 0.6;
  },
  run: perCompound('Side effects', ({ record: r, monograph: m, rec, mono }) => {
    if (!m || !mono)
      return [
        { text: sentence(`${r.name} side effects (compound record): ${list(r.side_effects, 10)}`), sources: [rec] },
      ];
    const fmt = (e: { effect: string; frequency: string }) => `${e.effect} (${e.frequency.replace('_', ' ')})`;
    const out: Statement[] = [];
    if (m.safety_profile.common_side_effects.length)
      out.push({
        text: sentence(`${r.name} common side effects: ${list(m.safety_profile.common_side_effects.map(fmt), 8)}`),
        sources: [mono],
      });
    if (m.safety_profile.serious_side_effects.length)
      out.push({
        text: sentence(`Serious side effects: ${list(m.safety_profile.serious_side_effects.map(fmt), 8)}`),
        sources: [mono],
      });
    if (m.safety_profile.adverse_events) out.push({ text: sentence(m.safety_profile.adverse_events), sources: [mono] });
    return out;
  }),
};

const PREGNANCY =
  /\b(?:pregnan\w*|breast-?feed\w*|breastfeed\w*|lactation|nursing|fetal|foetal|teratogen\w*|conception|conceive)\b/i;

export const pregnancyAgent: Agent = {
  id: 'pregnancy',
  name: 'Pregnancy and breastfeeding',
  group: 'compound',
  covers: "what a compound's monograph and record say about pregnancy, breastfeeding and conception",
  uses: [
    'monographs (contraindications, dosing notes, indications, side effects)',
    'compound records (description, side effects)',
  ],
  example: 'Is warfarin safe during pregnancy?',
  route: (a) => (a.compounds.length && a.intents.has('pregnancy') ? 0.95 : 0),
  run: perCompound('Pregnancy and breastfeeding', ({ record: r, monograph: m, rec, mono }) => {
    const texts: { text: string; mono: boolean }[] = [
      ...r.side_effects.map((t) => ({ text: t, mono: false })),
      ...sentences(r.description).map((t) => ({ text: t, mono: false })),
      ...(m
        ? [
            ...m.safety_profile.contraindications,
            m.dosing.notes,
            m.safety_profile.adverse_events,
            ...m.safety_profile.serious_side_effects.map((e) => `${e.effect}${e.notes ? ` (${e.notes})` : ''}`),
            ...m.indications.map((i) => i.condition),
          ]
            .flatMap((t) => sentences(t))
            .map((t) => ({ text: t, mono: true }))
        : []),
    ];
    const hits = [...new Map(texts.filter((t) => PREGNANCY.test(t.text)).map((t) => [t.text, t])).values()].slice(0, 6);
    if (!hits.length) {
      return [
        {
          text: sentence(
            `Neither the ${r.name} record${m ? ' nor its monograph' : ''} says anything specific about pregnancy or breastfeeding; that is an absence of information, not evidence of safety`,
          ),
          sources: mono ? [rec, mono] : [rec],
        },
      ];
    }
    return hits.map((h) => ({ text: sentence(`${r.name}: ${h.text}`), sources: [h.mono && mono ? mono : rec] }));
  }),
};

export const monitoringAgent: Agent = {
  id: 'monitoring',
  name: 'Monitoring',
  group: 'compound',
  covers: "which lab tests a compound's safety text calls for, with their LOINC-coded reference ranges",
  uses: [
    'monographs (safety profile, dosing notes)',
    'NLM lab reference ranges (lab_tests)',
    "the protocol builder's monitoring rules",
  ],
  example: 'What labs should be monitored on atorvastatin?',
  route: compoundRoute('monitoring'),
  run(a, deps) {
    const lab = deps.content.prepare<[string], { loinc: string; name: string; range_text: string | null }>(
      'SELECT loinc, name, range_text FROM lab_tests WHERE loinc = ? ORDER BY rowid LIMIT 1',
    );
    return perCompound('Monitoring', ({ record: r, monograph: m, rec, mono }) => {
      const input = {
        slug: r.slug,
        name: r.name,
        category: r.category,
        subcategory: r.subcategory,
        status: r.status,
        evidence_grade: r.evidence_grade,
        description: r.description,
        typical_dosing: r.typical_dosing as TypicalDosing,
        side_effects: r.side_effects,
        monograph: (m as MonographLike | null) ?? null,
      };
      const hits = monitoringOf([input]);
      if (!hits.length)
        return [
          {
            text: sentence(
              `The ${r.name} ${m ? 'monograph' : 'record'} names no condition that calls for a routine lab test`,
            ),
            sources: [mono ?? rec],
          },
        ];
      return hits.map((h) => {
        const rows = h.panel.loinc.map((l) => lab.get(l)).filter((x) => x !== undefined);
        const why = h.reasons[0]!.text;
        const ranges = rows.map((x) => `${x.name}${x.range_text ? ` ${x.range_text}` : ''}`).join('; ');
        return {
          text: sentence(
            `${h.panel.panel}, because the ${r.name} ${m ? 'monograph' : 'record'} says: "${why.replace(/\.$/, '')}"${ranges ? `. Reference: ${ranges}` : ''}`,
          ),
          sources: [mono ?? rec, ...rows.map((x) => cite.labTest(x.loinc, x.name))],
        };
      });
    })(a, deps);
  },
};
