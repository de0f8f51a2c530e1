/** The link a document gets: its DOI when it has one, else its PubMed page. */
export function documentUrl(doi: string | null, pmid: string | null): string | null {
  if (doi) return `https://doi.org/${doi}`;
  if (pmid) return `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;
  return null;
}
