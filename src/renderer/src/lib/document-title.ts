/** A document's title as the screens show it: a PubMedQA question says so, an untitled record names its PMID or id. */
import type { Document } from '../../../shared/schemas/documents.ts';

export function documentTitle(
  d: Pick<Document, 'title' | 'pmid' | 'id'> & { title_source?: Document['title_source'] },
): string {
  if (d.title && d.title_source === 'question') return `Question studied: ${d.title}`;
  return d.title ?? (d.pmid ? `Untitled PubMed record (PMID ${d.pmid})` : `Untitled record ${d.id}`);
}
