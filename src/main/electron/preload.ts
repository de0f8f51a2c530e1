/** Hands the renderer exactly two named values: where the local API is and the key for this launch. */
import { contextBridge } from 'electron';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? '';

contextBridge.exposeInMainWorld('materia', { apiBase: arg('materia-api'), apiKey: arg('materia-key') });
