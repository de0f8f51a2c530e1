/**
 * An independent client in the suite: the official Python MCP SDK (PyPI `mcp`, pinned in test/python/requirements.txt,
 * installed by .ci/run into .venv-mcp under the clone) runs test/python/mcp_client.py against the real app over HTTP.
 * Python is found as MATERIA_PYTHON, else .venv-mcp/bin/python, else python3; without it or without the package the
 * test is skipped, and its name says why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

const VENV_PYTHON = join(REPO_ROOT, '.venv-mcp/bin/python');
const PYTHON = process.env.MATERIA_PYTHON ?? (existsSync(VENV_PYTHON) ? VENV_PYTHON : 'python3');

function missing(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import importlib.metadata as m; print(m.version("mcp"))'], {
    encoding: 'utf8',
  });
  if (probe.error) return `no ${PYTHON} (${probe.error.message})`;
  if (probe.status !== 0) return `the Python package "mcp" is not installed for ${PYTHON} (.ci/run installs it)`;
  return null;
}
const skipped = missing();

let t: TestApp;
beforeAll(async () => {
  if (!skipped) t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function runClient(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(PYTHON, [join(REPO_ROOT, 'test/python/mcp_client.py')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', fail);
    child.once('exit', (code) => ok({ code, stdout, stderr }));
  });
}

describe('the official Python MCP SDK as a client', () => {
  it.skipIf(skipped !== null)(
    `initializes, lists, calls, reads and is refused as the TypeScript SDK is${skipped ? ` (skipped: ${skipped})` : ''}`,
    async () => {
      const key = t.keyWith(['read', 'tools']);
      const run = await runClient({ MATERIA_MCP_URL: `${t.base}/mcp`, MATERIA_API_KEY: key });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const r = JSON.parse(run.stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(r.server).toBe('materia');
      expect(['2025-11-25', '2025-06-18', '2025-03-26']).toContain(r.protocol);
      // read and tools scopes: no chat tools offered
      expect(r.tools).toContain('get_monograph');
      expect(r.tools).toContain('check_interactions');
      expect(r.tools).not.toContain('ask_assistant');
      expect(r.monograph).toMatchObject({
        is_error: false,
        slug: 'warfarin',
        sizing_full: { resource: 'materia://monograph/warfarin' },
        links: ['materia://monograph/warfarin'],
      });
      expect(r.monograph.characters).toBeLessThan(12_000);
      expect(r.interactions).toMatchObject({ is_error: false });
      expect(['contraindicated', 'major']).toContain(r.interactions.highest);
      expect(r.bad_arguments.is_error).toBe(true);
      expect(r.bad_arguments.text).toMatch(/limit/);
      expect(r.unknown_tool.code).toBe(-32602);
      expect(r.unknown_tool.message).toMatch(/unknown tool "no_such_tool"/);
      expect(r.resource.uri).toBe('materia://monograph/warfarin');
      expect(r.resource.characters).toBeGreaterThan(50_000);
      expect(r.unknown_resource.code).toBe(-32002);
      expect(r.resources_page).toEqual({ entries: 100, next_cursor: true });
      expect(r.prompts).toEqual(['review_medication_list', 'summarize_compound_evidence']);
      // The 401's JSON-RPC body reaches the Python SDK's user (SDK 1.x reported only -32603 "Server returned an error").
      expect(r.bad_key).toMatchObject({ refused: true, code: -32001, message: 'unauthorized: invalid API key' });
      expect(t.logged).toEqual([]);
    },
    120_000,
  );
});
