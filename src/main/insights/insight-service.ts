/**
 * Insights: every rule runs over the current profile and saved tool results; each insight found is stored once under
 * its fingerprint (the facts it rests on), so repeated calls never duplicate it, and the first time it is stored
 * insight.created is emitted in the same transaction. Only insights that still apply are listed: a stored one whose
 * facts are gone (a compound removed from the profile, a newer lab panel) stays in the table but is no longer shown.
 */
import { createHash } from 'node:crypto';
import { INSIGHT_SEVERITIES, type Insight } from '../../shared/schemas/insights.ts';
import type { BioageData } from '../../shared/schemas/tools/bioage.ts';
import type { BloodworkData } from '../../shared/schemas/tools/bloodwork.ts';
import type { InbodyData } from '../../shared/schemas/tools/inbody.ts';
import type { MacrosData } from '../../shared/schemas/tools/macros.ts';
import type { Db } from '../db/connection.ts';
import type { DocumentRepo } from '../documents/document-repo.ts';
import { listToolResults } from '../tools/saved-results.ts';
import type { ToolContext } from '../tools/tool.ts';
import type { WebhookService } from '../webhooks/webhook-service.ts';
import { readProfile } from './profile-store.ts';
import { bioageInsights } from './rules/bioage.ts';
import { bodyCompositionInsights } from './rules/body-composition.ts';
import { labInsights } from './rules/labs.ts';
import { evidenceNoteInsights, goalSuggestionInsights, stackInteractionInsights } from './rules/stack.ts';
import type { InsightCandidate, Saved } from './types.ts';

/** The tools whose saved results feed insights. */
export const INSIGHT_TOOLS = new Set(['bloodwork', 'bioage', 'inbody', 'macros']);

export interface InsightDeps {
  userDb: Db;
  tool: ToolContext;
  documents: DocumentRepo;
  webhooks: WebhookService;
}

interface Row {
  id: string;
  fingerprint: string;
  kind: Insight['kind'];
  severity: Insight['severity'];
  title: string;
  body: string;
  related_compounds: string;
  evidence: string;
  source_results: string;
  rule: string;
  created_at: string;
}

const toInsight = (r: Row): Insight => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  severity: r.severity,
  related_compounds: JSON.parse(r.related_compounds) as string[],
  evidence: JSON.parse(r.evidence) as Insight['evidence'],
  source_results: JSON.parse(r.source_results) as string[],
  rule: r.rule,
  editorial: true,
  created_at: r.created_at,
});

export const insightId = (fingerprint: string) =>
  `ins_${createHash('sha256').update(fingerprint).digest('hex').slice(0, 24)}`;

const saved = <T>(db: Db, tool: string) => listToolResults(db, tool) as Saved<T>[];

/** What the rules find now. */
export function findInsights(deps: InsightDeps): InsightCandidate[] {
  const profile = readProfile(deps.userDb);
  return [
    ...labInsights(saved<BloodworkData>(deps.userDb, 'bloodwork')),
    ...bioageInsights(saved<BioageData>(deps.userDb, 'bioage')),
    ...bodyCompositionInsights(saved<InbodyData>(deps.userDb, 'inbody'), saved<MacrosData>(deps.userDb, 'macros')),
    ...stackInteractionInsights(deps.tool, profile),
    ...evidenceNoteInsights(deps.tool, deps.documents, profile),
    ...goalSuggestionInsights(deps.tool, profile),
  ];
}

const RANK = Object.fromEntries(INSIGHT_SEVERITIES.map((s, i) => [s, i])) as Record<Insight['severity'], number>;

/** Most severe first, then newest, then by id (stable). */
export const compareInsights = (a: Insight, b: Insight) =>
  RANK[a.severity] - RANK[b.severity] || b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

/** Stores what is new (emitting insight.created for each) and returns every insight that applies now, ordered. */
export function refreshInsights(deps: InsightDeps): { insights: Insight[]; created: number } {
  const candidates = findInsights(deps);
  const db = deps.userDb;
  const insert =
    db.prepare(`INSERT INTO insights (id, fingerprint, kind, severity, title, body, related_compounds, evidence, source_results, rule, created_at)
    VALUES (@id, @fingerprint, @kind, @severity, @title, @body, @related_compounds, @evidence, @source_results, @rule, @created_at)
    ON CONFLICT (fingerprint) DO NOTHING`);
  const byFingerprint = db.prepare<[string], Row>('SELECT * FROM insights WHERE fingerprint = ?');
  return db.transaction(() => {
    let created = 0;
    const now = new Date(deps.tool.now()).toISOString();
    const insights = candidates.map((c) => {
      const fresh =
        insert.run({
          ...c,
          id: insightId(c.fingerprint),
          created_at: now,
          related_compounds: JSON.stringify(c.related_compounds),
          evidence: JSON.stringify(c.evidence),
          source_results: JSON.stringify(c.source_results),
        }).changes > 0;
      const insight = toInsight(byFingerprint.get(c.fingerprint)!);
      if (fresh) {
        created++;
        deps.webhooks.emit('insight.created', insight);
      }
      return insight;
    });
    const unique = [...new Map(insights.map((i) => [i.id, i])).values()];
    return { insights: unique.sort(compareInsights), created };
  })();
}
