/**
 * The frame: a sidebar of screens (a scrolling top bar on narrow windows), a skip link, the "/" shortcut, and the
 * admin key's dialog and status line.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTableCellLabels } from '../lib/cell-labels.ts';
import { useApiQuery } from '../lib/queries.ts';
import { AdminKeyDialog } from './AdminKeyDialog.tsx';
import { AdminKeyStatus } from './AdminKeyGate.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

export const SEARCH_INPUT_ID = 'search-box';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** "/" focuses the search box from anywhere (opening the Search screen first when needed). */
function useSlashShortcut() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      e.preventDefault();
      const box = document.getElementById(SEARCH_INPUT_ID);
      if (box) box.focus();
      else void navigate('/', { state: { focusSearch: true } });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, location.pathname]);
}

function StatusLine() {
  const health = useApiQuery('health', {});
  if (health.isPending) return <span>Connecting…</span>;
  if (health.isError) return <span className="status-bad">Local API not reachable</span>;
  const h = health.data.data;
  return (
    <span>
      Content {h.content.version}
      <br />
      Search: {h.search_mode === 'hybrid' ? 'hybrid' : 'lexical'}
    </span>
  );
}

export function Layout({ nav, children }: { nav: NavItem[]; children: ReactNode }) {
  useSlashShortcut();
  const location = useLocation();
  const first = useRef(true);
  const main = useRef<HTMLElement>(null);
  useTableCellLabels(main);
  useEffect(() => {
    // a new screen: move focus to its heading so keyboard and screen-reader users start at the top
    // (not on the first render, and not on Search, which focuses its box)
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.pathname === '/' || (location.state as { keepFocus?: boolean } | null)?.keepFocus) return;
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (h1) {
      h1.tabIndex = -1;
      h1.focus();
    }
    // Only a new screen moves focus; a state change on the same screen (keepFocus itself) must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="brand-name">Materia</span>
        </div>
        <nav aria-label="Screens">
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="sidebar-status">
          <StatusLine />
        </p>
        <p className="sidebar-hint">
          Press <kbd>/</kbd> to search
        </p>
        <AdminKeyStatus />
        <ThemeSwitch />
      </aside>
      <main id="main" className="main" ref={main}>
        {children}
      </main>
      {/* one for the whole app, opened by admin actions (lib/admin-key.ts askForAdminKey) */}
      <AdminKeyDialog />
    </div>
  );
}
