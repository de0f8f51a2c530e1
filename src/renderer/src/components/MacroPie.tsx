/** Share of energy by macronutrient, as a donut with a legend that carries the numbers. */
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { num } from '../lib/format.ts';

export interface MacroSlice { name: string; kcal: number; grams?: number; percent: number | null }

const COLOURS: Record<string, string> = { Protein: '#0b6e74', Fat: '#b4690e', Carbohydrate: '#3f6fb5', Alcohol: '#8a5aa8' };

export function MacroPie({ slices, caption }: { slices: MacroSlice[]; caption: string }) {
  const data = slices.filter((s) => s.kcal > 0);
  return (
    <figure className="chart macro-pie">
      <figcaption>{caption}</figcaption>
      <div className="pie-layout">
        <div className="chart-box" style={{ height: 220, width: 220 }}>
          {data.length > 0 && (
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie data={data} dataKey="kcal" nameKey="name" innerRadius={55} outerRadius={95} paddingAngle={1} isAnimationActive={false}>
                  {data.map((s) => <Cell key={s.name} fill={COLOURS[s.name] ?? '#5b6877'} />)}
                </Pie>
                <Tooltip formatter={(v) => `${num(Number(v), 0)} kcal`} />
              </PieChart>
            </ResponsiveContainer>
          )}
        </div>
        <ul className="legend">
          {slices.map((s) => (
            <li key={s.name}>
              <span className="swatch" style={{ background: COLOURS[s.name] ?? '#5b6877' }} aria-hidden="true" />
              <strong>{s.name}</strong> {s.percent !== null ? `${num(s.percent, 0)} %` : '—'}
              <span className="muted"> · {num(s.kcal, 0)} kcal{s.grams !== undefined ? ` · ${num(s.grams, 0)} g` : ''}</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
