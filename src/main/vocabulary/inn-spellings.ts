/**
 * A medicine's name as other languages spell the same INN: German drops the final -e (Naloxon, Tilidin, Hydromorphon),
 * Spanish, Portuguese and Italian add -a or -o (enalaprilo, tilidina, metformina, amlodipino, atenololo), and they
 * write f for ph, i for y and a single l in -cilin (morfina, hidromorfona, amoxicilina). The WHO INN lists give each
 * name with these regular endings in each language (INN Programme, "Guidance on the use of INNs for pharmaceutical
 * substances", 2017, and the Spanish, French and Latin INN lists). Why a rule: a word list of every language's spelling
 * of every name never ends; the endings are regular. The resolver accepts a spelling from here only when it is
 * exactly a generic name it already knows (never a brand), so the rule cannot make a name up.
 */

/** The English INN spellings a normalised name (lowercase ASCII letters and digits) may stand for, most likely first. */
export function innSpellings(norm: string): string[] {
  if (norm.length < 6 || !/^[a-z]+$/.test(norm)) return [];
  const stems = new Set<string>([norm]);
  // -olo (Italian) → -ol; a final vowel Spanish, Portuguese, Italian or French adds → none
  if (norm.endsWith('olo')) stems.add(norm.slice(0, -1));
  if (/[aoe]$/.test(norm)) stems.add(norm.slice(0, -1));
  const out = new Set<string>();
  for (const s of stems) {
    for (const base of [s, `${s}e`]) {
      for (const v of [
        base,
        base.replace(/f/g, 'ph'),
        base.replace(/^hidr/, 'hydr'),
        base.replace(/^hidr/, 'hydr').replace(/f/g, 'ph'),
        base.replace(/cilin/, 'cillin'),
      ])
        if (v !== norm && v.length >= 6) out.add(v);
    }
  }
  return [...out];
}
