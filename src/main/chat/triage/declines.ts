/**
 * Requests the assistant does not help with, on the normalised text (normalize.ts), in English, Spanish and German:
 * - illicit synthesis or extraction of controlled or dangerous substances;
 * - forged or altered prescriptions;
 * - beating a drug or doping test;
 * - getting prescription medicines without a prescriber, or stopping them behind the prescriber's back;
 * and one that is answered with advice rather than declined: keeping a supplement or drug from a surgeon or clinician
 * (the answer explains why to tell them, then answers the question).
 */
export type DeclineKind = 'illicit_synthesis' | 'forged_prescription' | 'drug_test' | 'evade_care' | 'hide_from_surgeon' | 'hide_from_clinician';

const re = (s: string) => new RegExp(s, 'i');
const any = (...xs: string[]) => `(?:${xs.join('|')})`;

const ILLICIT = any('mdma', 'ecstasy', 'molly', 'meth', 'methamphetamine', 'crystal meth', 'amphetamines?', 'speed', 'fentanyl', 'carfentanil', 'heroin', 'cocaine', 'crack', 'lsd',
  'dmt', 'ghb', 'gbl', 'ketamine', 'pcp', 'mescaline', 'psilocybin', 'opium', 'morphine', 'codeine', 'oxycodone', 'dxm', 'dextromethorphan', 'ricin', 'sarin', 'nerve agents?', 'cyanide',
  'mephedrone', 'bath salts', 'synthetic cannabinoids?', 'spice', 'nitazenes?', 'bromazolam', 'rohypnol', 'flunitrazepam', 'date rape drugs?', 'anabolic steroids?', 'steroids',
  'trenbolone', 'testosterone', 'nandrolone', 'ephedrine', 'pseudoephedrine', 'p2p', 'safrole', 'precursors?', 'thc (?:oil|wax|shatter)', 'hash oil', 'bho',
  'metanfetamina', 'anfetaminas?', 'cocaina', 'heroina', 'codeina', 'morfina', 'fentanilo', 'ketamina', 'metamfetamin', 'amphetamin', 'crystal', 'kokain',
  'kodein', 'morphin', 'ketamin', 'heroin');
const MAKE = any('synthes\\w+', 'synthesiz\\w+', 'make', 'making', 'made at home', 'cook', 'cooking', 'manufactur\\w+', 'produce', 'producing', 'brew', 'brewing', 'extract\\w*', 'isolate',
  'isolating', 'refine', 'refining', 'purify', 'purifying', 'home ?lab', 'recipe for', 'precursor', 'convert', 'turn .{0,20} into', 'cold water extraction', 'shake and bake', 'grow(?:ing)? .{0,20} at home',
  'sintetizar', 'fabricar', 'cocinar', 'extraer', 'preparar', 'elaborar', 'herstellen', 'synthetisieren', 'kochen', 'extrahieren', 'gewinnen', 'selber machen', 'selbst herstellen');
const FROM_PRODUCT = any('from (?:cough (?:syrup|medicine)|co-?codamol|tylenol (?:3|#3|with codeine)|nurofen plus|sudafed|cold medicine|poppy (?:seeds|pods)|poppies|pills|tablets)',
  'out of (?:cough syrup|pills|tablets|co-?codamol|tylenol)', 'del? (?:jarabe|pastillas)', 'aus (?:dem )?(?:hustensaft|tabletten)');

const FORGE = any(
  '(?:forge|forging|forged|fake|faking|faked|falsif\\w+|counterfeit|doctor|alter|altering|edit|editing|photoshop\\w*|tamper with) (?:a |an |my |the |own |your |his |her |some )?(?:own )?(?:prescription|script|rx|receta|rezept)\\w*',
  '(?:fake|forged|false|counterfeit|altered|photoshopped) (?:prescription|script|rx|receta|rezept|sick note|doctor\'?s note)\\w*', 'write (?:my|myself|a) (?:own )?(?:prescription|script)s?(?! for)',
  'write myself a (?:prescription|script)', 'prescription pads?', "(?:copy|fake|forge) (?:a |the |my )?doctor'?s signature", 'change the (?:dose|quantity|number) on (?:my|the|a) (?:prescription|script)',
  'falsificar (?:una |la )?receta', 'receta falsa', 'rezept (?:falschen|gefalscht|fälschen)', 'gefalscht\\w* rezept',
);

const TEST = any('drug', 'doping', 'urine', 'piss', 'pee', 'hair', 'saliva', 'tox(?:icology)?', 'dot', 'pre-?employment', 'workplace', 'probation', 'wada', 'antidoping', 'anti-doping', 'drogas', 'orina', 'droga', 'drogen', 'doping', 'urin');
const BEAT = any('pass\\w*', 'beat\\w*', 'cheat\\w*', 'fool\\w*', 'trick\\w*', 'mask\\w*', 'hid(?:e|es|ing)', 'get (?:through|past|around|away with)', 'avoid (?:failing|testing positive)', 'not show up',
  'clean (?:for|before)', 'flush (?:out )?(?:my system|it)', 'detox (?:for|before|to pass)', 'test negative', 'pasar', 'enganar', 'superar', 'bestehen', 'umgehen', 'austricksen', 'verschleiern');

const EVADE = [
  re('\\bwithout (?:a |any )?(?:prescription|script|rx|doctor\'?s? (?:note|approval|knowledge|visit)|seeing (?:a |my |the )?(?:doctor|gp|physician|clinician))\\b'),
  re('\\b(?:no|non)[- ]prescription (?:source|supplier|pharmacy|pharmacies)\\b'),
  re('\\b(?:avoid|skip|instead of) (?:seeing|going to|visiting|calling) (?:a |the |my )?(?:doctor|gp|physician|hospital|er|a&e|emergency(?: room| department)?|clinic)\\b'),
  re('\\bwhere (?:can|do|could|should) (?:i|we|you) (?:buy|get|order|source|find|score)\\b'),
  re('\\b(?:buy|order|purchase|source|score)\\b[^.?!]{0,40}\\b(?:online|dark ?web|without|from a dealer|on the street)\\b'),
  re('\\b(?:stop|quit|come off)\\b[^.?!]{0,30}\\bwithout (?:telling|asking|my (?:doctor|gp|psychiatrist))\\b'),
  re('\\b(?:sin receta|ohne rezept)\\b'),
];

const CLINICIAN = any('doctor', 'gp', 'physician', 'pharmacist', 'nurse', 'psychiatrist', 'cardiologist', 'dentist', 'oncologist', 'care team', 'medico', 'doctora?', 'arzt', 'arztin', 'hausarzt');
const SURGEON = any('surgeon', 'surgical team', 'anaesthetist', 'anesthetist', 'anesthesiologist', 'anaesthesiologist', 'cirujano', 'cirujana', 'anestesista', 'chirurg\\w*', 'anasthesist\\w*');
const HIDE = any('hide', 'hiding', 'conceal', 'concealing', 'keep (?:it |this )?(?:secret )?from', 'not (?:tell|telling|mention|mentioning|disclose|disclosing|say|saying)', "don'?t (?:tell|mention|disclose|say)",
  "(?:don'?t|do not|not|never) (?:want|wish|plan|intend|going|like) to (?:tell|mention|say|disclose|admit)",
  "keep (?:[\\w']+ ){0,4}(?:a )?secret (?:from)?", "(?:not|never|don'?t) let (?:\\w+ )?know", 'rather not (?:tell|say|mention)', 'no (?:\\w+ )?(?:decir\\w*|contar\\w*)',
  'without (?:telling|informing)', 'need to (?:tell|mention|disclose)', 'have to (?:tell|mention|disclose)', 'should i (?:tell|mention|disclose)', 'do i (?:have|need) to (?:tell|mention|say)',
  'ocultar', 'no decir\\w*', 'no contar\\w*', 'sin decir\\w*', 'verschweigen', 'nicht (?:sagen|erzahlen)', 'verheimlichen', 'muss ich .{0,30} sagen');

export function declineKind(t: string): DeclineKind | null {
  if (re(`\\b${MAKE}`).test(t) && (re(`\\b${ILLICIT}\\b`).test(t) || re(FROM_PRODUCT).test(t)) && !re('\\b(?:body|liver|kidneys?|naturally|how is .{0,30} made in the body)\\b').test(t)
    && re('\\b(?:how|steps|recipe|guide|instructions|can i|could i|want to|way to|como|wie|anleitung|quiero|best way|easiest)\\b').test(t)) return 'illicit_synthesis';
  if (re(`\\b${FORGE}`).test(t)) return 'forged_prescription';
  if (re(`\\b${BEAT}\\b[^.?!]{0,50}\\b${TEST}\\b[^.?!]{0,12}\\b(?:tests?|screens?|screening|controls?|kontrolle|control|test|examen|analisis|probe)\\b`).test(t)
    || re(`\\b(?:${TEST}) ?(?:tests?|screens?|kontrolle)\\b[^.?!]{0,40}\\b${BEAT}\\b`).test(t)
    || re(`\\b${BEAT}\\b[^.?!]{0,30}\\b(?:test|prueba|examen|control|analisis|screen)s? (?:de|del|for|fur|auf) (?:las? |los )?${TEST}\\b`).test(t)
    || re('\\b(?:synthetic|fake|clean|someone else\'?s) (?:urine|pee|piss)\\b|\\bdetox (?:drinks?|kits?)\\b|\\bdrogentest bestehen\\b').test(t)) return 'drug_test';
  const hiding = re(`\\b${HIDE}\\b[^.?!]{0,60}\\b(?:${SURGEON}|${CLINICIAN})\\b|\\b(?:${SURGEON}|${CLINICIAN})\\b[^.?!]{0,40}\\b(?:know|find out|saber|wissen)\\b`).test(t)
    || re(`\\b(?:tell|mention|disclose) (?:my |the )?(?:${SURGEON}|${CLINICIAN})\\b`).test(t) && re('\\b(?:should|do i|have to|need to|must)\\b').test(t);
  if (hiding) return re(`\\b${SURGEON}\\b|\\b(?:surgery|operation|operacion|cirugia|operation|op)\\b`).test(t) ? 'hide_from_surgeon' : 'hide_from_clinician';
  if (EVADE.some((x) => x.test(t))) return 'evade_care';
  return null;
}
