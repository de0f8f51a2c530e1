/**
 * NLM's annotated FDA label corpus (182 SPLs of 2014, mostly cardiovascular and renal; via dbmi-pitt): every sentence
 * pair annotated as an interaction (`<pair ddi="true">`) between two drugs, or a drug and a class we know, becomes a
 * pair row carrying the label's own sentence as mechanism/management text. The corpus gives no severity, so the level
 * is read from the sentence's wording (labelSeverity) and documented as such.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { XMLParser } from 'fast-xml-parser';
import type { ClassMention } from './interaction-rules.ts';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import type { IxNames } from './interaction-names.ts';
import { NLM_DIR } from './interaction-inputs.ts';

type Severity = 'contraindicated' | 'major' | 'moderate' | 'minor' | 'unknown';

/** The severity a label sentence states: its own words, strongest first; none of them → unknown. */
export function labelSeverity(text: string): Severity {
  // "[see Contraindications (4)]" points elsewhere; it does not say this pair is contraindicated.
  const sentence = text.replace(/\bsee\b[^.;]*?\bcontraindications?\b(?:\s*\([\d.,\s]+\))?/gi, ' ');
  if (/contraindicat/i.test(sentence)) return 'contraindicated';
  if (
    /\bno (?:dose |dosage |dosing )?adjustments?\b|\bnot (?:clinically )?(?:significant|relevant|meaningful)\b|\bno (?:clinically )?(?:significant|relevant|meaningful)\b/i.test(
      sentence,
    )
  )
    return 'minor';
  if (
    /\b(?:avoid\w*|should not|must not|do not|not recommended|is not advised|fatal|life-threatening)\b/i.test(sentence)
  )
    return 'major';
  if (
    /\b(?:monitor\w*|adjust\w*|reduc\w* the dose|dose reduction|lower (?:the )?dose|caution|careful\w*|titrat\w*|decrease (?:the )?dose)\b/i.test(
      sentence,
    )
  )
    return 'moderate';
  return 'unknown';
}

interface Entity {
  id: string;
  text: string;
  type: string;
  charOffset?: string;
}
interface Pair {
  e1: string;
  e2: string;
  ddi: string | boolean;
}
interface Anaphora {
  anaphoraEntity?: { id: string; charOffset?: string };
  antecedentEntity?: { text: string };
}
interface Sentence {
  id: string;
  text: string;
  entity?: Entity[];
  pair?: Pair[];
  anaphoraRelation?: Anaphora | Anaphora[];
}
interface Doc {
  document: { setID: string; labelDrug?: { name: string }; generic?: { name: string }; sentence?: Sentence[] };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name) => ['sentence', 'entity', 'pair'].includes(name),
});

export function loadNlmSpl(
  db: Database,
  names: IxNames,
  classByText: (text: string, context?: ClassMention) => string | null,
  dataDir: string,
): { labels: number; pairs: number } {
  const dir = join(dataDir, NLM_DIR);
  const insert = db.prepare(`INSERT INTO ix_pairs (a, b, source, level, severity, a_name, b_name, text, reference)
    VALUES (?, ?, 'nlm_spl', ?, ?, ?, ?, ?, ?)`);
  let labels = 0;
  let pairs = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()) {
    const doc = (parser.parse(readFileSync(join(dir, file), 'utf8')) as Doc).document;
    labels++;
    const brand = doc.labelDrug?.name ?? '';
    const generic = doc.generic?.name ?? '';
    const reference = `FDA label ${brand}${generic ? ` (${generic})` : ''}, DailyMed set id ${doc.setID}; NLM SPL drug-interaction corpus (2014)`;
    // An entity is a drug we can key (the label's brand means its generic), or a class our rules define.
    const identify = (e: Entity, sentence: string): { key: string; name: string } | null => {
      let text = e.text.trim();
      if (brand && normalizeName(text) === normalizeName(brand) && generic) text = generic;
      if (e.type === 'Drug' || e.type === 'Substance' || e.type === 'Biomedical_Entity') {
        const key = names.key(text);
        if (names.hasKey(key)) return { key, name: text };
      }
      // The class mention in its sentence: "a non-CYP3A4-metabolized statin" is not every statin.
      const span = /^(\d+):(\d+)$/.exec(e.charOffset ?? '');
      const cls = classByText(text, span ? { sentence, start: Number(span[1]), end: Number(span[2]) } : undefined);
      return cls ? { key: `class:${cls}`, name: text } : null;
    };
    const seen = new Set<string>();
    for (const s of doc.sentence ?? []) {
      // A class anaphor ("the statin") stands for its antecedent ("statins metabolized by CYP3A4"), which says which members.
      // (The annotators give the anaphor's entity its own id at the same offset.)
      const antecedents = new Map(
        [s.anaphoraRelation ?? []]
          .flat()
          .flatMap((r) =>
            r.anaphoraEntity?.charOffset && r.antecedentEntity?.text
              ? [[r.anaphoraEntity.charOffset, r.antecedentEntity.text] as const]
              : [],
          ),
      );
      const entities = new Map(
        (s.entity ?? []).map((e) => {
          const antecedent = e.type === 'Drug_Class' && e.charOffset ? antecedents.get(e.charOffset) : undefined;
          return [e.id, antecedent ? { id: e.id, text: antecedent, type: e.type } : e];
        }),
      );
      const triggers = [
        ...new Set(
          (s.entity ?? [])
            .filter((e) => e.type.endsWith('_Interaction'))
            .map((e) => e.type.replace('_Interaction', '').toLowerCase()),
        ),
      ];
      for (const p of s.pair ?? []) {
        if (String(p.ddi) !== 'true') continue;
        // "labelDrug" stands for the drug the label is about, named nowhere in the sentence.
        const labelEntity: Entity = { id: 'labelDrug', text: generic || brand, type: 'Drug' };
        const x = p.e1 === 'labelDrug' ? labelEntity : entities.get(p.e1);
        const y = p.e2 === 'labelDrug' ? labelEntity : entities.get(p.e2);
        if (!x || !y) continue;
        const ix = identify(x, p.e1 === 'labelDrug' ? '' : s.text);
        const iy = identify(y, p.e2 === 'labelDrug' ? '' : s.text);
        if (!ix || !iy || ix.key === iy.key) continue;
        const [a, b] = ix.key < iy.key ? [ix, iy] : [iy, ix];
        const id = `${a.key}\0${b.key}\0${s.id}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const text = s.text.replace(/\s+/g, ' ').trim();
        insert.run(
          a.key,
          b.key,
          `label sentence${triggers.length ? ` (${triggers.join(', ')})` : ''}`,
          labelSeverity(text),
          a.name,
          b.name,
          text,
          reference,
        );
        pairs++;
      }
    }
  }
  return { labels, pairs };
}
