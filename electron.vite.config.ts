import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const RENDERER_OUT = resolve(import.meta.dirname, 'out/renderer');

/**
 * Hashed assets are served compressed (src/main/server/static-renderer.ts): write a .br and a .gz beside each text asset
 * once, at build time, so the server never compresses per request. Files under 1 KB or not smaller compressed are left.
 */
function precompress(): Plugin {
  return {
    name: 'materia:precompress',
    apply: 'build',
    closeBundle() {
      const dir = join(RENDERER_OUT, 'assets');
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg|json|html|txt|map)$/.test(name)) continue;
        const raw = readFileSync(join(dir, name));
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: raw.length > 512 * 1024 ? 9 : 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(join(dir, `${name}.br`), br);
        if (gz.length < raw.length) writeFileSync(join(dir, `${name}.gz`), gz);
      }
    },
  };
}

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
          // Reads imported documents' postings off the HTTP thread (search/live-postings.ts).
          'postings-worker': resolve(import.meta.dirname, 'src/main/search/postings-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/electron/preload.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // Absolute asset URLs: the app has client-side routes (/compounds/metformin) and is always loaded over http from the
    // local server, headless or desktop. electron-vite forces base './' in production, so a plugin sets it after that.
    plugins: [react(), { name: 'materia:absolute-base', config: () => ({ base: '/' }) }, precompress()],
    build: {
      outDir: RENDERER_OUT,
      minify: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
});
