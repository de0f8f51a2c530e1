/**
 * Printed under a monograph or a tool's result: the content version and the dates, so a paper copy says what it is;
 * the same line goes in every page's bottom margin (an @page margin box), so a loose page says it too.
 * Before printing it opens the folded parts inside `scope` (interaction groups, coverage notes) and folds them back
 * after; the lists of pairs without any text (.bare-pairs) stay folded, so paper shows their counts, not the names.
 */
import { useEffect } from 'react';
import { date } from '../lib/format.ts';
import { useApiQuery } from '../lib/queries.ts';

/** `what` names the printout ("monograph last updated 3 Nov 2026") */
export function PrintFooter({ scope, what }: { scope: string; what: string }) {
  const health = useApiQuery('health', {});
  const version = health.data?.data.content.version;
  const line = `Materia content version ${version ?? 'unknown'} · ${what} · printed ${date(new Date().toISOString().slice(0, 10))}`;
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...document.querySelectorAll<HTMLDetailsElement>(`${scope} details:not([open]):not(.bare-pairs)`)];
      for (const d of opened) d.open = true;
    };
    const after = () => {
      for (const d of opened) d.open = false;
      opened = [];
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [scope]);
  return (
    <>
      {/* JSON's string escapes are valid CSS string escapes */}
      <style>{`@page { @bottom-center { content: ${JSON.stringify(`${line} · page `)} counter(page) " of " counter(pages); font: 8pt system-ui, sans-serif; color: #444; } }`}</style>
      <p className="print-only print-footer">
        {line}. Editorial summary, not a substitute for the prescribing information or clinical judgement.
      </p>
    </>
  );
}
