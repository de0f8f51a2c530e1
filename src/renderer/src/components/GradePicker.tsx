import { EVIDENCE_GRADES, type EvidenceGrade } from '../../../shared/enums.ts';
import { gradeMeaning, type GradeScale } from '../lib/format.ts';

/** Evidence-grade checkboxes (A–E) for a filter form; each box explains its grade, in its scale's words, on hover. */
export function GradePicker({
  selected,
  onChange,
  scale = 'compound',
}: {
  selected: readonly string[];
  onChange: (next: EvidenceGrade[]) => void;
  scale?: GradeScale;
}) {
  return (
    <fieldset className="field grade-pick">
      <legend>Evidence grade</legend>
      <div className="grade-boxes">
        {EVIDENCE_GRADES.map((g) => {
          const checked = selected.includes(g);
          return (
            <label key={g} className="grade-box" title={gradeMeaning(g, scale)}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  onChange(
                    checked
                      ? EVIDENCE_GRADES.filter((x) => x !== g && selected.includes(x))
                      : EVIDENCE_GRADES.filter((x) => x === g || selected.includes(x)),
                  )
                }
              />
              <span>{g}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
