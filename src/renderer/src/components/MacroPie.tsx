/** Share of energy by macronutrient, as a donut with a legend that carries the numbers. */
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { num } from '../lib/format.ts';

export interface MacroSlice {
  name: string;
  kcal: number;
  grams?: number;
  percent: number | null;
}

// palette entries (styles/app.css), so the slices keep 3:1 against the card in both themes
const COLOURS: Record<string, string> = {
  Protein: 'var(--accent)',
  Fat: 'var(--chart-fat)',
  Carbohydrate: 'var(--chart-carb)',
  Alcohol: 'var(--chart-alcohol)',
};

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
                <Pie
                  data={data}
                  dataKey="kcal"
                  nameKey="name"
                  innerRadius={55}
                  outerRadius={95}
                  paddingAngle={1}
                  isAnimationActive={false}
                >
                  {data.map((s) => (
                    <Cell key={s.name} fill={COLOURS[s.name] ?? 'var(--muted)'} />
                  ))}
                </Pie>
                <Tooltip formatter={(v) => `${num(Number(v), 0)} kcal`} itemStyle={{ color: 'var(--text)' }} />
              </PieChart>
            </ResponsiveContainer>
          )}
        </div>
        <ul className="legend">
          {slices.map((s) => (
            <li key={s.name}>
              <span className="swatch" style={{ background: COLOURS[s.name] ?? 'var(--muted)' }} aria-hidden="true" />
              <strong>{s.name}</strong> {s.percent !== null ? `${num(s.percent, 0)} %` : '—'}
              <span className="muted">
                {' '}
                · {num(s.kcal, 0)} kcal{s.grams !== undefined ? ` · ${num(s.grams, 0)} g` : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
