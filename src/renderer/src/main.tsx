import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { queryClient } from './lib/queries.ts';
import { applyTheme, readThemeChoice } from './lib/theme.ts';
import './styles/app.css';

// the stored theme before the first paint, so a dark choice does not flash light
applyTheme(readThemeChoice());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
