/**
 * Hands the renderer exactly two named values: where the local API is and the key for this launch. They come from the
 * main process over IPC (a command-line argument would be readable by every local process in /proc/<pid>/cmdline).
 * Synchronous, once, while the preload runs, so the page finds them in place before its first script.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { SESSION_CHANNEL } from './window-security.ts';

const session = ipcRenderer.sendSync(SESSION_CHANNEL) as { apiBase: string; apiKey: string } | null;

contextBridge.exposeInMainWorld('materia', { apiBase: session?.apiBase ?? '', apiKey: session?.apiKey ?? '' });
