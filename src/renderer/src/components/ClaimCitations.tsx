/**
 * A monograph claim's own sources (`sources.claims`): numbered links to the entries of its basis list, and on paper,
 * where a link cannot be followed, the cited entries as footnotes under the section.
 */
import { Fragment } from 'react';
import type { Monograph } from '../../../shared/schemas/monographs.ts';

type Sources = Monograph['sources'];
export type ClaimSection = keyof NonNullable<Sources['claims']>;

/** The basis numbers a claim cites: none when the monograph is not mapped yet or no listed source supports the claim. */
export function claimNumbers(sources: Sources, section: ClaimSection, index: number): number[] {
  return sources.claims?.[section][index] ?? [];
}

export const basisAnchor = (n: number): string => `basis-${n}`;

export function ClaimCite({ sources, section, index }: { sources: Sources; section: ClaimSection; index: number }) {
  const numbers = claimNumbers(sources, section, index);
  if (numbers.length === 0) return null;
  return (
    <span className="claim-cite">
      <span aria-hidden="true">[</span>
      {numbers.map((n, i) => (
        <Fragment key={n}>
          {i > 0 && <span aria-hidden="true">, </span>}
          <a
            href={`#${basisAnchor(n)}`}
            aria-label={`Source ${n}: ${sources.basis[n - 1]}`}
            title={sources.basis[n - 1]}
          >
            {n}
          </a>
        </Fragment>
      ))}
      <span aria-hidden="true">]</span>
    </span>
  );
}

export function ClaimFootnotes({ sources, section }: { sources: Sources; section: ClaimSection }) {
  const cited = [...new Set(sources.claims?.[section].flat() ?? [])].sort((a, b) => a - b);
  if (cited.length === 0) return null;
  return (
    <ol className="print-only claim-footnotes">
      {cited.map((n) => (
        <li key={n} value={n}>
          {sources.basis[n - 1]}
        </li>
      ))}
    </ol>
  );
}
