import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  BIOAGE_BIOMARKERS,
  BIOAGE_UNITS,
  type BioageBiomarker,
  type BioageData,
} from '../../../../shared/schemas/tools/bioage.ts';
import { StatusBadge } from '../../components/Badges.tsx';
import { num, quantity } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import {
  NumberField,
  QuantityField,
  ResultCard,
  ResultFooter,
  ToolForm,
  toNumber,
} from '../../components/form-kit.tsx';

const NAMES: Record<BioageBiomarker, string> = {
  albumin: 'Albumin',
  creatinine: 'Creatinine',
  glucose: 'Glucose',
  crp: 'C-reactive protein',
  lymphocyte_percent: 'Lymphocytes (% of WBC)',
  mcv: 'Mean cell volume',
  rdw: 'Red cell distribution width',
  alkaline_phosphatase: 'Alkaline phosphatase',
  wbc: 'White blood cells',
};
const LABELS: Record<string, string> = { age: 'Age', ...NAMES };

type Entry = { value: string; unit: string };
const initial = () =>
  Object.fromEntries(BIOAGE_BIOMARKERS.map((b) => [b, { value: '', unit: BIOAGE_UNITS[b][0] }])) as Record<
    BioageBiomarker,
    Entry
  >;
/** The README's worked example (one NHANES-style adult), for trying the tool. */
const EXAMPLE: { age: string; values: Record<BioageBiomarker, Entry> } = {
  age: '77',
  values: {
    albumin: { value: '45', unit: 'g/L' },
    creatinine: { value: '75.7', unit: 'umol/L' },
    glucose: { value: '4.33', unit: 'mmol/L' },
    crp: { value: '0.36', unit: 'mg/dL' },
    lymphocyte_percent: { value: '21.1', unit: '%' },
    mcv: { value: '88.5', unit: 'fL' },
    rdw: { value: '13.7', unit: '%' },
    alkaline_phosphatase: { value: '62', unit: 'U/L' },
    wbc: { value: '7.6', unit: '10^3/uL' },
  },
};

export function BioageTool() {
  const [age, setAge] = useState('');
  const [values, setValues] = useState(initial);
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolBioage');
  const submit = () => {
    const body: Record<string, unknown> = { age: toNumber(age), save };
    for (const b of BIOAGE_BIOMARKERS) {
      const v = toNumber(values[b].value);
      if (v !== undefined) body[b] = { value: v, unit: values[b].unit };
    }
    run.mutate({ body: body as never });
  };
  return (
    <>
      <ToolForm
        title="Biological age (PhenoAge)"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        extraActions={
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setAge(EXAMPLE.age);
              setValues(EXAMPLE.values);
              run.reset();
            }}
          >
            Fill in an example
          </button>
        }
      >
        <div className="form-grid">
          <NumberField path="age" label="Chronological age (years)" value={age} onChange={setAge} hint="20 or older" />
          {BIOAGE_BIOMARKERS.map((b) => (
            <QuantityField
              key={b}
              path={b}
              label={NAMES[b]}
              value={values[b].value}
              unit={values[b].unit}
              units={BIOAGE_UNITS[b]}
              onValue={(v) => setValues({ ...values, [b]: { ...values[b], value: v } })}
              onUnit={(u) => setValues({ ...values, [b]: { ...values[b], unit: u } })}
            />
          ))}
        </div>
      </ToolForm>
      {run.data && <BioageResult data={run.data.data} />}
    </>
  );
}

function BioageResult({ data }: { data: BioageData }) {
  const accel = data.age_acceleration.value;
  const chart = data.contributions.map((c) => ({
    name: NAMES[c.biomarker],
    value: Number(c.contribution.value.toFixed(4)),
  }));
  return (
    <ResultCard title="Results">
      <div className="stat-row">
        <div className="stat">
          <span className="stat-label">Phenotypic age</span>
          <span className="stat-value">{num(data.phenotypic_age.value, 1)}</span>
          <span className="stat-unit">years</span>
        </div>
        <div className="stat">
          <span className="stat-label">Chronological age</span>
          <span className="stat-value">{num(data.chronological_age.value, 1)}</span>
          <span className="stat-unit">years</span>
        </div>
        <div className="stat">
          <span className="stat-label">Age acceleration</span>
          <span className={`stat-value ${accel > 0 ? 'text-warn' : 'text-ok'}`}>
            {accel > 0 ? '+' : ''}
            {num(accel, 1)}
          </span>
          <span className="stat-unit">years</span>
        </div>
        <div className="stat">
          <span className="stat-label">10-year mortality score</span>
          <span className="stat-value">{num(data.mortality_score.value * 100, 1)}</span>
          <span className="stat-unit">%</span>
        </div>
      </div>
      <figure className="chart">
        <figcaption>
          PhenoAge contributions to the linear predictor (log-hazard units; above zero raises phenotypic age)
        </figcaption>
        <div className="chart-box" style={{ height: 320 }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} layout="vertical" margin={{ left: 8, right: 24, top: 8, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tickFormatter={(v: number) => num(v, 2)} />
              <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(v) => num(Number(v), 4)} itemStyle={{ color: 'var(--text)' }} />
              <ReferenceLine x={0} stroke="var(--muted)" />
              <Bar dataKey="value" name="Contribution" isAnimationActive={false}>
                {chart.map((c) => (
                  <Cell key={c.name} fill={c.value > 0 ? 'var(--chart-fat)' : 'var(--accent)'} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <p className="small muted">
          Intercept {quantity(data.intercept, 3)}; age term {quantity(data.age_contribution, 3)}; linear predictor{' '}
          {quantity(data.linear_predictor, 3)}.
        </p>
      </figure>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Biomarker</th>
              <th scope="col">Entered</th>
              <th scope="col">Model value</th>
              <th scope="col">Contribution</th>
              <th scope="col">Reference range</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.contributions.map((c) => (
              <tr key={c.biomarker}>
                <td>{NAMES[c.biomarker]}</td>
                <td>{quantity(c.input, 3)}</td>
                <td>
                  {quantity(c.model_value, 4)}
                  <div className="muted small">{c.conversion}</div>
                </td>
                <td className="num">{num(c.contribution.value, 4)}</td>
                <td>
                  {c.reference_range ? (
                    `${c.reference_range.low ?? '—'}–${c.reference_range.high ?? '—'} ${c.reference_range.unit}`
                  ) : (
                    <span className="muted">none</span>
                  )}
                </td>
                <td>
                  <StatusBadge status={c.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small muted">{data.convention.note}</p>
      <ResultFooter data={data} />
    </ResultCard>
  );
}
