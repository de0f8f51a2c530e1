import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb, type Db } from '../db/connection.ts';
import { CONTENT_DB } from '../../../test/helpers/tool-support.ts';
import { readsAsMedicine } from './ambiguous.ts';
import { medicinesOnLine, readMedicationLine, readMedicationList, resolveLine } from './med-list.ts';
import { resolveName } from './resolver.ts';

let db: Db;
beforeAll(() => {
  db = openContentDb(CONTENT_DB);
});
afterAll(() => db.close());

const names = (line: string) => readMedicationLine(db, line).substances.map((s) => s.name);
const keys = (line: string) => resolveLine(db, line).keys.slice().sort();

describe('reading medication lines into substances', () => {
  it('a dose, a frequency or a form never hides the name', () => {
    expect(names('Simvastatin 40mg ON')).toEqual(['Simvastatin']);
    expect(names('ATORVASTATIN CALCIUM 40 MG PO TABS')).toEqual(['Atorvastatin']);
    expect(names('Zoloft 50 mg')).toEqual(['Sertraline']);
    expect(names('Lantus SoloStar 20 units ON')).toEqual(['Insulin glargine']);
  });

  it('combinations: brands, generic names, slashes and hyphens give every ingredient', () => {
    expect(keys('Tylenol #3 1-2 tabs q4-6h prn')).toEqual(['acetaminophen', 'codeine']);
    expect(keys('co-codamol 30/500 2 QDS PRN')).toEqual(['acetaminophen', 'codeine']);
    expect(keys('Tylenol No.3 1-2 tabs q4h prn pain')).toEqual(expect.arrayContaining(['acetaminophen', 'codeine']));
    expect(keys('Tylenol No 4 2 tabs')).toEqual(['acetaminophen', 'codeine']);
    expect(keys('paracetamol/codeine 500/30')).toEqual(['acetaminophen', 'codeine']);
    expect(keys('CIPROFLOXACIN-DEXAMETHASONE 0.3-0.1 % OT SUSP')).toEqual(['ciprofloxacin', 'dexamethasone']);
    expect(keys('nurofen plus sometimes')).toEqual(['codeine', 'ibuprofen']);
  });

  it('brands of other countries and clinical abbreviations', () => {
    expect(names('Istin 5mg OD')).toEqual(['Amlodipine']);
    expect(keys('Septrin 480 mg BD')).toEqual(['sulfamethoxazole', 'trimethoprim']);
    expect(resolveLine(db, 'Eltroxin 100 mcg mane').name).toBe('Levothyroxine');
    const dxm = resolveLine(db, 'dxm 30 mg');
    expect(dxm.keys).toEqual(['dextromethorphan']);
    expect(dxm.notice).toMatch(/another meaning/);
  });

  it('never a silent wrong match: remarks, unknown products, generic words, contractions', () => {
    expect(names('Folic acid 5mg once weekly (not on MTX day)')).toHaveLength(1);
    expect(names('Metronidazole 400mg TDS x 7 days - NO alcohol')).toEqual(['Metronidazole']);
    expect(names('Ciprofloxacin 500mg BD x7d - separate from calcium/iron by 2h')).toEqual(['Ciprofloxacin']);
    expect(readMedicationLine(db, 'Centrum Silver 1 daily').status).toBe('unresolved');
    expect(readMedicationLine(db, 'Allergies: penicillin').status).toBe('note');
    expect(resolveLine(db, "he's").status).toBe('unresolved');
    expect(resolveLine(db, 'Calcichew D3 Forte 1 bd').keys).not.toContain('teriparatide');
  });

  it('a typo is read only towards a medicine in use, with a notice', () => {
    const m = resolveLine(db, 'metfomin 500mg bd');
    expect(m).toMatchObject({ name: 'Metformin', matchedVia: 'typo' });
    expect(m.notice).toMatch(/1 letter different/);
    expect(resolveLine(db, 'Ostelin 1000IU').keys).not.toContain('azelastine');
  });

  it('classes, foods and lay words', () => {
    expect(resolveLine(db, 'statin')).toMatchObject({ kind: 'class', name: 'statins' });
    expect(resolveLine(db, 'PPI')).toMatchObject({ kind: 'class' });
    expect(resolveLine(db, 'kale smoothie every morning').keys).toEqual(['phylloquinone']);
    expect(resolveLine(db, 'Blutverdünner')).toMatchObject({ kind: 'class', classId: 'anticoagulant' });
  });

  it('what a line said is kept beside what it names', () => {
    expect(resolveLine(db, 'timolol 0.5% eye drops BD both eyes').reading).toMatchObject({
      line: 'resolved',
      route: 'ophthalmic',
      frequency: 'twice a day',
    });
  });
});

describe('names in running text', () => {
  const reads = (text: string, word: string, name: string, via: string) => {
    const at = text.indexOf(word);
    return readsAsMedicine(db, text, at, at + word.length, name, via);
  };
  it('an ordinary word read through a brand or synonym needs a medicine context; a contraction never is a name', () => {
    expect(reads('Is there an android app for this?', 'android', 'Methyltestosterone', 'alt_name')).toBe(false);
    expect(reads("he's taking warfarin", "he's", 'Hydroxyethyl Starch', 'drugbank_synonym')).toBe(false);
    expect(reads('is dxm ok with sertraline', 'dxm', 'Dextromethorphan', 'abbreviation')).toBe(true);
    expect(reads('what does dxm mean', 'dxm', 'Dextromethorphan', 'abbreviation')).toBe(false);
    expect(reads('I take warfarin daily', 'warfarin', 'Warfarin', 'name')).toBe(true);
  });
});

describe('a line with two medicines, and places', () => {
  it('splits two medicines that each have a dose or form, never one product or a remark', () => {
    expect(medicinesOnLine(db, 'Amlodipine 5mg + Simvastatin 40mg nocte')).toEqual([
      'Amlodipine 5mg',
      'Simvastatin 40mg nocte',
    ]);
    expect(medicinesOnLine(db, 'metoprolol 50 bd and lisinopril 10 od')).toHaveLength(2);
    expect(medicinesOnLine(db, 'paracetamol + codeine 500/30')).toHaveLength(1);
    expect(medicinesOnLine(db, 'Lithium 400mg - avoid ibuprofen and ACE inhibitors')).toHaveLength(1);
    expect(medicinesOnLine(db, 'Calcichew 500 mg + D 1 tab')).toHaveLength(1);
    expect(names('Amlodipine 5mg + Simvastatin 40mg nocte')).toHaveLength(2);
  });
  it('reads a pharmacy, surgery or street as a note', () => {
    expect(readMedicationLine(db, 'Metro Pharmacy, High St').status).toBe('note');
    expect(readMedicationLine(db, 'Keele Road Surgery').status).toBe('note');
    expect(names('metronidazole 400mg tds')).toHaveLength(1);
  });
});

describe('reviewed brands over DrugBank spellings; instructions that open a line', () => {
  it('reads Crocin as the Indian paracetamol brand, not the saffron pigment', () => {
    expect(keys('Crocin 500mg tds')).toEqual(keys('paracetamol'));
  });
  it('"Pause" and "Hold" at the start of a line are instructions', () => {
    expect(names('Pause apixaban 48 h pre-op')).toEqual(['Apixaban']);
    expect(readMedicationLine(db, 'Hold metformin today').parsed.status).toBe('held');
  });
});

describe('everyday names for a kind of medicine with their form', () => {
  it('reads the lay phrase, not the molecule its first word names', () => {
    expect(names('cholesterol pill')).toEqual(['statins']);
    expect(names('thyroid tablet')).toEqual(['thyroid hormones']);
    expect(names('my water tablet in the morning')).toEqual(['diuretics']);
    expect(names('fluid tablets mane')).toEqual(['diuretics']);
    expect(names('my BP tablet')).toEqual(['antihypertensives']);
  });
  it('reads a phrase with one usual medicine as that medicine, with a notice', () => {
    const blue = readMedicationLine(db, 'the blue inhaler when wheezy').substances;
    expect(blue.map((s) => s.name)).toEqual(['Albuterol']);
    expect(blue[0]!.notice).toMatch(/usually means/);
  });
  it('keeps a medicine named with its form, and a line with a strength, as written', () => {
    expect(names('adrenaline injection')).toEqual(['Epinephrine']);
    expect(names('Thyroid 60mg')).toEqual(['thyroid']);
  });
});

describe('words around a name that say how much or what kind', () => {
  it('reads the product after a dose preface, and the substance before "-rich"', () => {
    expect(names('high-dose IV methotrexate')).toEqual(['Methotrexate']);
    expect(names('low dose aspirin 75mg')).toHaveLength(1);
    expect(resolveLine(db, 'tyramine-rich cheese')).toMatchObject({ kind: 'class', classId: 'tyramine' });
  });
});

describe('headings and kinds around a name', () => {
  it('never takes an everyday word for a misspelt name', () => {
    expect(readMedicationLine(db, 'Regular medicines').substances).toEqual([]);
    expect(readMedicationLine(db, 'When required (PRN) medicines').substances).toEqual([]);
  });
  it('reads the medicine named after its everyday kind', () => {
    expect(names('water tablet bendroflumethiazide')).toEqual(['Bendroflumethiazide']);
    expect(names('BP pill amlodipine 5mg')).toEqual(['Amlodipine']);
  });
});

describe('lines as records export them (blind round 5)', () => {
  it('reads two medicines joined by a comma, each with its own dose', () => {
    const r = readMedicationList(db, 'Simvastatin 40mg ON, clarithromycin 500mg bd (started 2/7 ago)');
    expect(r.flatMap((l) => l.substances.map((s) => s.name))).toEqual(['Simvastatin', 'Clarithromycin']);
    expect(names('Aspirin, 75 mg')).toEqual(['Aspirin']);
  });
  it('never reads a device, a legend or a salt word as a misspelt medicine', () => {
    expect(readMedicationLine(db, 'Foley catheter 14Fr - change 12 weekly').substances).toEqual([]);
    expect(readMedicationLine(db, 'R = refused  H = in hospital  S = asleep').substances).toEqual([]);
    expect(names('Losartana potássica 50mg 12/12h')).toEqual(['Losartan']);
  });
  it('reads a medicine written as a label before its instructions', () => {
    expect(names('Humalog sliding scale: BG 150-200 = 2 units, 201-250 = 4 units, >300 call MD')).toEqual([
      'Insulin lispro',
    ]);
  });
});

describe('ward charts, other languages and statuses (classes found by blind round 6)', () => {
  it('splits two medicines joined by a spaced slash, each with its own dose; never a strength pair', () => {
    expect(names('Lisinopril 10mg / amlodipine 5mg mane')).toEqual(['Lisinopril', 'Amlodipine']);
    expect(keys('co-codamol 8/500 2 tabs qds')).toEqual(['acetaminophen', 'codeine']);
  });
  it('reads allergy lines in other languages as notes, and a label in any alphabet', () => {
    for (const line of [
      'Allergia: amoxicillina (orticaria)',
      'Allergie: Penicillin (Ausschlag)',
      'Alérgico a penicilina',
    ])
      expect(readMedicationLine(db, line).status).toBe('note');
    expect(names('Anticoagulación: apixabán 5 mg c/12 h')).toEqual(['Apixaban']);
  });
  it('reads herbs named in other languages, as teas and as German hyphenated forms', () => {
    expect(names('Chá de camomila à noite')).toEqual(['Chamomile']);
    expect(names('Tisane de camomille le soir')).toEqual(['Chamomile']);
    expect(names('Baldrian-Tropfen abends 20 Tropfen')).toEqual(['Valerian']);
    expect(keys('Pamplemousse le matin')).toEqual(keys('grapefruit'));
  });
  it('reads a syrup abbreviation as a form, and a delivery mode as no medicine', () => {
    expect(keys('Syp. Crocin 5 ml TDS')).toEqual(keys('paracetamol'));
    expect(names('PCA fentanyl 10 mcg bolus, 5 min lockout')).toEqual(['Fentanyl']);
  });
  it('never reads what a patient says, or an inflected English word, as a medicine', () => {
    expect(readMedicationLine(db, 'Pt reports taking all tablets').status).toBe('note');
    expect(readMedicationLine(db, 'Patient denies OTC use').status).toBe('note');
    expect(readMedicationLine(db, 'Mum states dosette filled weekly').substances).toEqual([]);
  });
  it('reads smoking as tobacco smoke, and a non-smoker as a note', () => {
    expect(resolveLine(db, 'Smoking')).toMatchObject({ kind: 'class', classId: 'tobacco_smoke' });
    expect(resolveLine(db, 'Smoker 15/day')).toMatchObject({ classId: 'tobacco_smoke' });
    for (const line of ['Non-smoker', 'Smoking: never', 'Ex-smoker (quit 1998)'])
      expect(readMedicationLine(db, line).status).toBe('note');
  });
  it('reads a class word in either number', () => {
    expect(resolveLine(db, 'diuretic')).toMatchObject({ kind: 'class', classId: 'diuretic' });
    expect(resolveLine(db, 'proton pump inhibitor')).toMatchObject({ kind: 'class', classId: 'ppi' });
    expect(resolveLine(db, 'antibacterials')).toMatchObject({ kind: 'class', classId: 'antibiotic' });
    expect(resolveLine(db, 'Blood thinner tablets - not sure of the name')).toMatchObject({ classId: 'anticoagulant' });
    expect(resolveLine(db, 'Water tablet in the morning - from the GP')).toMatchObject({ classId: 'diuretic' });
    expect(readMedicationLine(db, 'blood pressure pill and a cholesterol pill').substances).toEqual([]);
  });
  it('keys one moiety once whatever the spelling (BAN, INN, USAN; any case)', () => {
    expect(keys('Buscopan 10mg tds')).toEqual(keys('hyoscine butylbromide'));
    expect(keys('Bicillin L-A 2.4 million units IM')).toEqual(keys('benzathine benzylpenicillin'));
    expect(keys('Senna 15mg nocte')).toEqual(keys('sennosides'));
  });
  it('reads the HIV and TB fixed-dose combinations by their programme names', () => {
    expect(keys('TLE 1 tab nocte')).toEqual(keys('tenofovir disoproxil/lamivudine/efavirenz'));
    expect(keys('Rifafour 3 tabs daily')).toHaveLength(4);
  });
  it('reads foods and drinks as people write them, in the languages the vocabulary reads', () => {
    // juice is a preparation in every language; the editors' other-language names win over an index spelling
    expect(resolveLine(db, 'suco de toranja')).toMatchObject({ classId: 'grapefruit' });
    expect(resolveLine(db, 'succo di pompelmo 1 bicchiere')).toMatchObject({ classId: 'grapefruit' });
    expect(resolveLine(db, 'Grapefruitsaft morgens')).toMatchObject({ classId: 'grapefruit' });
    expect(resolveLine(db, 'toronja')).toMatchObject({ classId: 'grapefruit' });
    // spirits and drinks are alcohol
    for (const line of ['whisky 2 units nightly', 'gin and tonic', 'Bier am Wochenende', 'vinho tinto'])
      expect(resolveLine(db, line), line).toMatchObject({ classId: 'alcohol' });
    // aged cheese, cured meats and fermented soy in other languages are tyramine-rich foods
    for (const line of ['queijo curado', 'Sojasauce', 'choucroute', 'formaggio stagionato'])
      expect(resolveLine(db, line), line).toMatchObject({ classId: 'tyramine' });
    // natto and leafy greens in other languages are vitamin K
    expect(keys('natto')).toEqual(keys('vitamin K2'));
    expect(keys('espinacas')).toEqual(keys('spinach'));
    // salt substitutes by brand and in other languages are potassium
    for (const line of ['NoSalt', 'Lo-Salt', 'Salzersatz', 'sal dietética'])
      expect(resolveLine(db, line), line).toMatchObject({ classId: 'potassium' });
  });
  it('a dose or sig after a brand or an abbreviation never hides the name', () => {
    expect(names('clarith 250mg bd x7/7')).toEqual(['Clarithromycin']);
    expect(names('erythro 500 qds')).toEqual(['Erythromycin']);
    expect(names('Leponex 100mg nocte')).toEqual(['Clozapine']);
    expect(names('Takepron OD 15 1 tab')).toEqual(['Lansoprazole']);
    expect(names('Brivex 125 mg 1-0-0')).toEqual(['Brivudine']);
  });
  it('a levonorgestrel coil sold by brand is read as a coil, with or without the word', () => {
    for (const line of ['Jaydess', 'Levosert 52 mg', 'Kyleena coil (fitted 2024)']) {
      const r = readMedicationLine(db, line);
      expect(
        r.substances.map((s) => s.name),
        line,
      ).toEqual(['Levonorgestrel']);
      expect(r.parsed.route, line).toBe('intrauterine');
    }
    expect(readMedicationLine(db, 'levonorgestrel 1.5 mg tablet').parsed.route).not.toBe('intrauterine');
  });
});

describe('record furniture, prefaces and other-language words (classes found by blind round 7)', () => {
  it('reads an allergy headed by another word for it, and a date field, as notes', () => {
    for (const line of [
      'Drug sensitivities: morphine (itch)',
      'Adverse drug reactions - clarithromycin, nausea',
      'ADR: nitrofurantoin (rash)',
      'Intolerances: lisinopril cough',
      'Überempfindlichkeit: Metamizol',
      'Hypersensibilité : céfalexine',
      'Reacciones adversas: tramadol',
      'Start date: 3 Feb 2025',
      'Fecha de inicio: 01/03/2025',
      'Commenced 12.06.2024',
    ])
      expect(readMedicationLine(db, line).status, line).toBe('note');
    expect(names('Warfarin started 01/02/2024')).toEqual(['Warfarin']);
  });
  it('reads the product after a preface saying who takes it', () => {
    expect(names('my husband takes his Xarelto 20mg with dinner')).toEqual(['Rivaroxaban']);
    expect(names("she's on lamotrigine 100 bd")).toEqual(['Lamotrigine']);
    expect(names('grandad is still on digoxin 62.5 mcg')).toEqual(['Digoxin']);
    expect(resolveLine(db, 'my daughter is on the pill')).toMatchObject({ classId: 'hormonal_contraceptive' });
    expect(readMedicationLine(db, 'Mum states dosette filled weekly').substances).toEqual([]);
  });
  it('reads a member of the kind named in brackets, and keeps the kind for anything else', () => {
    expect(names('fluid tablet (bumetanide?) mornings')).toEqual(['Bumetanide']);
    expect(resolveLine(db, 'blood thinner (apixaban I think) bd').notice).toMatch(/in brackets as a guess/);
    expect(resolveLine(db, 'Blood thinner (name unknown)')).toMatchObject({ classId: 'anticoagulant' });
  });
  it('never reads a counted word as a misspelt name; reads coffee and liquorice in other languages and in brackets', () => {
    expect(keys('Koffie: 6 koppen per dag')).toEqual(keys('caffeine'));
    expect(keys('Caffè: 3 tazzine al giorno')).toEqual(keys('caffeine'));
    expect(keys('salmiak (lakrids) most days')).toEqual(keys('liquorice'));
    expect(keys('Kaffee: 5 Tassen täglich')).toEqual(keys('caffeine'));
    expect(readMedicationLine(db, 'Emergency contact: son Jonathan (Jon)').substances).toEqual([]);
  });
  it('reads a supplement after its maker, and an organism by its short binomial', () => {
    expect(names('Solgar zinc 15mg 1 tab')).toEqual(['Zinc']);
    expect(keys("Nature's Bounty biotin 5000 mcg")).toEqual(keys('biotin'));
    expect(readMedicationLine(db, 'Centrum Silver 50+ daily').substances).toEqual([]);
    expect(names('L. acidophilus 1 cap with breakfast')).toEqual(['Lactobacillus acidophilus']);
    expect(names('boulardii sachets while on antibiotics')).toEqual(['Saccharomyces boulardii']);
    expect(readMedicationLine(db, 'B. lactis probiotic').substances).toEqual([]);
  });
  it('reads a brand with a short suffix that adds an ingredient, and says a suffix it cannot read', () => {
    expect(keys('Amlopres-AT 5/50 mane').length).toBeGreaterThan(1);
    const r = readMedicationLine(db, 'Glycomet-XQ 500 bd');
    expect(r.substances.map((s) => s.name)).toEqual(['Metformin']);
    expect(r.unread).toEqual(['XQ']);
  });
});

describe('glued strengths and several medicines (classes found by blind round 9)', () => {
  it('reads a name with its strength glued on, with or without a unit; a product number stays the name', () => {
    expect(names('Omeprazole20mg caps od')).toEqual(['Omeprazole']);
    expect(names('Zapain30/500 caps 2 qds')).toEqual(['Codeine–paracetamol (co-codamol)']);
    expect(names('Gliclazide80 bd')).toEqual(['Gliclazide']);
    expect(names('Lansoprazole15mg')).toEqual(['Lansoprazole']);
  });
  it('splits medicines written with a form word first, and at a semicolon', () => {
    expect(names('Cap Omez 20 + Tab Dolo 650 sos')).toEqual(['Omeprazole', 'Acetaminophen']);
    expect(names('bumetanide 1 mg mane & 1 mg lunchtime; Sando-K 2 tabs bd')).toEqual(['Bumetanide', 'Potassium']);
    expect(names('paracetamol 1 g qds; avoid NSAIDs')).toEqual(['Acetaminophen']);
  });
});

describe('INN spellings and forms in other languages (a class found by blind round 9)', () => {
  it('reads the same INN as German, Spanish, Portuguese and Italian spell it, never a made-up name', () => {
    expect(keys('Hydromorphon retard 4 mg 1-0-1')).toEqual(keys('hydromorphone'));
    expect(keys('Oxycodon/Naloxon 10/5 mg Retardtbl.')).toEqual(keys('oxycodone + naloxone'));
    expect(keys('Enalaprilo 10 mg cada 12 h')).toEqual(keys('enalapril'));
    expect(keys('morfina 10 mg c/4h se necessário')).toEqual(keys('morphine'));
    expect(keys('Amiodaron 200 mg 1-0-0')).toEqual(keys('amiodarone'));
    expect(resolveName(db, 'salina', { typos: false }).status).toBe('unresolved');
    expect(resolveName(db, 'Kodein', { typos: false }).status).toBe('unresolved');
  });
  it('reads forms as other languages write them as forms, never as names', () => {
    for (const line of [
      'Pantoprazol 40 mg Filmtbl. 1-0-0',
      'Omeprazol 20 mg cápsulas en ayunas',
      'Dafalgan 1 g comprimés effervescents',
      'Diclofenac Zäpfchen 50 mg',
      'Brufen 600 mg bustine',
    ])
      expect(readMedicationLine(db, line).unread, line).toEqual([]);
  });
});

describe('local brands and maker prefixes (a class found by blind round 9)', () => {
  it('reads South African, French and German brands and maker-first generics', () => {
    expect(names('Adco-Zolpidem 10 mg nocte')).toEqual(['Zolpidem']);
    expect(names('Austell-Amlodipine 10mg mane')).toEqual(['Amlodipine']);
    expect(keys('Izalgi 1 gél. si douleur')).toEqual(keys('paracetamol + opium'));
    expect(keys('Kenzen 8 mg 1 cp/j')).toEqual(keys('Amias'));
    expect(keys('Allergex 4mg tds prn')).toEqual(keys('chlorphenamine'));
  });
  it('reads a vitamin E brand as vitamin E, the record its pairs are keyed on', () => {
    expect(keys('Evion 200 od')).toEqual(keys('vitamin E'));
  });
});

describe('a kind of medicine in lay words and other languages (a class found by blind round 9)', () => {
  it('reads a kind before a remark, in romanised Hindi, and with a plural time word', () => {
    const cls = (line: string) => resolveLine(db, line).classId;
    expect(cls('pressure ki goli raat ko')).toBe('antihypertensive');
    expect(cls('sugar ki goli subah sham')).toBe('antidiabetic');
    expect(cls('pastillas para la presión - no sabe el nombre')).toBe('antihypertensive');
    expect(cls('skinny jab, once a week, from a beauty salon')).toBe('glp1');
    expect(cls('fluid tablet in the mornings')).toBe('diuretic');
    expect(cls('serotonin-norepinephrine reuptake inhibitor, name unknown')).toBe('snri');
    // two kinds on one line stay unread: no guess between them
    expect(readMedicationLine(db, 'sugar pill and a water pill').substances.length).not.toBe(1);
  });
});

describe('medicines one after another without a joiner, and "and" in other languages (round 9 class)', () => {
  it('splits at a name after a strength and its instructions; never a diluent, a bracket or a remark', () => {
    expect(names('amlodipine 5 mg mane metformin 1 g bd with meals')).toEqual(['Amlodipine', 'Metformin']);
    expect(names('Losartana 50 mg e Anlodipino 5 mg de manhã')).toEqual(['Losartan', 'Amlodipine']);
    expect(names('Ramipril 5 mg und Bisoprolol 2,5 mg morgens')).toEqual(['Ramipril', 'Bisoprolol']);
    expect(names('Vancomycin 1.5g in 500 mL NaCl 0.9% IV over 3 hrs')).toEqual(['Vancomycin']);
    expect(names('Lisinopril 10mg od changed to candesartan 8mg')).toEqual(['Lisinopril']);
  });
});

describe('an abbreviation or umbrella name with the medicine meant in brackets (round 9 class)', () => {
  it('reads the bracket when it is another medicine with none of the same keys; keeps the name otherwise', () => {
    expect(names('Vit B12 (methylcobalamin) 500mcg od')).toEqual(['Methylcobalamin']);
    expect(names('folate (L-methylfolate) 1mg')).toEqual(['L-Methylfolate (levomefolic acid)']);
    expect(names('KCl (potassium chloride) 600mg bd')).toEqual(['Potassium chloride']);
    expect(names('co-codamol (paracetamol) 2 qds')).toEqual(['Codeine–paracetamol (co-codamol)']);
  });
});
