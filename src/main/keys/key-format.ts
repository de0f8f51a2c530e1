/** API keys look like mk_<id>_<secret>; only SHA-256(secret) is stored (DESIGN.md §5 "Auth"). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_RE = /^mk_([A-Za-z0-9]{6,32})_([A-Za-z0-9_-]{16,128})$/;

export interface ParsedKey {
  id: string;
  secret: string;
}

export function parseKey(key: string): ParsedKey | null {
  const m = KEY_RE.exec(key);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function secretMatches(secret: string, storedHash: Buffer): boolean {
  const h = hashSecret(secret);
  return h.length === storedHash.length && timingSafeEqual(h, storedHash);
}

export function generateKey(): { id: string; secret: string; key: string } {
  const id = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').slice(0, 12);
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, key: `mk_${id}_${secret}` };
}

/** What lists show instead of the key: enough to recognise it, never enough to use it. */
export function keyPrefix(id: string): string {
  return `mk_${id}_`;
}
