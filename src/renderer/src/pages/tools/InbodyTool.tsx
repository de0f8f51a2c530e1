import { useState, type ReactNode } from 'react';
import type { InbodyData } from '../../../../shared/schemas/tools/inbody.ts';
import { StatusBadge } from '../../components/Badges.tsx';
import { num, quantity } from '../../lib/format.ts';
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
  weight: 'Weight',
  height: 'Height',
  sex: 'Sex',
  age: 'Age',
  body_fat_percent: 'Body fat %',
  skeletal_muscle_mass: 'Skeletal muscle mass',
  visceral_fat_level: 'Visceral fat level',
  ecw_tbw_ratio: 'ECW/TBW ratio',
  waist: 'Waist',
  hip: 'Hip',
};

type Q = { value: string; unit: string };
const q = (unit: string): Q => ({ value: '', unit });

export function InbodyTool() {
  const [f, setF] = useState({
    weight: q('kg'),
    height: q('cm'),
    sex: '' as 'male' | 'female' | '',
    age: '',
    body_fat_percent: '',
    skeletal_muscle_mass: q('kg'),
    visceral_fat_level: '',
    ecw_tbw_ratio: '',
    waist: q('cm'),
    hip: q('cm'),
  });
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolInbody');
  const qty = (x: Q) => (x.value.trim() ? { value: toNumber(x.value) as number, unit: x.unit } : undefined);
  const submit = () => {
    run.mutate({
      body: {
        weight: qty(f.weight) as never,
        height: qty(f.height) as never,
        sex: (f.sex || undefined) as 'male',
        age: toNumber(f.age) as number,
        body_fat_percent: toNumber(f.body_fat_percent),
        skeletal_muscle_mass: qty(f.skeletal_muscle_mass) as never,
        visceral_fat_level: toNumber(f.visceral_fat_level),
        ecw_tbw_ratio: toNumber(f.ecw_tbw_ratio),
        waist: qty(f.waist) as never,
        hip: qty(f.hip) as never,
        save,
      },
    });
  };
  const quantityField = (
    key: 'weight' | 'height' | 'skeletal_muscle_mass' | 'waist' | 'hip',
    units: readonly string[],
    hint?: string,
  ) => (
    <QuantityField
      path={key}
      label={LABELS[key]!}
      value={f[key].value}
      unit={f[key].unit}
      units={units}
      hint={hint}
      onValue={(v) => setF({ ...f, [key]: { ...f[key], value: v } })}
      onUnit={(u) => setF({ ...f, [key]: { ...f[key], unit: u } })}
    />
  );
  return (
    <>
      <ToolForm
        title="Body composition"
        onSubmit={submit}
        pending={run.isPending}
        error={run.error}
        labels={LABELS}
        save={save}
        onSave={setSave}
        submitLabel="Analyse"
      >
        <h3 className="form-section">Required</h3>
        <div className="form-grid">
          {quantityField('weight', ['kg', 'lb'])}
          {quantityField('height', ['cm', 'in'])}
          <SelectField
            path="sex"
            label="Sex"
            value={f.sex}
            onChange={(v) => setF({ ...f, sex: v })}
            options={[
              { value: '', label: 'Choose…' },
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ]}
          />
          <NumberField
            path="age"
            label="Age (years)"
            value={f.age}
            onChange={(v) => setF({ ...f, age: v })}
            hint="18 or older"
          />
        </div>
        <h3 className="form-section">From the body-composition sheet (optional)</h3>
        <div className="form-grid">
          <NumberField
            path="body_fat_percent"
            label="Body fat (%)"
            value={f.body_fat_percent}
            onChange={(v) => setF({ ...f, body_fat_percent: v })}
            hint="PBF"
          />
          {quantityField('skeletal_muscle_mass', ['kg', 'lb'], 'SMM')}
          <NumberField
            path="visceral_fat_level"
            label="Visceral fat level"
            value={f.visceral_fat_level}
            onChange={(v) => setF({ ...f, visceral_fat_level: v })}
            hint="unitless, usually 1–20"
          />
          <NumberField
            path="ecw_tbw_ratio"
            label="ECW/TBW ratio"
            value={f.ecw_tbw_ratio}
            onChange={(v) => setF({ ...f, ecw_tbw_ratio: v })}
            hint="e.g. 0.380"
          />
          {quantityField('waist', ['cm', 'in'])}
          {quantityField('hip', ['cm', 'in'])}
        </div>
      </ToolForm>
      {run.data && <InbodyResult data={run.data.data} />}
    </>
  );
}

function Metric({
  title,
  value,
  status,
  children,
}: {
  title: string;
  value: string;
  status?: string;
  children?: ReactNode;
}) {
  return (
    <div className="metric">
      <p className="stat-label">{title}</p>
      <p className="metric-value">
        {value} {status && <StatusBadge status={status} />}
      </p>
      {children && <div className="small muted">{children}</div>}
    </div>
  );
}

function InbodyResult({ data }: { data: InbodyData }) {
  return (
    <ResultCard title="Results">
      <div className="metric-grid">
        <Metric title="BMI" value={quantity(data.bmi.value, 1)} status={data.bmi.status}>
          {data.bmi.label} · {data.bmi.source}
        </Metric>
        {data.body_fat && (
          <Metric
            title="Body fat"
            value={`${quantity(data.body_fat.percent, 1)} (${quantity(data.body_fat.fat_mass, 1)})`}
            status={data.body_fat.status}
          >
            {data.body_fat.label} · {data.body_fat.source}
          </Metric>
        )}
        {data.ffmi && (
          <Metric title="Fat-free mass index" value={quantity(data.ffmi.ffmi, 1)}>
            Normalised {quantity(data.ffmi.ffmi_normalized, 1)}; fat-free mass {quantity(data.ffmi.fat_free_mass, 1)}.{' '}
            {data.ffmi.note}
          </Metric>
        )}
        {data.muscle && (
          <Metric title="Skeletal muscle" value={quantity(data.muscle.skeletal_muscle_mass, 1)}>
            {num(data.muscle.muscle_to_weight.value, 1)} % of body weight. {data.muscle.note}
          </Metric>
        )}
        {data.visceral_fat && (
          <Metric
            title="Visceral fat level"
            value={quantity(data.visceral_fat.level, 0)}
            status={data.visceral_fat.status}
          >
            Threshold {data.visceral_fat.threshold} · {data.visceral_fat.source}
          </Metric>
        )}
        {data.ecw_tbw && (
          <Metric title="ECW/TBW" value={quantity(data.ecw_tbw.ratio, 3)} status={data.ecw_tbw.status}>
            {data.ecw_tbw.source}
          </Metric>
        )}
        {data.waist && (
          <Metric title="Waist" value={quantity(data.waist.circumference, 1)} status={data.waist.status}>
            {data.waist.source}
          </Metric>
        )}
        {data.waist_to_hip && (
          <Metric title="Waist-to-hip" value={quantity(data.waist_to_hip.ratio, 2)} status={data.waist_to_hip.status}>
            Threshold {data.waist_to_hip.threshold} · {data.waist_to_hip.source}
          </Metric>
        )}
        {data.waist_to_height && (
          <Metric
            title="Waist-to-height"
            value={quantity(data.waist_to_height.ratio, 2)}
            status={data.waist_to_height.status}
          >
            {data.waist_to_height.source}
          </Metric>
        )}
      </div>
      <ResultFooter data={data} />
    </ResultCard>
  );
}
