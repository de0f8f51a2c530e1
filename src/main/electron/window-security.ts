/** Security settings of the desktop window, kept in one place so a unit test can assert each one. */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

/** The IPC channel on which the preload asks the main process for the API address and this launch's key. */
export const SESSION_CHANNEL = 'materia:session';

/** Links the app may hand to the system browser; everything else is dropped. */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The window may only ever show pages of the local server it was opened on. */
export function isOwnPage(url: string, serverUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}
