import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';

export interface SavedResult {
  id: string;
  tool: string;
  input: unknown;
  output: unknown;
  created_at: string;
}

export function saveToolResult(
  db: Db,
  r: { tool: string; input: unknown; output: unknown; now: number; apiKeyId: string | null },
): string {
  const id = `res_${randomUUID()}`;
  db.prepare(
    'INSERT INTO tool_results (id, tool, input, output, created_at, api_key_id) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, r.tool, JSON.stringify(r.input), JSON.stringify(r.output), new Date(r.now).toISOString(), r.apiKeyId);
  return id;
}

export function listToolResults(db: Db, tool?: string): SavedResult[] {
  const rows = tool
    ? db
        .prepare<[string], { id: string; tool: string; input: string; output: string; created_at: string }>(
          'SELECT * FROM tool_results WHERE tool = ? ORDER BY created_at, id',
        )
        .all(tool)
    : db
        .prepare<[], { id: string; tool: string; input: string; output: string; created_at: string }>(
          'SELECT * FROM tool_results ORDER BY created_at, id',
        )
        .all();
  return rows.map((r) => ({ ...r, input: JSON.parse(r.input) as unknown, output: JSON.parse(r.output) as unknown }));
}
