import { EVIDENCE_GRADES, type EvidenceGrade } from '../../../shared/enums.ts';
import { gradeMeaning } from '../lib/format.ts';

/** Evidence-grade checkboxes (A–E) for a filter form; each box explains its grade on hover. */
export function GradePicker({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (next: EvidenceGrade[]) => void;
}) {
  return (
    <fieldset className="field grade-pick">
      <legend>Evidence grade</legend>
      <div className="grade-boxes">
        {EVIDENCE_GRADES.map((g) => {
          const checked = selected.includes(g);
          return (
            <label key={g} className="grade-box" title={gradeMeaning(g)}>
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
