import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, EVIDENCE_GRADES, type Category, type EvidenceGrade } from '../../../../shared/enums.ts';
import type { PeptideStackData } from '../../../../shared/schemas/tools/peptide-stack.ts';
import { GradeBadge, SeverityBadge, Tag } from '../../components/Badges.tsx';
import { InteractionGroups, pairRows } from '../../components/InteractionGroups.tsx';
import { useCompoundIndex } from '../../lib/compounds.ts';
import { categoryLabel, gradeMeaning, humanize, quantity, statusLabel } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import {
  CheckField,
  lines,
  NumberField,
  ResultCard,
  ResultFooter,
  SelectField,
  TextAreaField,
  TextField,
  ToolForm,
  toNumber,
  useFieldErrors,
} from '../../components/form-kit.tsx';

const LABELS: Record<string, string> = {
  goals: 'Goals',
  constraints: 'Constraints',
  'constraints.max_compounds': 'Largest stack',
};

function CategoryChecks({
  legend,
  path,
  value,
  onChange,
}: {
  legend: string;
  path: string;
  value: Category[];
  onChange: (v: Category[]) => void;
}) {
  const errors = useFieldErrors(path);
  return (
    <fieldset className="field check-grid">
      <legend>{legend}</legend>
      {CATEGORIES.map((c) => (
        <label key={c} className="check">
          <input
            type="checkbox"
            checked={value.includes(c)}
            onChange={(e) => onChange(e.target.checked ? [...value, c] : value.filter((x) => x !== c))}
          />
          <span className="check-label">{categoryLabel(c)}</span>
        </label>
      ))}
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </fieldset>
  );
}

export function PeptideStackTool() {
  const [goals, setGoals] = useState('');
  const [max, setMax] = useState('3');
  const [minGrade, setMinGrade] = useState<EvidenceGrade>('B');
  const [only, setOnly] = useState<Category[]>([]);
  const [exclude, setExclude] = useState<Category[]>([]);
  const [excludeCompounds, setExcludeCompounds] = useState('');
  const [meds, setMeds] = useState('');
  const [approved, setApproved] = useState(false);
  const [researchOnly, setResearchOnly] = useState(false);
  const [veterinary, setVeterinary] = useState(false);
  const [sarms, setSarms] = useState(false);
  const [steroids, setSteroids] = useState(false);
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolPeptideStack');
  const index = useCompoundIndex();
  const subcategories = useMemo(
    () => [...new Set((index.data?.rows ?? []).map((c) => c.subcategory))].sort(),
    [index.data],
  );

  const submit = () =>
    run.mutate({
      body: {
        goals: lines(goals).map((g) => g.toLowerCase().replace(/\s+/g, '_')),
        constraints: {
          max_compounds: toNumber(max) as number,
          min_evidence_grade: minGrade,
          exclude_categories: exclude,
          categories: only.length ? only : undefined,
          exclude_compounds: lines(excludeCompounds),
          current_medications: lines(meds),
          include_approved_medicines: approved,
          include_research_only: researchOnly,
          include_veterinary_only: veterinary,
          include_sarms: sarms,
          include_anabolic_steroids: steroids,
        },
        save,
      },
    });
  return (
    <>
      <ToolForm
        title="Stack builder"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        submitLabel="Build stack"
      >
        <div className="form-grid">
          <TextField
            path="goals"
            label="Goals (comma-separated, in priority order)"
            value={goals}
            onChange={setGoals}
            list="stack-goals"
            className="wide"
            placeholder="e.g. sleep, cognitive"
            hint={
              subcategories.length
                ? `Goals are compound subcategories, e.g. ${subcategories.slice(0, 6).join(', ')}.`
                : 'Goals are compound subcategories.'
            }
          />
          <datalist id="stack-goals">
            {subcategories.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </datalist>
          <NumberField
            path="constraints.max_compounds"
            label="Largest stack"
            value={max}
            onChange={setMax}
            hint="1–6"
          />
          <SelectField
            path="constraints.min_evidence_grade"
            label="Weakest evidence allowed"
            value={minGrade}
            onChange={setMinGrade}
            options={EVIDENCE_GRADES.map((g) => ({ value: g, label: g === 'A' ? 'A only' : `${g} or stronger` }))}
            hint={`${minGrade}: ${gradeMeaning(minGrade)}`}
          />
          <TextAreaField
            path="constraints.current_medications"
            label="Current medications (one per line)"
            value={meds}
            onChange={setMeds}
            rows={3}
            hint="Candidates that interact with any of them (moderate or worse) or duplicate one's action are dropped."
          />
          <TextAreaField
            path="constraints.exclude_compounds"
            label="Never choose (one per line)"
            value={excludeCompounds}
            onChange={setExcludeCompounds}
            rows={3}
          />
        </div>
        <CategoryChecks
          legend="Choose only from these categories (none ticked: all)"
          path="constraints.categories"
          value={only}
          onChange={setOnly}
        />
        <CategoryChecks
          legend="Never choose these categories"
          path="constraints.exclude_categories"
          value={exclude}
          onChange={setExclude}
        />
        <CheckField label="Also choose approved prescription medicines" checked={approved} onChange={setApproved} />
        <CheckField
          label="Also choose research-only compounds (not approved for human use)"
          checked={researchOnly}
          onChange={setResearchOnly}
        />
        <CheckField label="Also choose veterinary-only compounds" checked={veterinary} onChange={setVeterinary} />
        <CheckField label="Also choose SARMs" checked={sarms} onChange={setSarms} />
        <CheckField label="Also choose anabolic steroids" checked={steroids} onChange={setSteroids} />
      </ToolForm>
      {run.data && <StackResult data={run.data.data} />}
    </>
  );
}

function StackResult({ data }: { data: PeptideStackData }) {
  // One verdict per pair, shown as the interaction checker shows it.
  const rows = pairRows(data.interactions);
  return (
    <ResultCard title="Stack">
      {data.stack.length === 0 && (
        <div className="notice">
          <p>
            <strong>No compound fits these goals and constraints.</strong>
          </p>
          <ul>
            {data.empty_reasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="small muted">
        {data.goals.map((g) => `${humanize(g.goal)}: ${g.chosen} chosen of ${g.candidates} candidates`).join(' · ')}
      </p>
      <ol className="stack-list">
        {data.stack.map((s) => (
          <li key={s.slug} className="stack-item">
            <h3>
              <Link to={`/compounds/${s.slug}`}>{s.name}</Link> <GradeBadge grade={s.evidence_grade} />
            </h3>
            <p className="tags">
              <Tag>{categoryLabel(s.category)}</Tag>
              <Tag>{statusLabel(s.status)}</Tag>
              <Tag>For: {humanize(s.goal)}</Tag>
            </p>
            <dl className="facts">
              <div>
                <dt>Dose</dt>
                <dd>
                  {s.dosing.amount ? quantity(s.dosing.amount) : humanize(s.dosing.dose_status)} · {s.dosing.frequency}
                </dd>
              </div>
              <div>
                <dt>Route</dt>
                <dd>{humanize(s.dosing.route)}</dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{s.dosing.duration}</dd>
              </div>
              <div>
                <dt>Timing</dt>
                <dd>{s.timing.slots.length ? s.timing.slots.map(humanize).join(', ') : 'Not stated'}</dd>
              </div>
            </dl>
            <p className="small">{s.rationale}</p>
            <p className="small muted">{s.dosing.note}</p>
            {s.warnings.length > 0 && (
              <ul className="warnings">
                {s.warnings.map((w, i) => (
                  <li key={i}>{w.message}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <h3>
        Interactions <SeverityBadge severity={data.highest_severity} />
      </h3>
      {rows.length ? (
        <InteractionGroups rows={rows} idPrefix="stack" />
      ) : (
        <p className="muted">None listed within the stack or with the medications. {data.coverage.statement}</p>
      )}
      {data.unmatched_medications.length > 0 && (
        <p className="text-warn">
          Medications not recognised: {data.unmatched_medications.map((m) => m.input).join(', ')}.
        </p>
      )}
      {data.not_selected.length > 0 && (
        <>
          <h3>Left out</h3>
          <div className="table-wrap">
            <table className="data-table compact">
              <thead>
                <tr>
                  <th scope="col">Compound</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {data.not_selected.map((n) => (
                  <tr key={n.slug}>
                    <td>
                      <Link to={`/compounds/${n.slug}`}>{n.name}</Link>
                    </td>
                    <td>
                      <GradeBadge grade={n.evidence_grade} />
                    </td>
                    <td>{n.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {data.warnings.length > 0 && (
        <ul className="warnings">
          {data.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      <ResultFooter data={data} />
    </ResultCard>
  );
}
