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

/**
 * Hosts whose links the app shows for its records (DOI resolver, PubMed/PMC, trial registries, regulators, the
 * sources of the bundled data): opened in the system browser at once. Any other http(s) link, e.g. one inside an
 * imported document, is shown in a confirmation with its full address first; links with a user name or password in
 * them always ask, since they can disguise where they lead.
 */
export const TRUSTED_LINK_HOSTS: readonly string[] = [
  'doi.org',
  'dx.doi.org',
  'pubmed.ncbi.nlm.nih.gov',
  'www.ncbi.nlm.nih.gov',
  'pmc.ncbi.nlm.nih.gov',
  'clinicaltrials.gov',
  'www.clinicaltrials.gov',
  'www.fda.gov',
  'www.accessdata.fda.gov',
  'dailymed.nlm.nih.gov',
  'www.ema.europa.eu',
  'loinc.org',
  'fdc.nal.usda.gov',
  'go.drugbank.com',
  'ddinter.scbdd.com',
  'ddinter2.scbdd.com',
  'www.who.int',
];

export type LinkPolicy = 'open' | 'confirm' | 'deny';

/** What to do with a link the page asks to open outside the app. */
export function externalLinkPolicy(url: string): LinkPolicy {
  if (!isExternalLink(url)) return 'deny';
  const u = new URL(url);
  if (u.username || u.password) return 'confirm';
  return u.protocol === 'https:' && TRUSTED_LINK_HOSTS.includes(u.hostname.toLowerCase()) ? 'open' : 'confirm';
}

/** The window may only ever show pages of the local server it was opened on. */
export function isOwnPage(url: string, serverUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}
