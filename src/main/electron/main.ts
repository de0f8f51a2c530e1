/**
 * Electron main process: forks the API server as a utilityProcess, waits for it, opens a locked-down window on it,
 * and stops it on quit. Thin on purpose: everything else is the headless server, which is tested for real.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, session, shell, utilityProcess, type UtilityProcess } from 'electron';
import { externalLinkPolicy, isOwnPage, SESSION_CHANNEL, WEB_PREFERENCES } from './window-security.ts';

let server: UtilityProcess | null = null;
/** The local server's address once it is up: the only origin any web contents may show. */
let apiUrl: string | null = null;

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
      MATERIA_CONTENT_DB:
        process.env.MATERIA_CONTENT_DB ??
        join(root, app.isPackaged ? 'db/content.sqlite' : 'resources/db/content.sqlite'),
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

/** A link leaving the app: trusted hosts open in the system browser, others after the user confirms the address. */
async function openOutside(win: BrowserWindow, url: string): Promise<void> {
  const policy = externalLinkPolicy(url);
  if (policy === 'deny') return;
  if (policy === 'confirm') {
    const { response } = await dialog.showMessageBox(win, {
      type: 'question',
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Open this link in your browser?',
      detail: url,
    });
    if (response !== 0) return;
  }
  await shell.openExternal(url);
}

async function openWindow(api: { url: string; key: string }) {
  apiUrl = api.url;
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 480,
    minHeight: 480,
    show: false,
    title: 'Materia',
    webPreferences: { ...WEB_PREFERENCES, preload: join(import.meta.dirname, '../preload/index.cjs') },
  });
  // The key goes to the preload over IPC, never on the renderer's command line (readable in /proc/<pid>/cmdline by any
  // local process), and only to this window's main frame showing this server's page.
  ipcMain.removeAllListeners(SESSION_CHANNEL);
  ipcMain.on(SESSION_CHANNEL, (event) => {
    const frame = event.senderFrame;
    const ours =
      event.sender.id === win.webContents.id &&
      frame !== null &&
      frame.parent === null &&
      isOwnPage(frame.url, api.url);
    event.returnValue = ours ? { apiBase: api.url, apiKey: api.key } : null;
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    void openOutside(win, url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  await win.loadURL(`${api.url}/`);
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  // Every web contents, present or future (a window, a frame, a devtools page): no webviews, no new windows but via
  // the handler of our window, and no navigation or redirect away from the local server.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    const stayHome = (e: Electron.Event, url: string) => {
      if (!apiUrl || !isOwnPage(url, apiUrl)) e.preventDefault();
    };
    contents.on('will-navigate', stayHome);
    contents.on('will-redirect', stayHome);
  });
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  app
    .whenReady()
    .then(async () => {
      session.defaultSession.setPermissionRequestHandler((_wc, _permission, done) => done(false));
      const api = await startServer();
      await openWindow(api);
    })
    .catch((err: unknown) => {
      console.error(err);
      app.quit();
    });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    server?.postMessage({ type: 'shutdown' });
  });
}
