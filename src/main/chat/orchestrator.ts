/**
 * The orchestrator: reads the conversation, lets the safety agent look first, routes the question to the
 * specialists whose routing score reaches ROUTE_THRESHOLD (at most MAX_AGENTS, best first), runs them, and
 * composes one answer whose every statement carries the [n] markers of its records. When a language model is
 * configured it phrases the answer from the same numbered evidence; otherwise (or when it fails before its first
 * word) the composition is the answer. The safety preface comes first and the not-medical-advice note last.
 */
import { randomUUID } from 'node:crypto';
import type { Citation, ChatMessageIn, SafetyOutcome } from '../../shared/schemas/chat.ts';
import type { Triage } from './triage/triage.ts';
import { messageText } from '../../shared/schemas/chat.ts';
import { suggestions } from '../vocabulary/resolver.ts';
import { analyzeInSlices, inScope, type Analysis } from './analyze.ts';
import { composeSections, MAX_PER_SECTION, numberSources, shapeAnswer, toPieces } from './compose.ts';
import type { AgentOutput, Position, Statement } from './evidence.ts';
import type { LlmConfig } from '../config/environment.ts';
import { streamCompletion, type LlmMessage } from './llm.ts';
import { checkSafety, NOT_MEDICAL_ADVICE } from './safety.ts';
import { triageDrugs } from './triage-drugs.ts';
import { countTokens } from './tokenizer.ts';
import { nearMisses, nearMissText } from './triage/near-miss.ts';
import { educationTopic, topicText } from './triage/topics.ts';
import { animalScopeNote } from './triage/animals.ts';
import { SAFETY_AGENT, SPECIALISTS } from './agents/registry.ts';
import type { Agent, AgentDeps } from './agents/types.ts';
import { contentWords } from './agents/literature.ts';

export const ROUTE_THRESHOLD = 0.5;
const LISTS = new Set(['tool', 'category', 'goal', 'reference']);
export const MAX_AGENTS = 4;

export interface TurnRequest {
  messages: ChatMessageIn[];
  max_tokens: number;
  temperature?: number;
}

export interface PreparedTurn {
  id: string;
  agents: string[];
  safety: SafetyOutcome;
  triage: Triage;
  citations: Citation[];
  /** the whole answer as composed from the evidence (safety preface, sections, note) */
  composed: string;
  /** the safety text that opens the answer; max_tokens cuts the body before it cuts this or the closing note */
  preface: string | null;
  /** whether anything follows the preface (false for acute emergencies and declines) */
  hasBody: boolean;
  /** the body as composed from the evidence (what pieces() yields without a language model) */
  body: string;
  inputTokens: number;
  position: Position | null;
  /** set by pieces() when the language model failed before its first word and the composition was sent instead */
  fellBack?: boolean;
  /** set when the language model is to phrase the body */
  llm: { preface: string | null; body: string; messages: LlmMessage[]; temperature?: number; maxTokens: number } | null;
}

const byId = new Map(SPECIALISTS.map((a) => [a.id, a]));

export function route(a: Analysis): Agent[] {
  return SPECIALISTS.map((agent, order) => ({ agent, order, score: agent.route(a) }))
    .filter((s) => s.score >= ROUTE_THRESHOLD)
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, MAX_AGENTS)
    .map((s) => s.agent);
}

/** Questions about one compound's properties: without a recognised compound, a literature search would only guess. */
const ABOUT_A_COMPOUND = [
  'dosing',
  'interactions',
  'contraindications',
  'side_effects',
  'mechanism',
  'indications',
  'regulatory',
  'cost',
  'structure',
  'related',
  'pregnancy',
  'monitoring',
  'comparison',
] as const;

function fallback(a: Analysis): Agent[] {
  if (a.compounds.length) return [byId.get('overview')!];
  if (!a.yesNo && ABOUT_A_COMPOUND.some((i) => a.intents.has(i))) return [];
  return [byId.get(a.yesNo ? 'research_question' : 'literature_finder')!];
}

const LLM_INSTRUCTIONS =
  "You are the phrasing step of Materia, an offline clinical reference. Answer the user's last question using only the " +
  'numbered evidence below. Keep the markers exactly as given (for example [2]) after every sentence that uses that evidence. Do not add ' +
  'facts, doses, studies or advice that are not in the evidence; where the evidence does not answer part of the question, say so. Be concise ' +
  'and do not add a disclaimer (one is appended).';

export class Orchestrator {
  constructor(
    private readonly deps: AgentDeps,
    private readonly llm: LlmConfig | null,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Readies what the first turn would otherwise compute under its time limits (the triage's meaning exemplars). */
  warm(): Promise<void> {
    return this.deps.meaning.warm();
  }

  async prepare(req: TurnRequest): Promise<PreparedTurn> {
    const userTexts = req.messages.filter((m) => m.role === 'user').map(messageText);
    const a = await analyzeInSlices(this.deps.content, userTexts);
    const safety = await checkSafety(a.text, {
      inScope: inScope(a),
      namesDrug: a.compounds.length > 0,
      drugs: triageDrugs(this.deps.content, a.compounds),
      meaning: this.deps.meaning,
    });
    const inputTokens = req.messages.reduce((n, m) => n + countTokens(messageText(m)), 0);
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    const note = NOT_MEDICAL_ADVICE;
    if (!safety.continueWithSpecialists) {
      return {
        id,
        agents: [SAFETY_AGENT.id],
        safety: safety.outcome,
        triage: safety.triage,
        citations: [],
        composed: `${safety.preface}\n\n${note}`,
        preface: safety.preface,
        hasBody: false,
        body: '',
        inputTokens,
        position: null,
        llm: null,
      };
    }
    let agents = route(a);
    let outputs = await this.run(agents, a);
    if (!outputs.length && safety.outcome === 'ok') {
      const more = fallback(a).filter((f) => !agents.includes(f));
      outputs = await this.run(more, a);
      agents = [...agents, ...more];
    }
    const answered = outputs.map((o) => o.agent);
    const named = new Set(a.compounds.flatMap((c) => contentWords(`${c.matched} ${c.name}`)));
    const { lead, sections } = shapeAnswer(
      outputs.map((o) => o.output),
      contentWords(a.text).filter((w) => !named.has(w)),
      await this.closeness(
        a.text,
        outputs.map((o) => o.output),
      ),
    );
    const numbered = numberSources(sections, lead);
    const read = a.notices.length ? `(${a.notices.map((n) => n.replace(/\.$/, '')).join('; ')}.)` : null;
    // a small dosing error (a missed pill, one extra dose) is answered with the safe facts first, never "nothing found"
    const near = nearMissText(nearMisses(a.text, { namesDrug: a.compounds.length > 0 }));
    // a question about an emergency condition (DKA, a seizure, naloxone) is answered with the condition's topic, after
    // any emergency instruction and before the records' answer (kept whole), never "nothing found"; a clinician's
    // message gets the lay text only when it asks about the condition
    const topic = educationTopic(a.text, { mustAsk: outputs.length > 0 || safety.triage.clinician });
    const learn = topic ? topicText(topic) : '';
    // an animal's own medicine: the scope note (ask the vet; human painkillers poison pets) leads, never "nothing found"
    const animal = animalScopeNote(a.text);
    const body = outputs.length
      ? [animal, near, learn, composeSections(sections, numbered, lead), read].filter(Boolean).join('\n\n')
      : [animal, near, learn].filter(Boolean).join('\n\n') || (safety.preface ? null : this.nothingFound(a));
    const preface = safety.preface;
    const composed = [preface, body, note].filter(Boolean).join('\n\n');
    const position = outputs.find((o) => o.output.position)?.output.position ?? null;
    const base = {
      id,
      agents: [...answered, SAFETY_AGENT.id],
      safety: safety.outcome,
      triage: safety.triage,
      citations: numbered.citations,
      composed,
      preface,
      hasBody: body !== null,
      body: body ?? '',
      inputTokens,
      position,
    };
    if (!this.llm || !outputs.length) return { ...base, llm: null };
    if (!body) return { ...base, llm: null };
    const evidence = `Evidence:\n${body}\n\nSources:\n${numbered.citations.map((c) => `[${c.index}] ${c.title}`).join('\n')}`;
    const system = [
      LLM_INSTRUCTIONS,
      ...req.messages.filter((m) => m.role === 'system').map((m) => `Instructions from the user: ${messageText(m)}`),
      evidence,
    ].join('\n\n');
    const messages: LlmMessage[] = [
      { role: 'system', content: system },
      ...req.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: messageText(m) })),
    ];
    return { ...base, llm: { preface, body, messages, temperature: req.temperature, maxTokens: req.max_tokens } };
  }

  /** The body's text pieces, in order: composed from the evidence, or phrased by the language model (the service adds the preface and the note). */
  async *pieces(turn: PreparedTurn, signal: AbortSignal): AsyncGenerator<string> {
    if (!turn.llm) {
      yield* toPieces(turn.body);
      return;
    }
    const { body, messages, temperature, maxTokens } = turn.llm;
    let worded = false;
    try {
      for await (const piece of streamCompletion(
        this.llm!,
        { messages, max_tokens: maxTokens, ...(temperature !== undefined ? { temperature } : {}) },
        signal,
      )) {
        worded = true;
        yield piece;
      }
    } catch (err) {
      if (worded) throw err;
      this.log('language model failed before its first word; answering from the evidence directly', err);
    }
    if (signal.aborted) return;
    if (!worded) {
      turn.fellBack = true;
      yield* toPieces(body);
    }
  }

  private async run(agents: readonly Agent[], a: Analysis): Promise<{ agent: string; output: AgentOutput }[]> {
    const out: { agent: string; output: AgentOutput }[] = [];
    for (const agent of agents) {
      let output: AgentOutput;
      try {
        output = await agent.run(a, this.deps);
      } catch (err) {
        // one specialist's failure must not cost the answer (or the safety text) of the others
        this.log(`chat agent ${agent.id} failed; answering without it`, err);
        continue;
      }
      // results, lists and reference values are what was asked for: none is trimmed for relevance
      if (LISTS.has(agent.group)) output.keepAll = true;
      if (output.statements.length) out.push({ agent: agent.id, output });
    }
    // "none recorded" for the pairs leads only when the question asked about taking them together
    if (out.length > 1 && out[0]!.output.quiet && !a.intents.has('interactions')) out.push(out.shift()!);
    return out;
  }

  /**
   * Cosine similarity of the question to each statement of the sections that will be trimmed, when the embedding model
   * is loaded and answers within a second; empty otherwise (the word overlap alone then chooses).
   */
  private async closeness(question: string, outputs: readonly AgentOutput[]): Promise<Map<Statement, number>> {
    const e = this.deps.embedder();
    // at most 24 statements: embedding is the slowest step of a turn on a busy CPU
    const statements = outputs
      .filter((o) => !o.keepAll && o.statements.length > MAX_PER_SECTION)
      .flatMap((o) => o.statements)
      .slice(0, 24);
    if (!e || !statements.length) return new Map();
    let timer: NodeJS.Timeout | undefined;
    try {
      const vectors = await Promise.race([
        e.embed([question, ...statements.map((s) => s.text)], 'query'),
        new Promise<null>((ok) => {
          timer = setTimeout(() => ok(null), 1000);
        }),
      ]);
      if (!vectors) return new Map();
      const [q, ...rest] = vectors;
      return new Map(statements.map((s, i) => [s, rest[i]!.reduce((sum, x, j) => sum + x * q![j]!, 0)]));
    } catch {
      return new Map();
    } finally {
      clearTimeout(timer);
    }
  }

  private nothingFound(a: Analysis): string {
    const guesses = new Map<string, string>();
    for (const w of contentWords(a.text).filter((x) => x.length >= 5)) {
      for (const s of suggestions(this.deps.content, w, 3))
        if (s.slug && s.match === 'typo') guesses.set(s.slug, s.name);
    }
    const did = guesses.size ? ` Did you mean ${[...guesses.values()].slice(0, 3).join(' or ')}?` : '';
    return `I found nothing in the Materia knowledge base that answers this, so I won't guess.${did}`;
  }
}

export const MODEL_ID = 'service-clinical-v1';
