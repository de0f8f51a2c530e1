/** The note every authored record carries next to its basis (DESIGN.md §4: authored content is marked editorial). */
export const EDITORIAL_NOTE =
  'Editorial summary written by the Materia team from the sources listed in basis; not a substitute for the full prescribing information or clinical judgement.';
