import { useState } from 'react';
import { Link } from 'react-router';
import type { BloodworkData } from '../../../../shared/schemas/tools/bloodwork.ts';
import { StatusBadge } from '../../components/Badges.tsx';
import { RangeChart } from '../../components/RangeChart.tsx';
import { labValue, num } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import {
  NumberField,
  ResultCard,
  ResultFooter,
  SelectField,
  ToolForm,
  toNumber,
  useFieldErrors,
} from '../../components/form-kit.tsx';

/** Names the tool recognises (a few of its aliases, for the suggestion list; any LOINC code or report name also works). */
const COMMON_TESTS = [
  'vitamin d',
  'ldl',
  'hdl',
  'total cholesterol',
  'triglycerides',
  'apob',
  'glucose',
  'fasting glucose',
  'hba1c',
  'insulin',
  'tsh',
  'free t4',
  'free t3',
  'ferritin',
  'iron',
  'transferrin saturation',
  'vitamin b12',
  'folate',
  'crp',
  'hs-crp',
  'homocysteine',
  'alt',
  'ast',
  'alp',
  'ggt',
  'bilirubin',
  'albumin',
  'creatinine',
  'bun',
  'sodium',
  'potassium',
  'calcium',
  'magnesium',
  'uric acid',
  'hemoglobin',
  'hematocrit',
  'wbc',
  'platelets',
  'mcv',
  'rdw',
  'testosterone',
  'estradiol',
  'shbg',
  'cortisol',
  'igf-1',
  'psa',
];
const COMMON_UNITS = [
  'ng/mL',
  'nmol/L',
  'pmol/L',
  'pg/mL',
  'mg/dL',
  'mmol/L',
  'umol/L',
  'g/dL',
  'g/L',
  'mg/L',
  'U/L',
  'mIU/L',
  'uIU/mL',
  '%',
  'mmol/mol',
  '10^9/L',
  '10^3/uL',
  'fL',
];

interface Row {
  test: string;
  value: string;
  unit: string;
}
const EMPTY_ROW: Row = { test: '', value: '', unit: '' };
const EXAMPLE: { sex: 'female'; age: string; rows: Row[] } = {
  sex: 'female',
  age: '54',
  rows: [
    { test: 'vitamin d', value: '30', unit: 'nmol/L' },
    { test: 'ldl', value: '3.5', unit: 'mmol/L' },
    { test: 'hba1c', value: '5.4', unit: '%' },
    { test: 'tsh', value: '2.1', unit: 'mIU/L' },
    { test: 'ferritin', value: '18', unit: 'ng/mL' },
  ],
};

const LABELS = { sex: 'Sex', age: 'Age', panel: 'Panel' };

function PanelRow({
  index,
  row,
  onChange,
  onRemove,
  canRemove,
}: {
  index: number;
  row: Row;
  onChange: (r: Row) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const errors = useFieldErrors(`panel.${index}`);
  const n = index + 1;
  return (
    <li className="panel-row">
      <div className="row-fields">
        <div className="field grow">
          <label htmlFor={`bw-test-${index}`}>Test {n}</label>
          <input
            id={`bw-test-${index}`}
            list="bw-tests"
            value={row.test}
            placeholder="e.g. vitamin d, 1989-3"
            onChange={(e) => onChange({ ...row, test: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        <div className="field narrow">
          <label htmlFor={`bw-value-${index}`}>Value {n}</label>
          <input
            id={`bw-value-${index}`}
            inputMode="decimal"
            value={row.value}
            onChange={(e) => onChange({ ...row, value: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        <div className="field narrow">
          <label htmlFor={`bw-unit-${index}`}>Unit {n}</label>
          <input
            id={`bw-unit-${index}`}
            list="bw-units"
            value={row.unit}
            placeholder="as on the report"
            onChange={(e) => onChange({ ...row, unit: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        {canRemove && (
          <button type="button" className="btn btn-ghost remove" onClick={onRemove} aria-label={`Remove test ${n}`}>
            Remove
          </button>
        )}
      </div>
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </li>
  );
}

export function BloodworkTool() {
  const [sex, setSex] = useState<'male' | 'female' | ''>('');
  const [age, setAge] = useState('');
  const [rows, setRows] = useState<Row[]>([{ ...EMPTY_ROW }, { ...EMPTY_ROW }, { ...EMPTY_ROW }]);
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolBloodwork');

  const submit = () => {
    const panel = rows
      .filter((r) => r.test.trim() || r.value.trim() || r.unit.trim())
      .map((r) => ({ test: r.test, value: toNumber(r.value) as number, unit: r.unit }));
    run.mutate({ body: { sex: (sex || undefined) as 'male', age: toNumber(age) as number, panel, save } });
  };
  const fill = () => {
    setSex(EXAMPLE.sex);
    setAge(EXAMPLE.age);
    setRows(EXAMPLE.rows.map((r) => ({ ...r })));
    run.reset();
  };
  const panelErrors = useFieldErrorsOutside(run.error);

  return (
    <>
      <ToolForm
        title="Bloodwork analysis"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        submitLabel="Analyse"
        extraActions={
          <button type="button" className="btn btn-secondary" onClick={fill}>
            Fill in an example
          </button>
        }
      >
        <div className="form-grid">
          <SelectField
            path="sex"
            label="Sex"
            value={sex}
            onChange={setSex}
            options={[
              { value: '', label: 'Choose…' },
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ]}
          />
          <NumberField path="age" label="Age (years)" value={age} onChange={setAge} className="narrow" />
        </div>
        <fieldset className="panel">
          <legend>Tests</legend>
          <p className="hint">
            Type the test as printed on the report, a common name, or a LOINC code, and the unit as printed. Units are
            converted where the molecular weight is known.
          </p>
          {panelErrors && <span className="field-error">{panelErrors}</span>}
          <ol className="panel-rows">
            {rows.map((r, i) => (
              <PanelRow
                key={i}
                index={i}
                row={r}
                canRemove={rows.length > 1}
                onChange={(nr) => setRows(rows.map((x, j) => (j === i ? nr : x)))}
                onRemove={() => setRows(rows.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setRows([...rows, { ...EMPTY_ROW }])}
            disabled={rows.length >= 100}
          >
            Add a test
          </button>
          <datalist id="bw-tests">
            {COMMON_TESTS.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <datalist id="bw-units">
            {COMMON_UNITS.map((u) => (
              <option key={u} value={u} />
            ))}
          </datalist>
        </fieldset>
      </ToolForm>
      {run.data && (
        <BloodworkResult
          data={run.data.data}
          onUse={(index, loinc) => {
            setRows(rows.map((r, j) => (j === index ? { ...r, test: loinc } : r)));
          }}
        />
      )}
    </>
  );
}

/** The "panel" message itself (e.g. "give at least one test"), which no row shows. */
function useFieldErrorsOutside(error: Error | null): string | null {
  const details = (error as { details?: { field: string; message: string }[] } | null)?.details ?? [];
  const own = details.filter((d) => d.field === 'panel').map((d) => d.message);
  return own.length ? own.join('; ') : null;
}

function BloodworkResult({ data, onUse }: { data: BloodworkData; onUse: (index: number, loinc: string) => void }) {
  const s = data.summary;
  const chartRows = data.results
    .filter((r) => r.value)
    .map((r) => ({
      key: `${r.index}`,
      label: r.input.test,
      value: r.value!.value,
      unit: r.value!.unit,
      low: r.reference_range.low,
      high: r.reference_range.high,
      status: r.status,
      rangeText: r.reference_range.text,
      valueText: labValue(r.value!.value, r.reference_range, !!r.conversion),
    }));
  const critical = data.results.filter((r) => r.status === 'critical_low' || r.status === 'critical_high');
  return (
    <ResultCard title="Results">
      <p className="summary-line">
        {num(s.matched, 0)} of {num(s.tests, 0)} tests recognised · <strong>{num(s.normal, 0)}</strong> within range
        {s.low > 0 && (
          <>
            {' '}
            · <strong>{num(s.low, 0)}</strong> low
          </>
        )}
        {s.high > 0 && (
          <>
            {' '}
            · <strong>{num(s.high, 0)}</strong> high
          </>
        )}
        {s.critical_low + s.critical_high > 0 && (
          <>
            {' '}
            · <strong className="text-danger">{num(s.critical_low + s.critical_high, 0)}</strong> critical
          </>
        )}
        {s.not_evaluated > 0 && <> · {num(s.not_evaluated, 0)} not evaluated</>}
      </p>
      {critical.length > 0 && (
        <div className="critical-alert" role="alert">
          <p>
            <strong>
              ⚠ {critical.length === 1 ? 'A critical value' : `${num(critical.length, 0)} critical values`}
            </strong>
            : beyond the danger (panic) limits, not merely outside the reference range. Confirm the result and act on it
            now.
          </p>
          <ul>
            {critical.map((r) => (
              <li key={r.index}>
                <strong>{r.input.test}</strong> {labValue(r.value!.value, r.reference_range, !!r.conversion)}{' '}
                {r.value!.unit} ({r.status === 'critical_low' ? 'below' : 'above'} the critical limit
                {r.critical_limits ? `; ${r.critical_limits.source}` : ''})
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.warnings.length > 0 && (
        <ul className="warnings">
          {data.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      <RangeChart rows={chartRows} caption="Lab values against their reference ranges" />
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Your value</th>
              <th scope="col">In reference unit</th>
              <th scope="col">Reference range and thresholds</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((r) => (
              <tr
                key={r.index}
                className={r.status === 'critical_low' || r.status === 'critical_high' ? 'row-critical' : undefined}
              >
                <td>
                  <strong>{r.input.test}</strong>
                  <div className="muted small">
                    {r.test.name} · LOINC {r.test.loinc}
                  </div>
                </td>
                <td>
                  {String(r.input.value)} {r.input.unit}
                </td>
                <td>
                  {r.value ? (
                    <>
                      {labValue(r.value.value, r.reference_range, !!r.conversion)} {r.value.unit}
                    </>
                  ) : (
                    <span className="muted">{r.error ?? '—'}</span>
                  )}
                  {r.conversion && <div className="muted small">{r.conversion.method}</div>}
                </td>
                <td>
                  {r.reference_range.text}
                  {r.critical_limits && (
                    <div className="small critical-limits">
                      Critical:{' '}
                      {[
                        r.critical_limits.low !== null ? `< ${String(r.critical_limits.low)}` : '',
                        r.critical_limits.high !== null ? `> ${String(r.critical_limits.high)}` : '',
                      ]
                        .filter(Boolean)
                        .join(' or ')}{' '}
                      {r.critical_limits.unit}
                    </div>
                  )}
                  {r.decision_thresholds.length > 0 && (
                    <ul className="thresholds small">
                      {r.decision_thresholds.map((t, i) => (
                        <li key={i} className={t.met ? 'threshold-met' : undefined} title={t.source}>
                          {t.comparison === 'below' ? '<' : '≥'} {String(t.value)} {t.unit}: {t.label}
                          {t.met && <strong> (met)</strong>}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <StatusBadge status={r.status} />
                  {r.finding && <div className="small threshold-met">{r.finding}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.results.some((r) => r.status !== 'normal') && (
        <>
          <h3>Notes per test</h3>
          <ul className="plain-list">
            {data.results
              .filter((r) => r.status !== 'normal')
              .map((r) => (
                <li key={r.index}>
                  <strong>{r.input.test}:</strong> {r.interpretation}
                  {r.related_compounds.length > 0 && (
                    <div className="small">
                      In the knowledge base:{' '}
                      {r.related_compounds.map((c, i) => (
                        <span key={c.slug}>
                          {i > 0 && ', '}
                          <Link to={`/compounds/${c.slug}`}>{c.name}</Link>
                        </span>
                      ))}
                    </div>
                  )}
                </li>
              ))}
          </ul>
        </>
      )}
      {data.unmatched.length > 0 && (
        <>
          <h3>Not recognised</h3>
          <ul className="plain-list">
            {data.unmatched.map((u) => (
              <li key={u.index}>
                <strong>“{u.test}”</strong> (test {u.index + 1}) is not in the reference table.
                {u.suggestions.length > 0 ? (
                  <div className="suggestions">
                    Did you mean:{' '}
                    {u.suggestions.map((sg) => (
                      <button
                        key={sg.loinc}
                        type="button"
                        className="pill"
                        onClick={() => onUse(u.index, sg.loinc)}
                        title={`Use LOINC ${sg.loinc}`}
                      >
                        {sg.name} <span className="muted">({sg.via})</span>
                      </button>
                    ))}
                  </div>
                ) : (
                  <span className="muted"> No similar test found.</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="small muted">{data.range_note}</p>
      <ResultFooter data={data} />
    </ResultCard>
  );
}
