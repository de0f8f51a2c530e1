import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  externalLinkPolicy,
  isExternalLink,
  isOwnPage,
  SESSION_CHANNEL,
  WEB_PREFERENCES,
} from '../../src/main/electron/window-security.ts';
import { RENDERER_CSP } from '../../src/main/server/static-renderer.ts';

describe('desktop window security settings', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, no webviews', () => {
    expect(WEB_PREFERENCES.contextIsolation).toBe(true);
    expect(WEB_PREFERENCES.sandbox).toBe(true);
    expect(WEB_PREFERENCES.nodeIntegration).toBe(false);
    expect(WEB_PREFERENCES.nodeIntegrationInWorker).toBe(false);
    expect(WEB_PREFERENCES.webSecurity).toBe(true);
    expect(WEB_PREFERENCES.allowRunningInsecureContent).toBe(false);
    expect(WEB_PREFERENCES.webviewTag).toBe(false);
  });

  it('hands only http(s) links to the system browser', () => {
    expect(isExternalLink('https://doi.org/10.3389/fpsyt.2021.593710')).toBe(true);
    expect(isExternalLink('http://example.org')).toBe(true);
    expect(isExternalLink('file:///etc/passwd')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('not a url')).toBe(false);
  });

  it('opens links to the record sources at once and asks before any other link', () => {
    expect(externalLinkPolicy('https://doi.org/10.3389/fpsyt.2021.593710')).toBe('open');
    expect(externalLinkPolicy('https://pubmed.ncbi.nlm.nih.gov/21645374/')).toBe('open');
    expect(externalLinkPolicy('http://doi.org/10.1/x')).toBe('confirm'); // not https
    expect(externalLinkPolicy('https://evil.example/doi.org')).toBe('confirm');
    expect(externalLinkPolicy('https://doi.org.evil.example/')).toBe('confirm');
    expect(externalLinkPolicy('https://user:pw@doi.org/')).toBe('confirm');
    expect(externalLinkPolicy('file:///etc/passwd')).toBe('deny');
    expect(externalLinkPolicy('javascript:alert(1)')).toBe('deny');
  });

  it('guards every web contents: will-navigate, will-redirect, webviews, new windows, and asks before unknown links', () => {
    const main = readFileSync(join(import.meta.dirname, '../../src/main/electron/main.ts'), 'utf8');
    for (const hook of [
      "app.on('web-contents-created'",
      "contents.on('will-navigate'",
      "contents.on('will-redirect'",
      "contents.on('will-attach-webview'",
      'dialog.showMessageBox',
    ]) {
      expect(main, hook).toContain(hook);
    }
  });

  it('lets the window navigate only within its own local server', () => {
    expect(isOwnPage('http://127.0.0.1:4000/compounds', 'http://127.0.0.1:4000')).toBe(true);
    expect(isOwnPage('http://127.0.0.1:4001/', 'http://127.0.0.1:4000')).toBe(false);
    expect(isOwnPage('https://evil.example/', 'http://127.0.0.1:4000')).toBe(false);
  });

  it('serves the UI under a strict content security policy', () => {
    expect(RENDERER_CSP).toContain("default-src 'self'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval/);
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
    expect(RENDERER_CSP).toContain("object-src 'none'");
  });

  // Electron cannot run on the build machines (DESIGN.md §1), so the hand-off is checked in the source it is built from.
  it('hands the key to the renderer over IPC, never on its command line (/proc/<pid>/cmdline)', () => {
    const source = (f: string) =>
      readFileSync(join(import.meta.dirname, '../../src/main/electron', f), 'utf8').replace(
        /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
        '',
      );
    const main = source('main.ts');
    const preload = source('preload.ts');
    expect(main).not.toMatch(/additionalArguments/);
    expect(preload).not.toMatch(/process\.argv/);
    expect(SESSION_CHANNEL).toBe('materia:session');
    expect(main).toMatch(/ipcMain\.on\(SESSION_CHANNEL/);
    expect(main).toMatch(/frame\.parent === null &&\s+isOwnPage\(frame\.url, api\.url\)/); // only this window's own top page gets it
    expect(preload).toMatch(/ipcRenderer\.sendSync\(SESSION_CHANNEL\)/);
  });
});
