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
import type { NutritionData } from '../../../../shared/schemas/tools/nutrition.ts';
import { MacroPie } from '../../components/MacroPie.tsx';
import { num, quantity } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import { ResultCard, ResultFooter, ToolForm, toNumber, useFieldErrors } from '../../components/form-kit.tsx';

const LABELS = { items: 'Foods' };
const UNITS = [
  'g',
  'kg',
  'mg',
  'oz',
  'lb',
  'ml',
  'l',
  'cup',
  'tbsp',
  'tsp',
  'fl oz',
  'slice',
  'piece',
  'small',
  'medium',
  'large',
];
interface Row {
  food: string;
  amount: string;
  unit: string;
}
const EMPTY: Row = { food: '', amount: '', unit: '' };

function ItemRow({
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
  const errors = useFieldErrors(`items.${index}`);
  const n = index + 1;
  return (
    <li className="panel-row">
      <div className="row-fields">
        <div className="field grow">
          <label htmlFor={`nu-food-${index}`}>Food {n}</label>
          <input
            id={`nu-food-${index}`}
            value={row.food}
            placeholder="e.g. apple, cheddar cheese, 09003"
            onChange={(e) => onChange({ ...row, food: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        <div className="field narrow">
          <label htmlFor={`nu-amount-${index}`}>Amount {n}</label>
          <input
            id={`nu-amount-${index}`}
            inputMode="decimal"
            value={row.amount}
            onChange={(e) => onChange({ ...row, amount: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        <div className="field narrow">
          <label htmlFor={`nu-unit-${index}`}>Unit {n}</label>
          <input
            id={`nu-unit-${index}`}
            list="nu-units"
            value={row.unit}
            placeholder="g, cup, medium…"
            onChange={(e) => onChange({ ...row, unit: e.target.value })}
            aria-invalid={errors.length > 0}
          />
        </div>
        {canRemove && (
          <button type="button" className="btn btn-ghost remove" onClick={onRemove} aria-label={`Remove food ${n}`}>
            Remove
          </button>
        )}
      </div>
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </li>
  );
}

export function NutritionTool() {
  const [rows, setRows] = useState<Row[]>([{ ...EMPTY }, { ...EMPTY }]);
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolNutrition');
  const submit = () =>
    run.mutate({
      body: {
        items: rows
          .filter((r) => r.food.trim() || r.amount.trim() || r.unit.trim())
          .map((r) => ({ food: r.food, amount: toNumber(r.amount) as number, unit: r.unit })),
        save,
      },
    });
  return (
    <>
      <ToolForm
        title="Nutrition analysis"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        submitLabel="Analyse"
      >
        <fieldset className="panel">
          <legend>Foods</legend>
          <p className="hint">
            Free text or a USDA NDB number; a mass, a volume, or a household measure (slice, medium…).
          </p>
          <ol className="panel-rows">
            {rows.map((r, i) => (
              <ItemRow
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
            onClick={() => setRows([...rows, { ...EMPTY }])}
            disabled={rows.length >= 50}
          >
            Add a food
          </button>
          <datalist id="nu-units">
            {UNITS.map((u) => (
              <option key={u} value={u} />
            ))}
          </datalist>
        </fieldset>
      </ToolForm>
      {run.data && <NutritionResult data={run.data.data} />}
    </>
  );
}

function NutritionResult({ data }: { data: NutritionData }) {
  const me = data.totals.macro_energy;
  const energy = data.totals.nutrients.find((n) => n.key === 'energy');
  const dv = data.totals.nutrients
    .filter((n) => n.percent_dv !== null)
    .map((n) => ({ name: n.name, value: n.percent_dv!, complete: n.complete }));
  return (
    <ResultCard title="Results">
      <p className="summary-line">
        {num(data.items.length, 0)} food{data.items.length === 1 ? '' : 's'} · {quantity(data.totals.grams, 0)}
        {energy?.amount && (
          <>
            {' '}
            · <strong>{quantity(energy.amount, 0)}</strong>
          </>
        )}
      </p>
      {(data.unmatched.length > 0 || data.unresolved.length > 0) && (
        <div className="notice">
          {data.unmatched.map((u) => (
            <p key={`u${u.index}`}>
              <strong>
                Food {u.index + 1}, “{u.food}”
              </strong>
              : not found
              {u.suggestions.length
                ? `; closest: ${u.suggestions
                    .slice(0, 3)
                    .map((s) => `${s.description} (${s.ndb_no})`)
                    .join('; ')}`
                : '.'}
            </p>
          ))}
          {data.unresolved.map((u) => (
            <p key={`r${u.index}`}>
              <strong>
                Food {u.index + 1}, {u.food.description}
              </strong>
              : {u.reason}. Measures listed:{' '}
              {u.available_measures.map((m) => `${m.amount} ${m.measure} (${num(m.grams)} g)`).join('; ')}
            </p>
          ))}
        </div>
      )}
      <div className="chart-pair">
        <MacroPie
          caption="Macro split (share of energy)"
          slices={[
            { name: 'Protein', kcal: me.protein.energy.value, percent: me.protein.percent },
            { name: 'Fat', kcal: me.fat.energy.value, percent: me.fat.percent },
            { name: 'Carbohydrate', kcal: me.carbohydrate.energy.value, percent: me.carbohydrate.percent },
            ...(me.alcohol.energy.value > 0
              ? [{ name: 'Alcohol', kcal: me.alcohol.energy.value, percent: me.alcohol.percent }]
              : []),
          ]}
        />
        <figure className="chart">
          <figcaption>Nutrients, % of Daily Value</figcaption>
          <div className="chart-box" style={{ height: Math.max(160, dv.length * 24 + 40) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={dv} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" unit="%" />
                <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} interval={0} />
                <Tooltip formatter={(v) => `${num(Number(v), 1)} % DV`} itemStyle={{ color: 'var(--text)' }} />
                <ReferenceLine x={100} stroke="var(--muted)" strokeDasharray="4 2" />
                <Bar dataKey="value" name="% DV" isAnimationActive={false}>
                  {dv.map((d) => (
                    <Cell key={d.name} fill={d.complete ? 'var(--accent)' : 'var(--chart-incomplete)'} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <p className="small muted">
            Grey bars are partial sums (a food had no analysed value). {data.daily_values_reference}
          </p>
        </figure>
      </div>
      <div className="table-wrap">
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col">Total</th>
              <th scope="col">Daily Value</th>
              <th scope="col">% DV</th>
            </tr>
          </thead>
          <tbody>
            {data.totals.nutrients.map((n) => (
              <tr key={n.key}>
                <td>
                  {n.name}
                  {!n.complete && (
                    <span className="muted small">
                      {' '}
                      (partial: not analysed in food {n.not_analysed_in.map((i) => i + 1).join(', ')})
                    </span>
                  )}
                </td>
                <td>{n.amount ? quantity(n.amount, 1) : <span className="muted">not analysed</span>}</td>
                <td>{n.daily_value ? quantity(n.daily_value, 0) : <span className="muted">none set</span>}</td>
                <td className="num">{n.percent_dv !== null ? `${num(n.percent_dv, 1)} %` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Foods as matched</h3>
      <ul className="plain-list">
        {data.items.map((it) => (
          <li key={it.index}>
            <strong>
              {it.input.amount} {it.input.unit} {it.input.food}
            </strong>{' '}
            → {it.food.description}{' '}
            <span className="muted small">
              (NDB {it.food.ndb_no}, {num(it.portion.grams)} g; {it.portion.method})
            </span>
          </li>
        ))}
      </ul>
      <p className="small muted">{me.factors}</p>
      <ResultFooter data={data} />
    </ResultCard>
  );
}
