/**
 * A monograph's sources as citations, in cite_documents' formats (BibTeX, RIS, CSL-JSON). A monograph's `basis` entries
 * are short descriptions written by our editors ("US prescribing information (Coumadin)", "CHEST guideline on …"),
 * with no identifier: each becomes a citation of that description alone, typed as a generic work, with a note naming
 * the monograph, the entry's number and the claims it supports (`sources.claims`, docs/content.md "Per-claim sources").
 * No author, year, DOI, PMID or URL is added: the data holds none.
 */
import type { Monograph } from '../../shared/schemas/monographs.ts';
import { tex } from './citations.ts';

export interface MonographSource {
  /** `<slug>-basis-<n>`: stable while the monograph's basis list keeps its order. */
  id: string;
  monograph: { slug: string; name: string; resource: string };
  /** Position in `sources.basis`, counted from 1, as the monograph prints it. */
  number: number;
  text: string;
  /** The claims citing this entry: "clinical outcome 2", "indication 1"; empty when the claims are not mapped. */
  supports: string[];
}

const CLAIM_LABEL = { clinical_outcomes: 'clinical outcome', indications: 'indication' } as const;

export function monographSources(m: Monograph): MonographSource[] {
  const claims = m.sources.claims;
  return m.sources.basis.map((text, i) => ({
    id: `${m.slug}-basis-${i + 1}`,
    monograph: { slug: m.slug, name: m.full_name, resource: `materia://monograph/${m.slug}` },
    number: i + 1,
    text,
    supports: claims
      ? (Object.keys(CLAIM_LABEL) as (keyof typeof CLAIM_LABEL)[]).flatMap((kind) =>
          claims[kind].flatMap((cites, c) => (cites.includes(i + 1) ? [`${CLAIM_LABEL[kind]} ${c + 1}`] : [])),
        )
      : [],
  }));
}

const note = (s: MonographSource) =>
  `Source ${s.number} of the Materia monograph ${s.monograph.name} (${s.monograph.resource})` +
  (s.supports.length ? `; cited for ${s.supports.join(', ')}` : '');

export function sourceToBibtex(s: MonographSource): string {
  return `@misc{${s.id.replace(/[^A-Za-z0-9]/g, '')},\n  title = {${tex(s.text)}},\n  note = {${tex(note(s))}}\n}`;
}

export function sourceToRis(s: MonographSource): string {
  return [
    'TY  - GEN',
    `TI  - ${s.text.replace(/\s+/g, ' ').trim()}`,
    `N1  - ${note(s)}`,
    `ID  - ${s.id}`,
    'ER  - ',
  ].join('\n');
}

export function sourceToCsl(s: MonographSource) {
  return { id: s.id, type: 'document' as const, title: s.text, note: note(s) };
}
