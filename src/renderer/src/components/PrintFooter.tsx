/**
 * Printed under a monograph or a tool's result: the content version and the dates, so a paper copy says what it is.
 * Before printing it opens the folded parts inside `scope` (interaction groups, coverage notes) and folds them back
 * after; the lists of pairs without any text (.bare-pairs) stay folded, so paper shows their counts, not the names.
 */
import { useEffect, type ReactNode } from 'react';
import { date } from '../lib/format.ts';
import { useApiQuery } from '../lib/queries.ts';

export function PrintFooter({ scope, children }: { scope: string; children?: ReactNode }) {
  const health = useApiQuery('health', {});
  const version = health.data?.data.content.version;
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...document.querySelectorAll<HTMLDetailsElement>(`${scope} details:not([open]):not(.bare-pairs)`)];
      for (const d of opened) d.open = true;
    };
    const after = () => { for (const d of opened) d.open = false; opened = []; };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => { window.removeEventListener('beforeprint', before); window.removeEventListener('afterprint', after); };
  }, [scope]);
  return (
    <p className="print-only print-footer">
      Materia content version {version ?? 'unknown'}{children} · printed {date(new Date().toISOString().slice(0, 10))}.
      Editorial summary, not a substitute for the prescribing information or clinical judgement.
    </p>
  );
}
