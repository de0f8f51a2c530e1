import type { ReactNode } from 'react';

/**
 * A link that leaves the app. In a browser it opens a new tab; the desktop shell's window-open handler sends http(s)
 * links to the system browser instead of a new window.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="external">
      {children}
      <span className="sr-only"> (opens outside the app)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}

export const doiUrl = (doi: string) => `https://doi.org/${doi}`;
export const pubmedUrl = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;
