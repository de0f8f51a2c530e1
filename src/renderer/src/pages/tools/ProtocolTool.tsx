import { useState } from 'react';
import { Link } from 'react-router';
import type { ProtocolData } from '../../../../shared/schemas/tools/protocol.ts';
import { GradeBadge, SeverityBadge } from '../../components/Badges.tsx';
import { InteractionGroups, pairRows } from '../../components/InteractionGroups.tsx';
import { useCompoundIndex } from '../../lib/compounds.ts';
import { humanize, quantity } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import {
  lines,
  NumberField,
  ResultCard,
  ResultFooter,
  SelectField,
  TextAreaField,
  TextField,
  ToolForm,
  toNumber,
} from '../../components/form-kit.tsx';

const LABELS: Record<string, string> = {
  compounds: 'Compounds',
  duration_weeks: 'Duration',
  goal: 'Goal',
  current_medications: 'Current medications',
  'kidney.sex': 'Sex',
  'kidney.age': 'Age',
  'kidney.creatinine.value': 'Serum creatinine',
  'kidney.creatinine.unit': 'Creatinine unit',
  'kidney.weight_kg': 'Weight',
  'kidney.height_cm': 'Height',
};

export function ProtocolTool() {
  const [compounds, setCompounds] = useState('');
  const [weeks, setWeeks] = useState('12');
  const [goal, setGoal] = useState('');
  const [meds, setMeds] = useState('');
  const [sex, setSex] = useState<'' | 'female' | 'male'>('');
  const [age, setAge] = useState('');
  const [creatinine, setCreatinine] = useState('');
  const [creatinineUnit, setCreatinineUnit] = useState<'mg/dL' | 'umol/L'>('mg/dL');
  const [weight, setWeight] = useState('');
  const [height, setHeight] = useState('');
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolProtocol');
  const index = useCompoundIndex();
  const names = index.data?.rows ?? [];
  // The tool resolves names, brands and slugs itself; kidney data is sent only when sex, age and creatinine are
  // given; weight (and height) add creatinine clearance for labels that dose by CrCl.
  const kidney =
    sex && age && creatinine
      ? {
          sex,
          age: toNumber(age) as number,
          creatinine: { value: toNumber(creatinine) as number, unit: creatinineUnit },
          ...(weight ? { weight_kg: toNumber(weight) as number } : {}),
          ...(height ? { height_cm: toNumber(height) as number } : {}),
        }
      : undefined;
  const submit = () =>
    run.mutate({
      body: {
        compounds: lines(compounds),
        duration_weeks: toNumber(weeks) as number,
        goal,
        current_medications: lines(meds),
        ...(kidney ? { kidney } : {}),
        save,
      },
    });
  return (
    <>
      <ToolForm
        title="Protocol outline"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        submitLabel="Build outline"
      >
        <div className="form-grid">
          <TextField
            path="compounds"
            label="Compounds (comma-separated names or slugs)"
            value={compounds}
            onChange={setCompounds}
            list="protocol-compounds"
            className="wide"
            placeholder="e.g. sertraline, omega-3-fish-oil"
            hint="1 to 6 compounds from the library."
          />
          <datalist id="protocol-compounds">
            {names.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </datalist>
          <NumberField path="duration_weeks" label="Duration (weeks)" value={weeks} onChange={setWeeks} hint="1–52" />
          <TextField
            path="goal"
            label="Goal"
            value={goal}
            onChange={setGoal}
            placeholder="e.g. depression, weight management"
          />
          <TextAreaField
            path="current_medications"
            label="Other medicines taken (one per line)"
            value={meds}
            onChange={setMeds}
            rows={3}
          />
          <SelectField
            path="kidney.sex"
            label="Sex (for eGFR, optional)"
            value={sex}
            onChange={setSex}
            options={[
              { value: '', label: 'Not given' },
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ]}
          />
          <NumberField path="kidney.age" label="Age (for eGFR)" value={age} onChange={setAge} hint="18–120" />
          <NumberField
            path="kidney.creatinine.value"
            label="Serum creatinine (for eGFR)"
            value={creatinine}
            onChange={setCreatinine}
            hint="CKD-EPI 2021, race-free"
          />
          <SelectField
            path="kidney.creatinine.unit"
            label="Creatinine unit"
            value={creatinineUnit}
            onChange={setCreatinineUnit}
            options={[
              { value: 'mg/dL', label: 'mg/dL' },
              { value: 'umol/L', label: 'µmol/L' },
            ]}
          />
          <NumberField
            path="kidney.weight_kg"
            label="Weight, kg (for CrCl)"
            value={weight}
            onChange={setWeight}
            hint="Cockcroft–Gault; labels that dose by CrCl need it"
          />
          <NumberField
            path="kidney.height_cm"
            label="Height, cm (optional)"
            value={height}
            onChange={setHeight}
            hint="ideal and adjusted body weight"
          />
        </div>
      </ToolForm>
      {run.data && <ProtocolResult data={run.data.data} />}
    </>
  );
}

function ProtocolResult({ data }: { data: ProtocolData }) {
  // One verdict per pair, shown as the interaction checker shows it.
  const rows = pairRows(data.interactions);
  const nameOf = Object.fromEntries(data.compounds.map((c) => [c.slug, c.name]));
  return (
    <ResultCard title={`Outline: ${data.goal}, ${quantity(data.duration, 0)}`}>
      <p className="notice">
        <strong>Editorial planning outline.</strong> {data.disclaimer}
      </p>
      {data.compounds.map((c) => (
        <section key={c.slug} className="protocol-compound">
          <h3>
            <Link to={`/compounds/${c.slug}`}>{c.name}</Link> <GradeBadge grade={c.evidence_grade} />
          </h3>
          {c.limitation && <p className="text-warn small">{c.limitation}</p>}
          <dl className="facts">
            <div>
              <dt>Dose</dt>
              <dd>{c.dose.text}</dd>
            </div>
            <div>
              <dt>Frequency</dt>
              <dd>{c.dose.frequency}</dd>
            </div>
            <div>
              <dt>Route</dt>
              <dd>{c.dose.route.map(humanize).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Studied duration</dt>
              <dd>{c.studied_duration}</dd>
            </div>
          </dl>
          <p className="small muted">{c.goal_match}</p>
          <ol className="phases">
            {c.phases.map((p, i) => (
              <li key={i}>
                <strong>{humanize(p.phase)}</strong> · weeks {p.from_week}–{p.to_week}
                {p.dose ? ` · ${quantity(p.dose, 3)}` : ''}
                <div className="small">{p.instructions}</div>
              </li>
            ))}
          </ol>
          {c.titration.label && (
            <p className="small muted">
              Dose steps: {c.titration.label.basis}
              {c.titration.label.further ? ` ${c.titration.label.further}` : ''}
            </p>
          )}
          {c.contraindications.length > 0 && (
            <>
              <h4>Check before starting</h4>
              <ul>
                {c.contraindications.map((x, i) => (
                  <li key={i}>{x}</li>
                ))}
              </ul>
            </>
          )}
          {c.warnings.length > 0 && (
            <ul className="warnings">
              {c.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <h3>Week by week</h3>
      <div className="table-wrap">
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">Phase</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
          <tbody>
            {data.schedule.map((w) => (
              <tr key={w.week}>
                <td className="num">{w.week}</td>
                <td>{w.items.map((it) => `${nameOf[it.slug] ?? it.slug}: ${humanize(it.phase)}`).join('; ')}</td>
                <td className="small">{w.events.join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.monitoring.length > 0 && (
        <>
          <h3>Monitoring</h3>
          <ul className="plain-list">
            {data.monitoring.map((m) => (
              <li key={m.panel}>
                <strong>{m.panel}</strong> · {m.timing}
                <div className="small">
                  {m.tests
                    .map(
                      (t) =>
                        `${t.test} (LOINC ${t.loinc}): ${t.low || t.high ? `${t.low ? quantity(t.low) : '…'} to ${t.high ? quantity(t.high) : '…'}` : (t.text ?? '')} [${t.unit}]`,
                    )
                    .join('; ')}
                </div>
                <div className="small muted">Why: {m.reasons.map((r) => r.text).join(' ')}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.kidney_function && (
        <>
          <h3>Kidney function</h3>
          <p>
            eGFR {quantity(data.kidney_function.egfr, 1)} ({data.kidney_function.category}:{' '}
            {data.kidney_function.meaning}) from creatinine {quantity(data.kidney_function.creatinine)},{' '}
            {data.kidney_function.equation}.
          </p>
          {data.kidney_function.creatinine_clearance ? (
            <p>
              Creatinine clearance (Cockcroft–Gault):{' '}
              {quantity(data.kidney_function.creatinine_clearance.used.value, 1)} with{' '}
              {data.kidney_function.creatinine_clearance.used.weight} body weight (
              {data.kidney_function.creatinine_clearance.used.why}). By weight: actual{' '}
              {quantity(data.kidney_function.creatinine_clearance.by_weight.actual, 1)}
              {data.kidney_function.creatinine_clearance.by_weight.ideal
                ? `, ideal ${quantity(data.kidney_function.creatinine_clearance.by_weight.ideal, 1)}`
                : ''}
              {data.kidney_function.creatinine_clearance.by_weight.adjusted
                ? `, adjusted ${quantity(data.kidney_function.creatinine_clearance.by_weight.adjusted, 1)}`
                : ''}
              .
            </p>
          ) : (
            <p className="text-warn small">{data.kidney_function.creatinine_clearance_note}</p>
          )}
          {data.compounds.some((c) => c.renal) && (
            <ul>
              {data.compounds.map((c) =>
                c.renal ? (
                  <li key={c.slug} className={c.renal.scheduled ? undefined : 'text-warn'}>
                    {c.renal.statement}
                  </li>
                ) : null,
              )}
            </ul>
          )}
          {data.kidney_function.statements.length > 0 && (
            <details>
              <summary>What the texts say about kidney function</summary>
              <ul>
                {data.kidney_function.statements.map((k, i) => (
                  <li key={i} className={k.applies ? 'text-warn' : undefined}>
                    {nameOf[k.slug] ?? k.slug}: {k.text}
                    {k.applies ? ' (applies on its own measure)' : ''}
                    {k.note ? ` ${k.note}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <p className="small muted">
            {data.kidney_function.reference} {data.kidney_function.creatinine_clearance?.reference ?? ''}
          </p>
        </>
      )}
      {data.stop_criteria.length > 0 && (
        <>
          <h3>Stop and seek review if</h3>
          <ul>
            {data.stop_criteria.map((s, i) => (
              <li key={i}>
                <strong>{s.criterion}</strong>{' '}
                <span className="muted small">
                  ({s.name}; {humanize(s.frequency)}
                  {s.notes ? `; ${s.notes}` : ''})
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>
        Interactions <SeverityBadge severity={data.highest_severity} />
      </h3>
      {rows.length ? (
        <InteractionGroups rows={rows} idPrefix="protocol" />
      ) : (
        <p className="muted">None listed. {data.coverage.statement}</p>
      )}
      {data.unmatched_medications.length > 0 && (
        <p className="text-warn">
          Medicines not recognised: {data.unmatched_medications.map((m) => m.input).join(', ')}.
        </p>
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
