import { useState } from 'react';
import {
  ACTIVITY_FACTORS,
  ACTIVITY_LEVELS,
  GOALS,
  type ActivityLevel,
  type MacrosData,
} from '../../../../shared/schemas/tools/macros.ts';
import { StatusBadge } from '../../components/Badges.tsx';
import { MacroPie } from '../../components/MacroPie.tsx';
import { humanize, num, quantity } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import {
  NumberField,
  QuantityField,
  ResultCard,
  ResultFooter,
  SelectField,
  ToolForm,
  toNumber,
} from '../../components/form-kit.tsx';

const LABELS: Record<string, string> = {
  sex: 'Sex',
  age: 'Age',
  weight: 'Weight',
  height: 'Height',
  body_fat_percent: 'Body fat %',
  activity_level: 'Activity level',
  goal: 'Goal',
  weekly_rate_kg: 'Weekly rate',
  protein_g_per_kg: 'Protein',
  fat_percent: 'Fat share',
};
const ACTIVITY_LABEL: Record<ActivityLevel, string> = {
  sedentary: 'Sedentary (little exercise)',
  light: 'Light (1–3 days/week)',
  moderate: 'Moderate (3–5 days/week)',
  very: 'Very active (6–7 days/week)',
  extra: 'Extra active (physical job or twice daily)',
};

export function MacrosTool() {
  const [f, setF] = useState({
    sex: '' as 'male' | 'female' | '',
    age: '',
    weight: '',
    weightUnit: 'kg',
    height: '',
    heightUnit: 'cm',
    body_fat_percent: '',
    activity_level: '' as ActivityLevel | '',
    goal: 'maintain' as (typeof GOALS)[number],
    weekly_rate_kg: '',
    protein_g_per_kg: '',
    fat_percent: '',
  });
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolMacros');
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const submit = () =>
    run.mutate({
      body: {
        sex: (f.sex || undefined) as 'male',
        age: toNumber(f.age) as number,
        weight: (f.weight.trim()
          ? { value: toNumber(f.weight) as number, unit: f.weightUnit as 'kg' }
          : undefined) as never,
        height: (f.height.trim()
          ? { value: toNumber(f.height) as number, unit: f.heightUnit as 'cm' }
          : undefined) as never,
        body_fat_percent: toNumber(f.body_fat_percent),
        activity_level: (f.activity_level || undefined) as ActivityLevel,
        goal: f.goal,
        weekly_rate_kg: toNumber(f.weekly_rate_kg),
        protein_g_per_kg: toNumber(f.protein_g_per_kg),
        fat_percent: toNumber(f.fat_percent),
        save,
      },
    });
  return (
    <>
      <ToolForm
        title="Macronutrient calculator"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
      >
        <div className="form-grid">
          <SelectField
            path="sex"
            label="Sex"
            value={f.sex}
            onChange={set('sex')}
            options={[
              { value: '', label: 'Choose…' },
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ]}
          />
          <NumberField path="age" label="Age (years)" value={f.age} onChange={set('age')} hint="18–100" />
          <QuantityField
            path="weight"
            label="Weight"
            value={f.weight}
            unit={f.weightUnit}
            units={['kg', 'lb']}
            onValue={set('weight')}
            onUnit={set('weightUnit')}
          />
          <QuantityField
            path="height"
            label="Height"
            value={f.height}
            unit={f.heightUnit}
            units={['cm', 'in']}
            onValue={set('height')}
            onUnit={set('heightUnit')}
          />
          <SelectField
            path="activity_level"
            label="Activity level"
            value={f.activity_level}
            onChange={set('activity_level')}
            options={[
              { value: '', label: 'Choose…' },
              ...ACTIVITY_LEVELS.map((a) => ({ value: a, label: `${ACTIVITY_LABEL[a]} ×${ACTIVITY_FACTORS[a]}` })),
            ]}
          />
          <SelectField
            path="goal"
            label="Goal"
            value={f.goal}
            onChange={set('goal')}
            options={GOALS.map((g) => ({
              value: g,
              label: g === 'lose' ? 'Lose weight' : g === 'gain' ? 'Gain weight' : 'Maintain weight',
            }))}
          />
          <NumberField
            path="weekly_rate_kg"
            label="Weekly change (kg/week, optional)"
            value={f.weekly_rate_kg}
            onChange={set('weekly_rate_kg')}
            hint="lose 0.1–1, gain 0.1–0.5"
          />
          <NumberField
            path="body_fat_percent"
            label="Body fat (%, optional)"
            value={f.body_fat_percent}
            onChange={set('body_fat_percent')}
            hint="uses Katch–McArdle when given"
          />
          <NumberField
            path="protein_g_per_kg"
            label="Protein (g/kg/day, optional)"
            value={f.protein_g_per_kg}
            onChange={set('protein_g_per_kg')}
            hint="0.8–2.5"
          />
          <NumberField
            path="fat_percent"
            label="Fat (% of calories, optional)"
            value={f.fat_percent}
            onChange={set('fat_percent')}
            hint="20–35; default 30"
          />
        </div>
      </ToolForm>
      {run.data && <MacrosResult data={run.data.data} />}
    </>
  );
}

function MacrosResult({ data }: { data: MacrosData }) {
  const t = data.target;
  return (
    <ResultCard title="Results">
      <div className="stat-row">
        <div className="stat">
          <span className="stat-label">
            BMR ({data.bmr.equation === 'katch_mcardle' ? 'Katch–McArdle' : 'Mifflin–St Jeor'})
          </span>
          <span className="stat-value">{num(data.bmr.value.value, 0)}</span>
          <span className="stat-unit">{data.bmr.value.unit}</span>
        </div>
        <div className="stat">
          <span className="stat-label">TDEE (×{data.tdee.activity_factor})</span>
          <span className="stat-value">{num(data.tdee.value.value, 0)}</span>
          <span className="stat-unit">{data.tdee.value.unit}</span>
        </div>
        <div className="stat">
          <span className="stat-label">Target ({humanize(t.goal)})</span>
          <span className="stat-value">{num(t.calories.value, 0)}</span>
          <span className="stat-unit">{t.calories.unit}</span>
        </div>
        <div className="stat">
          <span className="stat-label">Expected change</span>
          <span className="stat-value">{num(t.expected_weekly_change.value, 2)}</span>
          <span className="stat-unit">{t.expected_weekly_change.unit}</span>
        </div>
      </div>
      {t.floor?.applied && <p className="notice">The target was raised to the safety floor: {t.floor.rule}</p>}
      <MacroPie
        caption="Macro split (share of target calories)"
        slices={[
          {
            name: 'Protein',
            kcal: data.protein.energy.value,
            grams: data.protein.grams.value,
            percent: data.protein.percent_of_calories.value,
          },
          {
            name: 'Fat',
            kcal: data.fat.energy.value,
            grams: data.fat.grams.value,
            percent: data.fat.percent_of_calories.value,
          },
          {
            name: 'Carbohydrate',
            kcal: data.carbohydrate.energy.value,
            grams: data.carbohydrate.grams.value,
            percent: data.carbohydrate.percent_of_calories.value,
          },
        ]}
      />
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col">Per day</th>
              <th scope="col">How it was set</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Protein</td>
              <td>{quantity(data.protein.grams, 0)}</td>
              <td className="small">{data.protein.rule}</td>
            </tr>
            <tr>
              <td>Fat</td>
              <td>{quantity(data.fat.grams, 0)}</td>
              <td className="small">{data.fat.rule}</td>
            </tr>
            <tr>
              <td>
                Carbohydrate <StatusBadge status={data.carbohydrate.status} />
              </td>
              <td>{quantity(data.carbohydrate.grams, 0)}</td>
              <td className="small">{data.carbohydrate.rule}</td>
            </tr>
            <tr>
              <td>Fibre</td>
              <td>{quantity(data.fibre.grams, 0)}</td>
              <td className="small">{data.fibre.rule}</td>
            </tr>
            <tr>
              <td>Water</td>
              <td>{quantity(data.water.value, 1)}</td>
              <td className="small">{data.water.rule}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <ResultFooter data={data} />
    </ResultCard>
  );
}
