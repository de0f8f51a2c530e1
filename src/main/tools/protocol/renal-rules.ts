/**
 * A compound's renal rules, each with the measure its label uses. Where the monograph has a point-of-care renal
 * section with numeric bands (`point_of_care.renal`: the label's bands, its measure CrCl or eGFR, and the advice of
 * each), those bands are the rules; otherwise the rules are the clauses of our texts that name a kidney threshold
 * (dosing, its notes, contraindications, the record's typical dosing). A band without a number ("Severe renal
 * impairment", "Haemodialysis") is kept, unassessed, so the prescriber sees it.
 */
import { sentences } from '../../../shared/sentences.ts';
import type { ProtocolCompoundInput } from './compute.ts';
import { actionOf, type RenalAction } from './renal-action.ts';
import { conditionsIn, placedConditionsIn, type RenalCondition, type RenalMeasure } from './renal-conditions.ts';

export interface RenalRule {
  source: 'label_band' | 'text';
  /** Where it was read: "point_of_care.renal.bands[2]", "dosing.notes", "contraindications". */
  field: string;
  /** The band's range, or the clause that names the threshold. */
  text: string;
  /** The band's advice, or the clause itself. */
  advice: string;
  action: RenalAction;
  conditions: RenalCondition[];
}

export interface RenalRuleSet {
  from: 'label_bands' | 'text' | 'none';
  /** The measure the monograph's renal section names (null for text rules or when it names none). */
  section_measure: RenalMeasure | null;
  section_note: string | null;
  rules: RenalRule[];
}

/** Texts that state kidney thresholds: dosing and its notes, contraindications, the record's typical dosing. */
export function kidneyTexts(c: ProtocolCompoundInput): { field: string; text: string }[] {
  const out = [
    { field: 'typical_dosing.frequency', text: c.typical_dosing.frequency },
    { field: 'typical_dosing.duration', text: c.typical_dosing.duration },
  ];
  if (c.monograph) {
    out.push(
      { field: 'dosing.notes', text: c.monograph.dosing.notes },
      { field: 'dosing.typical_dose', text: c.monograph.dosing.typical_dose },
      ...c.monograph.safety_profile.contraindications.map((text) => ({ field: 'contraindications', text })),
    );
  }
  return out;
}

export const KIDNEY_TERMS =
  /\b(?:eGFR|GFR|creatinine clearance|CrCl|Cockcroft|renal impairment|kidney impairment|renal function|serum creatinine)\b/i;

/** Words that make a text part a rule of its own: a dose, interval or limit, or a stop. */
const OWN_ADVICE =
  /\d+(?:\.\d+)?\s*(?:mg(?!\/dL)|g|µg|units?)\b|\bevery\b|\bonce\b|\btwice\b|\bhal(?:f|ve)\b|\bmax(?:imum)?\b|\breduc|\blimit|\bstart|\bnot recommended\b|\bcontraindicat|\bavoid\b|\bdo not\b|\bcaution\b|\bmonitor|\breassess|\bnot studied\b|\bconsider\b/i;
const KIDNEY_UNIT = /mL\/min|\b(?:eGFR|CrCl|creatinine clearance|GFR)\b/i;

type Span = [number, number];

/**
 * A sentence's parts, each a rule's advice: split at semicolons; a parenthesis with its own dose or stop is a part of
 * its own ("once daily (50 mg at eGFR 30 to below 45, 25 mg below 30)"), one holding only a condition stays with its
 * clause ("In severe renal impairment (creatinine clearance below 30 mL/min) start at 5 mg"); a comma before a new
 * condition ("…every 48 hours, below 30 mL/min not recommended") and a colon before another threshold ("…below 30
 * mL/min: use 250–500 mg … at 10–30 mL/min") start a new part. A part is one or more spans of the sentence.
 */
export function sentenceParts(sentence: string, conditionStarts: readonly number[]): Span[][] {
  const parts: Span[][] = [];
  const conditionNear = (at: number) => conditionStarts.some((c) => c >= at && c < at + 20);
  const split = (from: number, to: number, out: Span[][]) => {
    const text = sentence.slice(from, to);
    const pieces: Span[] = [];
    let last = 0;
    const cuts = /,\s+|:\s+/g;
    for (const m of text.matchAll(cuts)) {
      const rest = text.slice(m.index + m[0].length);
      const next = rest.split(/[,;:]\s/)[0] ?? rest;
      const after = from + m.index + m[0].length;
      const cut = m[0].startsWith(',') ? conditionNear(after) : KIDNEY_UNIT.test(next) && OWN_ADVICE.test(next);
      if (!cut) continue;
      pieces.push([from + last, from + m.index]);
      last = m.index + m[0].length;
    }
    pieces.push([from + last, to]);
    // A piece that is only a condition ("…weight 60 kg or less, serum creatinine 1.5 mg/dL or more") belongs to the
    // advice before it (or after it, when it comes first).
    const merged: Span[] = [];
    for (const p of pieces) {
      const prev = merged[merged.length - 1];
      if (prev && (!OWN_ADVICE.test(sentence.slice(...p)) || !OWN_ADVICE.test(sentence.slice(...prev)))) prev[1] = p[1];
      else merged.push([...p]);
    }
    for (const p of merged) out.push([p]);
  };
  let at = 0;
  for (const clause of sentence.split(/;\s*/)) {
    const start = sentence.indexOf(clause, at);
    const end = start + clause.length;
    at = end;
    const outside: Span[] = [];
    let from = start;
    for (const m of clause.matchAll(/\(([^()]*)\)/g)) {
      const open = start + m.index;
      const own = conditionStarts.some((c) => c > open && c < open + m[0].length);
      if (!OWN_ADVICE.test(m[1]!) || !own) continue;
      outside.push([from, open]);
      split(open + 1, open + m[0].length - 1, parts);
      from = open + m[0].length;
    }
    outside.push([from, end]);
    // The clause outside its advice-bearing parentheses, split at commas and colons (only when it is one span).
    if (outside.length === 1) split(outside[0]![0], outside[0]![1], parts);
    else parts.push(outside);
  }
  return parts.map((p) => p.filter(([a, b]) => sentence.slice(a, b).trim())).filter((p) => p.length);
}

const partText = (sentence: string, p: Span[]) =>
  p
    .map(([a, b]) => sentence.slice(a, b).trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s,:(.]+$/, '');

/**
 * "150 mg twice daily when creatinine clearance is above 30", "CrCl above 50 mL/min: 60 mg once daily": a dose stated
 * only above a kidney-function threshold is the usual dose for normal function, not an adjustment.
 */
function normalFunction(action: RenalAction, conds: readonly RenalCondition[]): RenalAction {
  const open = conds.length && conds.every((c) => c.high === null && c.measure !== 'serum creatinine');
  return action === 'adjust' && open ? 'usual' : action;
}

/** Rules of a sentence: each part (above) with the conditions whose numbers lie in it. */
function partRules(field: string, sentence: string): RenalRule[] {
  const placed = placedConditionsIn(sentence);
  if (!placed.length) return [];
  const out: RenalRule[] = [];
  for (const p of sentenceParts(
    sentence,
    placed.map((c) => c.start),
  )) {
    // A condition belongs to the part holding its number (its measure word may sit in an earlier part).
    const mine = placed.filter((c) => p.some(([a, b]) => c.start >= a && c.end <= b)).map((c) => c.condition);
    if (!mine.length) continue;
    const text = partText(sentence, p);
    const action = actionOf(text, field);
    out.push({
      source: 'text',
      field,
      text,
      advice: text,
      // "150 mg twice daily when creatinine clearance is above 30": a dose stated only above a kidney-function
      // threshold is the usual dose for normal function, not an adjustment.
      action:
        action === 'adjust' && mine.every((c) => c.high === null && c.measure !== 'serum creatinine')
          ? 'usual'
          : action,
      conditions: mine,
    });
  }
  return out;
}

export function textRules(c: ProtocolCompoundInput): RenalRule[] {
  const out: RenalRule[] = [];
  for (const t of kidneyTexts(c))
    for (const s of sentences(t.text)) {
      if (!KIDNEY_TERMS.test(s)) continue;
      for (const r of partRules(t.field, s))
        if (!out.some((o) => o.text.toLowerCase() === r.text.toLowerCase())) out.push(r);
    }
  return out;
}

export function renalRules(c: ProtocolCompoundInput): RenalRuleSet {
  const renal = c.monograph?.point_of_care?.renal ?? null;
  if (renal) {
    const measure = renal.measure;
    const bands: RenalRule[] = renal.bands.map((b, i) => {
      const conditions = conditionsIn(b.range, measure ?? 'CrCl or eGFR');
      return {
        source: 'label_band',
        field: `point_of_care.renal.bands[${i}]`,
        text: b.range,
        advice: b.advice,
        action: normalFunction(actionOf(b.advice), conditions),
        conditions,
      };
    });
    if (bands.some((b) => b.conditions.length))
      return { from: 'label_bands', section_measure: measure, section_note: renal.note, rules: bands };
    const text = textRules(c);
    // Bands without numbers stay listed (unassessed) after the text's rules.
    return {
      from: text.length ? 'text' : bands.length ? 'label_bands' : 'none',
      section_measure: measure,
      section_note: renal.note,
      rules: [...text, ...bands],
    };
  }
  const text = textRules(c);
  return { from: text.length ? 'text' : 'none', section_measure: null, section_note: null, rules: text };
}
