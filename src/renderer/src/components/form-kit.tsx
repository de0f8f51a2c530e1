/**
 * Form parts shared by the tool screens. Checking is the API's job: a form sends what was typed and shows the
 * API's error details next to the fields they name (and in a summary at the top), so the rules live in one place.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import { ApiError } from '../../../shared/client.ts';
import type { ErrorDetail } from '../../../shared/errors.ts';
import { ErrorMessage } from './States.tsx';
import { humanize } from '../lib/format.ts';

const FieldErrorsContext = createContext<ErrorDetail[]>([]);

/** Messages for a field and everything under it ("weight" also gets "weight.value"). */
export function useFieldErrors(path: string): string[] {
  const details = useContext(FieldErrorsContext);
  return details.filter((d) => d.field === path || d.field.startsWith(`${path}.`)).map((d) => d.message);
}

/** "panel.0.value" → "Panel, row 1, value" (with `labels` naming the first part). */
export function fieldLabel(path: string, labels: Record<string, string>): string {
  const parts = path.split('.');
  const head = parts.shift() ?? path;
  const out = [labels[head] ?? humanize(head)];
  for (const p of parts) out.push(/^\d+$/.test(p) ? `row ${Number(p) + 1}` : humanize(p).toLowerCase());
  return out.join(', ');
}

export function toNumber(s: string): number | undefined {
  const t = s.trim().replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  // a non-number is sent as text, so the API names the field in its answer rather than the form guessing
  return Number.isFinite(n) ? n : (t as unknown as number);
}

export const lines = (s: string) =>
  s
    .split(/[\n,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);

interface ToolFormProps {
  title: string;
  onSubmit: () => void;
  pending: boolean;
  error: Error | null;
  labels: Record<string, string>;
  children: ReactNode;
  save: boolean;
  onSave: (v: boolean) => void;
  submitLabel?: string;
  extraActions?: ReactNode;
}

/** Makes a 400's details available to the fields inside (useFieldErrors). */
export function FieldErrorsProvider({ error, children }: { error: unknown; children: ReactNode }) {
  const details = error instanceof ApiError && error.status === 400 ? error.details : [];
  return <FieldErrorsContext.Provider value={details}>{children}</FieldErrorsContext.Provider>;
}

/** The top of a form after a refused request: every field the API named, in words; other errors as they are. */
export function FormErrorSummary({ error, labels }: { error: unknown; labels: Record<string, string> }) {
  if (!error) return null;
  const details = error instanceof ApiError && error.status === 400 ? error.details : [];
  if (details.length === 0) return <ErrorMessage error={error} />;
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">
        Please check {details.length === 1 ? 'this field' : `these ${details.length} fields`}
      </p>
      <ul className="error-details">
        {details.map((d, i) => (
          <li key={i}>
            <strong>{fieldLabel(d.field, labels)}</strong>: {d.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ToolForm({
  title,
  onSubmit,
  pending,
  error,
  labels,
  children,
  save,
  onSave,
  submitLabel = 'Calculate',
  extraActions,
}: ToolFormProps) {
  const saveId = useId();
  return (
    <FieldErrorsProvider error={error}>
      <form
        className="tool-form card"
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormErrorSummary error={error} labels={labels} />
        {children}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? 'Working…' : submitLabel}
          </button>
          {extraActions}
          <label className="check" htmlFor={saveId}>
            <input id={saveId} type="checkbox" checked={save} onChange={(e) => onSave(e.target.checked)} />
            <span className="check-label">Save the result on this machine (for insights)</span>
          </label>
        </div>
      </form>
    </FieldErrorsProvider>
  );
}

function FieldMessages({ id, messages, hint }: { id: string; messages: string[]; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {messages.length > 0 && (
        <span className="field-error" id={`${id}-err`}>
          {messages.join('; ')}
        </span>
      )}
    </>
  );
}

function describedBy(id: string, hint: unknown, messages: string[]): string | undefined {
  const ids = [hint ? `${id}-hint` : '', messages.length ? `${id}-err` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

interface BaseField {
  path: string;
  label: string;
  hint?: ReactNode;
  className?: string;
}

export function NumberField({
  path,
  label,
  hint,
  value,
  onChange,
  className,
  placeholder,
}: BaseField & { value: string; onChange: (v: string) => void; placeholder?: string }) {
  const id = useId();
  const messages = useFieldErrors(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, hint, messages)}
      />
      <FieldMessages id={id} messages={messages} hint={hint} />
    </div>
  );
}

export function TextField({
  path,
  label,
  hint,
  value,
  onChange,
  className,
  placeholder,
  list,
}: BaseField & { value: string; onChange: (v: string) => void; placeholder?: string; list?: string }) {
  const id = useId();
  const messages = useFieldErrors(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        placeholder={placeholder}
        list={list}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, hint, messages)}
      />
      <FieldMessages id={id} messages={messages} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  path,
  label,
  hint,
  value,
  onChange,
  className,
  placeholder,
  rows = 4,
  onCaret,
  children,
}: BaseField & {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  rows?: number;
  /** the caret's offset whenever it moves or the text changes (for suggestions about the line being typed) */
  onCaret?: (offset: number) => void;
  /** shown between the box and its messages (suggestions) */
  children?: ReactNode;
}) {
  const id = useId();
  const messages = useFieldErrors(path);
  const caret = (e: { currentTarget: HTMLTextAreaElement }) => onCaret?.(e.currentTarget.selectionStart);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          caret(e);
        }}
        onKeyUp={caret}
        onClick={caret}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, hint, messages)}
      />
      {children}
      <FieldMessages id={id} messages={messages} hint={hint} />
    </div>
  );
}

export function SelectField<T extends string>({
  path,
  label,
  hint,
  value,
  onChange,
  options,
  className,
}: BaseField & { value: T | ''; onChange: (v: T) => void; options: readonly { value: T | ''; label: string }[] }) {
  const id = useId();
  const messages = useFieldErrors(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, hint, messages)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} messages={messages} hint={hint} />
    </div>
  );
}

/** A number with a unit picker: the shape { value, unit } the tools take. */
export function QuantityField({
  path,
  label,
  hint,
  value,
  unit,
  units,
  onValue,
  onUnit,
  className,
}: BaseField & {
  value: string;
  unit: string;
  units: readonly string[];
  onValue: (v: string) => void;
  onUnit: (u: string) => void;
}) {
  const id = useId();
  const messages = useFieldErrors(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="with-unit">
        <input
          id={id}
          inputMode="decimal"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={messages.length > 0}
          aria-describedby={describedBy(id, hint, messages)}
        />
        {units.length > 1 ? (
          <select aria-label={`${label}: unit`} value={unit} onChange={(e) => onUnit(e.target.value)}>
            {units.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        ) : (
          <span className="unit">{units[0]}</span>
        )}
      </div>
      <FieldMessages id={id} messages={messages} hint={hint} />
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <label className="check field-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="check-label">{label}</span>
    </label>
  );
}

/** Every tool result ends with its interpretation, its method and where it was saved. */
export function ResultFooter({
  data,
}: {
  data: { method: { name: string; reference: string }; interpretation: string; saved_result_id: string | null };
}) {
  return (
    <footer className="result-footer">
      <p className="interpretation">
        <strong>Interpretation (editorial, not a diagnosis):</strong> {data.interpretation}
      </p>
      <p className="method small">
        <strong>Method:</strong> {data.method.name}. <span className="muted">{data.method.reference}</span>
      </p>
      {data.saved_result_id && (
        <p className="small">
          Saved on this machine as <code>{data.saved_result_id}</code>.
        </p>
      )}
    </footer>
  );
}

export function ResultCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card tool-result" aria-label={title} aria-live="polite">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
