import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/electron/main.ts'),
          // The API server runs in a utilityProcess from its own bundle; no Electron import reaches it.
          server: resolve(import.meta.dirname, 'src/main/server/utility-entry.ts'),
          // Spawned by the server as a worker thread (embedding), so it must be its own file next to server.js.
          'embedder-worker': resolve(import.meta.dirname, 'src/main/search/embedder-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/electron/preload.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // Absolute asset URLs: the app has client-side routes (/compounds/metformin) and is always loaded over http from the
    // local server, headless or desktop. electron-vite forces base './' in production, so a plugin sets it after that.
    plugins: [react(), { name: 'materia:absolute-base', config: () => ({ base: '/' }) }],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
});
