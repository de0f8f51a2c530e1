/**
 * tools/list is read into every agent's context before its first call, so each tool's JSON Schema is sent without what
 * only restates the schema: a unit's description that lists its enum, a `{ value, unit }` object's description that
 * says it is one, a long description already given earlier in the same schema (the substance-name text of every
 * list of names), and `$schema` (draft-07 as emitted; the keywords used mean the same in 2020-12, MCP's default).
 * Types, bounds, enums, patterns, defaults and every other description stay; /v1/openapi.json keeps the contract's
 * schemas whole.
 */

/** Descriptions shorter than this are kept even when repeated: they say what each field is. */
const REPEAT_MIN = 80;

const restatesSchema = (node: Record<string, unknown>, description: string) =>
  (Array.isArray(node.enum) && /^unit\b/.test(description)) || /: \{ value, unit \}$/.test(description);

export function compactSchema<T>(schema: T): T {
  const seen = new Set<string>();
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const node = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$schema') continue;
      if (k === 'description' && typeof v === 'string') {
        if (restatesSchema(node, v) || (v.length >= REPEAT_MIN && seen.has(v))) continue;
        seen.add(v);
        out[k] = v;
      } else if (k === 'properties' && typeof v === 'object' && v !== null) {
        // Property names are data here, not keywords: a property called "description" is walked as a schema.
        out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, walk(s)]));
      } else {
        out[k] = walk(v);
      }
    }
    return out;
  };
  return walk(schema) as T;
}
