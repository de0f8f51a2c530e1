/**
 * The content database changes only with an app update (or a rebuild); on start we compare its version and input hash
 * with the last ones this user database saw (settings table) and emit content.updated when they differ. The first
 * start only records them: there was no previous content to differ from.
 */
import type { ContentInfo } from '../../shared/schemas/system.ts';
import type { Db } from '../db/connection.ts';
import type { WebhookService } from '../webhooks/webhook-service.ts';

export const CONTENT_SEEN_SETTING = 'content.last_seen';

interface Seen {
  version: string;
  inputs_sha256: string;
}

export function noteContentVersion(
  db: Db,
  webhooks: WebhookService,
  content: ContentInfo,
): { changed: boolean; previous: Seen | null } {
  return db.transaction(() => {
    const raw = db
      .prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
      .get(CONTENT_SEEN_SETTING)?.value;
    const previous = raw ? (JSON.parse(raw) as Seen) : null;
    const current: Seen = { version: content.version, inputs_sha256: content.inputs_sha256 };
    if (previous && previous.version === current.version && previous.inputs_sha256 === current.inputs_sha256)
      return { changed: false, previous };
    db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(CONTENT_SEEN_SETTING, JSON.stringify(current));
    if (previous) {
      webhooks.emit('content.updated', {
        version: current.version,
        previous_version: previous.version,
        inputs_sha256: current.inputs_sha256,
        previous_inputs_sha256: previous.inputs_sha256,
        counts: content.counts,
      });
    }
    return { changed: previous !== null, previous };
  })();
}
