/**
 * Phone-width tables: below the breakpoint in app.css every `.data-table` row reflows into a card whose cells show their
 * column heading before the value (td::before { content: attr(data-label) }). This labels each body cell with the text
 * of its column heading, for every table on the page, as tables appear or change; one observer instead of a label
 * written by hand on each of the app's cells.
 */
import { useEffect, type RefObject } from 'react';

const SORT_MARKS = /[▲▼↕]/g;

export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>('table.data-table')) {
    const heads: string[] = [];
    const headRow = table.tHead?.rows[table.tHead.rows.length - 1];
    if (headRow) {
      for (const th of headRow.cells) {
        const label = (th.textContent ?? '').replace(SORT_MARKS, '').trim();
        for (let i = 0; i < th.colSpan; i++) heads.push(label);
      }
    }
    for (const body of table.tBodies) {
      for (const tr of body.rows) {
        let col = 0;
        for (const cell of tr.cells) {
          const label = heads[col] ?? '';
          if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          col += cell.colSpan;
        }
      }
    }
  }
}

export function useTableCellLabels(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let frame = 0;
    const run = () => {
      frame = 0;
      labelTableCells(root);
    };
    run();
    // attribute writes are not childList changes, so labelling does not wake the observer again
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(run);
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
}
