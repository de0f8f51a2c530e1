/** The one profile of this installation (DESIGN.md §4: the user database holds it). */
import type { Profile } from '../../shared/schemas/insights.ts';
import type { Db } from '../db/connection.ts';

export const EMPTY_PROFILE: Profile = {
  sex: null,
  birth_year: null,
  goals: [],
  compounds: [],
  medications: [],
  updated_at: null,
};

interface Row {
  sex: 'male' | 'female' | null;
  birth_year: number | null;
  goals: string;
  compounds: string;
  medications: string;
  updated_at: string;
}

export function readProfile(db: Db): Profile {
  const r = db
    .prepare<[], Row>('SELECT sex, birth_year, goals, compounds, medications, updated_at FROM profile WHERE id = 1')
    .get();
  if (!r) return EMPTY_PROFILE;
  return {
    sex: r.sex,
    birth_year: r.birth_year,
    updated_at: r.updated_at,
    goals: JSON.parse(r.goals) as string[],
    compounds: JSON.parse(r.compounds) as string[],
    medications: JSON.parse(r.medications) as string[],
  };
}

export function writeProfile(db: Db, p: Omit<Profile, 'updated_at'>, now: number): Profile {
  db.prepare(
    `INSERT INTO profile (id, sex, birth_year, goals, compounds, medications, updated_at) VALUES (1, @sex, @birth_year, @goals, @compounds, @medications, @updated_at)
    ON CONFLICT (id) DO UPDATE SET sex = excluded.sex, birth_year = excluded.birth_year, goals = excluded.goals, compounds = excluded.compounds,
      medications = excluded.medications, updated_at = excluded.updated_at`,
  ).run({
    sex: p.sex,
    birth_year: p.birth_year,
    goals: JSON.stringify(p.goals),
    compounds: JSON.stringify(p.compounds),
    medications: JSON.stringify(p.medications),
    updated_at: new Date(now).toISOString(),
  });
  return readProfile(db);
}
