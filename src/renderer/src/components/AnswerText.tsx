/**
 * Chat answers as React nodes, never as HTML: lines become paragraphs, "- " lines list items, **bold** stays bold,
 * and each [n] marker links to citation n of the same answer.
 */
import type { ReactNode } from 'react';

function inline(text: string, citeHref: (n: number) => string | null, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\[(\d{1,3})\]/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={`${key}-b${i}`}>{m[1]}</strong>);
    else {
      const n = Number(m[2]);
      const href = citeHref(n);
      out.push(
        href ? (
          <a key={`${key}-c${i}`} className="cite-marker" href={href} aria-label={`source ${n}`}>
            [{n}]
          </a>
        ) : (
          `[${n}]`
        ),
      );
    }
    last = m.index + m[0].length;
    i++;
  }
  // a "**" still waiting for its closing half (mid-stream) is not shown
  if (last < text.length) out.push(text.slice(last).replace(/\*\*(?=[^*]*$)/, ''));
  return out;
}

export function AnswerText({ text, citeHref }: { text: string; citeHref: (n: number) => string | null }) {
  const blocks: ReactNode[] = [];
  let list: ReactNode[] = [];
  const flush = (k: string) => {
    if (list.length) blocks.push(<ul key={`ul-${k}`}>{list}</ul>);
    list = [];
  };
  text.split('\n').forEach((line, n) => {
    const key = String(n);
    const bullet = /^\s*[-•*]\s+(.*)$/.exec(line);
    if (bullet) {
      list.push(<li key={key}>{inline(bullet[1]!, citeHref, key)}</li>);
      return;
    }
    flush(key);
    if (!line.trim()) return;
    blocks.push(<p key={key}>{inline(line, citeHref, key)}</p>);
  });
  flush('end');
  return <div className="answer-text">{blocks}</div>;
}
