/** The app: a key check, then the frame and one route per screen. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Routes } from 'react-router';
import { currentApiKey } from './api.ts';
import { Layout, type NavItem } from './components/Layout.tsx';
import { Loading } from './components/States.tsx';
import { setKeyRejectedHandler } from './lib/queries.ts';
import { ChatPage } from './pages/ChatPage.tsx';
import { CompoundPage } from './pages/CompoundPage.tsx';
import { CompoundsPage } from './pages/CompoundsPage.tsx';
import { DocumentPage, DocumentsPage } from './pages/DocumentsPage.tsx';
import { InsightsPage } from './pages/InsightsPage.tsx';
import { KeyScreen } from './pages/KeyScreen.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';

// loaded when first opened: the sandbox (swagger-ui) and the tools (charts) are the large parts
const SandboxPage = lazy(() => import('./pages/SandboxPage.tsx'));
const ToolsIndex = lazy(() => import('./pages/ToolsPage.tsx').then((m) => ({ default: m.ToolsIndex })));
const MedicationListPage = lazy(() => import('./pages/MedicationListPage.tsx'));
const ToolPage = lazy(() => import('./pages/ToolsPage.tsx').then((m) => ({ default: m.ToolPage })));

const waiting = (title: string) => (
  <div className="page">
    <h1>{title}</h1>
    <Loading label="Loading…" />
  </div>
);

const NAV: NavItem[] = [
  { to: '/', label: 'Search', end: true },
  { to: '/compounds', label: 'Compounds' },
  { to: '/documents', label: 'Documents' },
  { to: '/medications', label: 'Medication list' },
  { to: '/tools', label: 'Tools' },
  { to: '/chat', label: 'Chat' },
  { to: '/insights', label: 'Insights' },
  { to: '/settings', label: 'Settings' },
  { to: '/sandbox', label: 'API sandbox' },
];

export function App() {
  const [rejected, setRejected] = useState(false);
  useEffect(() => setKeyRejectedHandler(() => setRejected(true)), []);
  if (!currentApiKey()) return <KeyScreen reason="missing" />;
  if (rejected) return <KeyScreen reason="rejected" />;
  return (
    <Layout nav={NAV}>
      <Routes>
        <Route path="/" element={<SearchPage />} />
        <Route path="/compounds" element={<CompoundsPage />} />
        <Route path="/compounds/:slug" element={<CompoundPage />} />
        <Route path="/documents" element={<DocumentsPage />} />
        <Route path="/documents/:id" element={<DocumentPage />} />
        <Route
          path="/tools"
          element={
            <Suspense fallback={waiting('Tools')}>
              <ToolsIndex />
            </Suspense>
          }
        />
        <Route
          path="/tools/:tool"
          element={
            <Suspense fallback={waiting('Tools')}>
              <ToolPage />
            </Suspense>
          }
        />
        <Route
          path="/medications"
          element={
            <Suspense fallback={waiting('Medication list')}>
              <MedicationListPage />
            </Suspense>
          }
        />
        {/* one route, so starting a conversation (/chat → /chat/<id>) keeps the page and its stream */}
        <Route path="/chat/:id?" element={<ChatPage />} />
        <Route path="/insights" element={<InsightsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route
          path="/sandbox"
          element={
            <Suspense fallback={waiting('API sandbox')}>
              <SandboxPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Layout>
  );
}
