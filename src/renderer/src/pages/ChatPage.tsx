/** Chat: grounded answers streamed from POST /v1/chat/stream, with clickable citations, a stop button and history. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/client.ts';
import type { Citation } from '../../../shared/schemas/chat.ts';
import { api } from '../api.ts';
import { AnswerText } from '../components/AnswerText.tsx';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { Empty, ErrorMessage, Loading, describeError } from '../components/States.tsx';
import { date } from '../lib/format.ts';
import { useApiQuery } from '../lib/queries.ts';
import { useTitle } from '../lib/title.ts';

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  citations: Citation[];
  agents: string[];
  state: 'done' | 'streaming' | 'stopped' | 'error';
  error?: string;
  stopReason?: string | null;
  safety?: string;
}

const SAFETY_NOTE: Record<string, string> = {
  out_of_scope: 'Safety: outside what this assistant answers.',
  evade_care: 'Safety: this assistant does not help get around medical care.',
  declined: 'Safety: this assistant declines this request and says why below.',
};

/** An emergency is an alert, not a note: announced at once, in the danger colour, worded for a patient and a clinician. */
function EmergencyBanner() {
  return (
    <div className="alert-emergency" role="alert">
      <span className="alert-icon" aria-hidden="true">
        ⚠
      </span>
      <p>
        <strong>This looks like an emergency.</strong> Act on the first step below now: call emergency services — or,
        for a patient in your care, follow your emergency protocol — before reading further.
      </p>
    </div>
  );
}

function newConversationId(): string {
  return `c_${crypto.randomUUID().replace(/-/g, '')}`;
}

function CitationLink({ c }: { c: Citation }) {
  if (c.type === 'compound' || c.type === 'monograph') return <Link to={`/compounds/${c.id}`}>{c.title}</Link>;
  if (c.type === 'document') return <Link to={`/documents/${c.id}`}>{c.title}</Link>;
  return <span>{c.title}</span>;
}

function Citations({ list, prefix }: { list: Citation[]; prefix: string }) {
  if (list.length === 0) return null;
  return (
    <details className="citations" open>
      <summary>Sources ({list.length})</summary>
      <ol>
        {list.map((c) => (
          <li key={c.index} id={`${prefix}-${c.index}`} value={c.index}>
            <CitationLink c={c} />
            <span className="muted small">
              {' '}
              · {c.type.replace(/_/g, ' ')}
              {c.type === 'lab_test' ? ` LOINC ${c.id}` : c.type === 'food' ? ` USDA ${c.id}` : ''}
            </span>
            {c.url && (
              <>
                {' '}
                ·{' '}
                <ExternalLink href={c.url}>
                  {c.doi ? `DOI ${c.doi}` : c.pmid ? `PubMed ${c.pmid}` : 'source'}
                </ExternalLink>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function History({ activeId }: { activeId: string | null }) {
  const list = useApiQuery('conversationList', { query: { limit: '50' } });
  return (
    <nav className="chat-history" aria-label="Conversations">
      <Link to="/chat" className="btn btn-secondary new-chat">
        New conversation
      </Link>
      {list.isPending && <Loading label="Loading history…" />}
      {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && <p className="muted small">No saved conversations yet.</p>}
      {list.data && list.data.data.length > 0 && (
        <ul>
          {list.data.data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/chat/${c.id}`}
                aria-current={c.id === activeId ? 'page' : undefined}
                className={c.id === activeId ? 'active' : ''}
              >
                <span className="history-title">{c.title}</span>
                <span className="muted small">
                  {date(c.updated_at)} · {c.turns} {c.turns === 1 ? 'question' : 'questions'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

export function ChatPage() {
  useTitle('Chat');
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the conversation this page holds in `turns` (null: a new one, not sent yet)
  const [activeId, setActiveIdState] = useState<string | null>(null);
  const activeRef = useRef<string | null>(null);
  const setActiveId = (id: string | null) => {
    activeRef.current = id;
    setActiveIdState(id);
  };
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [formError, setFormError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const threadEnd = useRef<HTMLDivElement>(null);
  const streaming = turns.some((t) => t.state === 'streaming');

  // a conversation opened from the history or an address (not the one this page is writing)
  const mustLoad = !!routeId && routeId !== activeId;
  const stored = useApiQuery('conversationGet', { params: { id: routeId ?? '' } }, { enabled: mustLoad });
  useEffect(() => {
    if (!routeId) {
      abort.current?.abort();
      setActiveId(null);
      setTurns([]);
      return;
    }
    if (routeId === activeRef.current || stored.data?.data.id !== routeId) return;
    abort.current?.abort();
    setActiveId(routeId);
    setTurns(
      stored.data.data.messages.map((m) => ({
        role: m.role,
        text: m.text,
        citations: m.citations,
        agents: m.agents,
        state: 'done',
        stopReason: m.stop_reason,
      })),
    );
  }, [routeId, stored.data]);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    threadEnd.current?.scrollIntoView({ block: 'end' });
  }, [turns.length]);
  // follow a streaming answer, unless the reader scrolled up to read something else
  const lastLength = turns[turns.length - 1]?.text.length ?? 0;
  useEffect(() => {
    const nearBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 240;
    if (streaming && nearBottom) threadEnd.current?.scrollIntoView({ block: 'end' });
  }, [lastLength, streaming]);

  const agents = useApiQuery('agentList', {});

  const update = (fn: (t: Turn) => Turn) => setTurns((all) => all.map((t, i) => (i === all.length - 1 ? fn(t) : t)));

  async function ask(text: string) {
    const q = text.trim();
    if (!q || streaming) return;
    setFormError(null);
    const id = activeId ?? newConversationId();
    const history = turns
      .filter((t) => t.state === 'done' && t.text.trim())
      .map((t) => ({ role: t.role, content: t.text }));
    setTurns((all) => [
      ...all,
      { role: 'user', text: q, citations: [], agents: [], state: 'done' },
      { role: 'assistant', text: '', citations: [], agents: [], state: 'streaming' },
    ]);
    setQuestion('');
    if (!activeId) {
      setActiveId(id);
      void navigate(`/chat/${id}`, { replace: true, state: { keepFocus: true } });
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      for await (const e of api.stream(
        'chatStream',
        { body: { messages: [...history, { role: 'user', content: q }], conversation_id: id } },
        controller.signal,
      )) {
        if (e.type === 'message_start') update((t) => ({ ...t, agents: e.message.agents, safety: e.message.safety }));
        else if (e.type === 'content_block_start') update((t) => ({ ...t, citations: e.content_block.citations }));
        else if (e.type === 'content_block_delta') update((t) => ({ ...t, text: t.text + e.delta.text }));
        else if (e.type === 'message_delta') update((t) => ({ ...t, stopReason: e.delta.stop_reason }));
        else if (e.type === 'error') update((t) => ({ ...t, state: 'error', error: e.error.message }));
      }
      update((t) => (t.state === 'streaming' ? { ...t, state: 'done' } : t));
    } catch (err) {
      if (controller.signal.aborted) update((t) => ({ ...t, state: 'stopped' }));
      else if (err instanceof ApiError && err.status === 400) {
        // the question was refused before any answer: take it back into the box and say why
        setTurns((all) => all.slice(0, -2));
        setQuestion(q);
        setFormError(err);
      } else update((t) => ({ ...t, state: 'error', error: describeError(err).message }));
    } finally {
      abort.current = null;
      void queryClient.invalidateQueries({ queryKey: ['conversationList'] });
      void queryClient.invalidateQueries({ queryKey: ['conversationGet'] });
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(question);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void ask(question);
    }
  };
  const examples = (agents.data?.data ?? [])
    .filter((a) => a.group !== 'safety')
    .filter((a, i, all) => all.findIndex((b) => b.group === a.group) === i)
    .slice(0, 4);

  return (
    <div className="page chat-page">
      <header className="page-header">
        <h1>Chat</h1>
        <p className="lede">
          Answers composed from the local library and tools, each statement marked with its sources. Not medical advice.
        </p>
      </header>
      <div className="chat-layout">
        <History activeId={activeId} />
        <section className="chat-main" aria-label="Conversation">
          <div className="thread" aria-busy={streaming}>
            {mustLoad && stored.isPending && <Loading label="Loading the conversation…" />}
            {mustLoad && stored.isError && <ErrorMessage error={stored.error} onRetry={() => void stored.refetch()} />}
            {!routeId && turns.length === 0 && (
              <Empty title="Ask about a compound, an interaction, a lab value or the research.">
                {examples.length > 0 && (
                  <ul className="example-list centered">
                    {examples.map((a) => (
                      <li key={a.id}>
                        <button type="button" className="pill" onClick={() => void ask(a.example)}>
                          {a.example}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </Empty>
            )}
            {!mustLoad &&
              turns.map((t, i) => (
                <article
                  key={i}
                  className={`bubble bubble-${t.role}`}
                  aria-label={t.role === 'user' ? 'Question' : 'Answer'}
                >
                  {t.role === 'user' ? (
                    <p>{t.text}</p>
                  ) : (
                    <>
                      {t.safety === 'emergency' && <EmergencyBanner />}
                      {t.safety && SAFETY_NOTE[t.safety] && <p className="notice">{SAFETY_NOTE[t.safety]}</p>}
                      {t.text ? (
                        <AnswerText
                          text={t.text}
                          citeHref={(n) => (t.citations.some((c) => c.index === n) ? `#cite-${i}-${n}` : null)}
                        />
                      ) : t.state === 'streaming' ? (
                        <Loading label="Looking through the library…" />
                      ) : null}
                      {t.state === 'streaming' && t.text && (
                        <span className="typing" aria-hidden="true">
                          ▍
                        </span>
                      )}
                      {t.state === 'stopped' && <p className="muted small">Stopped. The answer above is incomplete.</p>}
                      {t.state === 'error' && (
                        <p className="field-error" role="alert">
                          The answer broke off: {t.error}
                        </p>
                      )}
                      {t.stopReason === 'max_tokens' && (
                        <p className="muted small">The answer reached its length limit.</p>
                      )}
                      <Citations list={t.citations} prefix={`cite-${i}`} />
                      {t.agents.length > 0 && (
                        <p className="muted small">
                          Answered by:{' '}
                          {t.agents.map((a) => agents.data?.data.find((x) => x.id === a)?.name ?? a).join(', ')}
                        </p>
                      )}
                    </>
                  )}
                </article>
              ))}
            <div ref={threadEnd} />
          </div>
          <form className="chat-form" onSubmit={submit}>
            {formError !== null && <ErrorMessage error={formError} />}
            <label htmlFor="chat-q" className="sr-only">
              Your question
            </label>
            <textarea
              id="chat-q"
              rows={2}
              value={question}
              maxLength={32000}
              placeholder="Ask a question… (Enter sends, Shift+Enter for a new line)"
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={onKey}
            />
            <div className="chat-actions">
              {streaming ? (
                <button type="button" className="btn btn-danger" onClick={() => abort.current?.abort()}>
                  Stop
                </button>
              ) : (
                <button type="submit" className="btn btn-primary" disabled={!question.trim()}>
                  Send
                </button>
              )}
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
