/**
 * Electron main process: forks the API server as a utilityProcess, waits for it, opens a locked-down window on it,
 * and stops it on quit. Thin on purpose: everything else is the headless server, which is tested for real.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, session, shell, utilityProcess, type UtilityProcess } from 'electron';
import { isExternalLink, isOwnPage, SESSION_CHANNEL, WEB_PREFERENCES } from './window-security.ts';

let server: UtilityProcess | null = null;

function startServer(): Promise<{ url: string; key: string }> {
  const root = app.isPackaged ? process.resourcesPath : app.getAppPath();
  server = utilityProcess.fork(join(import.meta.dirname, 'server.js'), [], {
    serviceName: 'Materia API',
    // As `npm start` runs it (package.json): V8's default young generation grew the heap by ~90 MB under searches.
    execArgv: ['--max-semi-space-size=4'],
    env: {
      ...process.env,
      MATERIA_PORT: process.env.MATERIA_PORT ?? '0',
      MATERIA_DATA_DIR: process.env.MATERIA_DATA_DIR ?? app.getPath('userData'),
      MATERIA_CONTENT_DB: process.env.MATERIA_CONTENT_DB ?? join(root, app.isPackaged ? 'db/content.sqlite' : 'resources/db/content.sqlite'),
      MATERIA_APP_ROOT: app.getAppPath(),
      MATERIA_MODEL_DIR: process.env.MATERIA_MODEL_DIR ?? join(root, app.isPackaged ? 'models' : 'resources/models'),
    },
  });
  return new Promise((ok, fail) => {
    server!.on('message', (msg: { type: string; url?: string; key?: string; message?: string }) => {
      if (msg.type === 'ready' && msg.url && msg.key) ok({ url: msg.url, key: msg.key });
      if (msg.type === 'error') fail(new Error(msg.message));
    });
    server!.once('exit', (code) => fail(new Error(`the API server exited (${code})`)));
  });
}

async function openWindow(api: { url: string; key: string }) {
  const win = new BrowserWindow({
    width: 1280, height: 800, minWidth: 480, minHeight: 480, show: false, title: 'Materia',
    webPreferences: { ...WEB_PREFERENCES, preload: join(import.meta.dirname, '../preload/index.cjs') },
  });
  // The key goes to the preload over IPC, never on the renderer's command line (readable in /proc/<pid>/cmdline by any
  // local process), and only to this window's main frame showing this server's page.
  ipcMain.removeAllListeners(SESSION_CHANNEL);
  ipcMain.on(SESSION_CHANNEL, (event) => {
    const frame = event.senderFrame;
    const ours = event.sender.id === win.webContents.id && frame !== null && frame.parent === null && isOwnPage(frame.url, api.url);
    event.returnValue = ours ? { apiBase: api.url, apiKey: api.key } : null;
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => { if (!isOwnPage(url, api.url)) event.preventDefault(); });
  win.once('ready-to-show', () => win.show());
  await win.loadURL(`${api.url}/`);
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, done) => done(false));
    const api = await startServer();
    await openWindow(api);
  }).catch((err: unknown) => {
    console.error(err);
    app.quit();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => { server?.postMessage({ type: 'shutdown' }); });
}
