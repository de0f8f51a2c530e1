/** The theme switch in the sidebar: follow the system, or pin light or dark (kept in this browser). */
import { useState } from 'react';
import { THEME_CHOICES, isThemeChoice, readThemeChoice, saveThemeChoice, type ThemeChoice } from '../lib/theme.ts';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  return (
    <label className="theme-switch">
      <span className="theme-switch-label">Theme</span>
      <select
        value={choice}
        onChange={(e) => {
          const next = e.target.value;
          if (!isThemeChoice(next)) return;
          setChoice(next);
          saveThemeChoice(next);
        }}
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
