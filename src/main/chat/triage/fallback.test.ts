import { describe, expect, it } from 'vitest';
import { EMERGENCIES, ORDINARY } from './fallback.cases.ts';
import { detectLanguage } from './language.ts';
import { FALLBACK } from './lexicon.ts';
import { triage } from './triage.ts';

const run = (text: string, drug = false) => triage(text, { namesDrug: drug, meaning: null });

describe('languages we cannot read fully: which one', () => {
  it.each([
    ['Чоловік приймає варфарин і впав', 'uk'],
    ['Муж принимает варфарин и упал', 'ru'],
    ['아버지가 넘어져서 머리를 부딪혔어요', 'ko'],
    ['Ο πατέρας μου έπεσε και χτύπησε στο κεφάλι', 'el'],
    ['אבא שלי נפל וקיבל מכה בראש', 'he'],
    ['ابو گر گئے اور سر پر چوٹ لگی ہے', 'ur'],
    ['پدرم زمین خورد و سرش ضربه خورد', 'fa'],
    ['ابوي طاح وضرب راسه', 'ar'],
    // Japanese written mostly in kanji is still Japanese, not Chinese
    ['祖父が転倒し頭部を強打', 'ja'],
    ['爷爷摔倒了撞到头', 'zh'],
    // Turkish and Polish typed without their own letters; Romanian with ă only
    ['babam dustu, kac tane ilac icti bilmiyorum, cok uykulu', 'tr'],
    ['Pappa tar Waran, ramlade och slog i huvudet', 'sv'],
    ['Mă doare capul de ieri', 'ro'],
  ])('%s → %s', (text, lang) => {
    expect(detectLanguage(text)).toEqual({ lang, readable: false });
  });

  it('still reads the languages it reads', () => {
    for (const [text, lang] of [
      ['mi hija tomó un jarabe de la abuela y está muy dormida', 'es'],
      ['ma fille a avalé des comprimés de sa grand-mère', 'fr'],
      ['mijn zoon heeft een hele strip paracetamol ingenomen', 'nl'],
      ['mia figlia ha preso tutte le compresse della nonna', 'it'],
    ])
      expect(detectLanguage(text!)).toEqual({ lang, readable: true });
  });
});

describe('the fail-safe in those languages (round-6 classes)', () => {
  it.each(EMERGENCIES.map((e) => [e.lang, e.category, e.text, e.drug ?? false] as const))(
    '%s %s: %s',
    async (lang, category, text, drug) => {
      const t = await run(text, drug);
      expect(t.language).toBe(lang);
      expect(t.level).toBe('acute');
      expect(t.categories).toContain(category);
    },
  );

  it('a despairing ingestion gets the crisis line and the poison advice; a parent on a blood thinner who fell does not', async () => {
    expect((await run('Не хочу больше жить, выпила 40 таблеток')).categories).toEqual(
      expect.arrayContaining(['self_harm', 'overdose']),
    );
    const fall = (await run('Тато приймає варфарин, впав і вдарився головою, блює')).categories;
    expect(fall).toContain('head_injury');
    expect(fall).not.toContain('self_harm');
    expect(fall).not.toContain('drug_toxicity');
  });
});

describe('ordinary questions in those languages', () => {
  it.each(ORDINARY.map((o) => [o.lang, o.text, o.drug ?? false] as const))('%s: %s', async (_lang, text, drug) => {
    const t = await run(text, drug);
    expect(t.level, t.categories.join(',')).toBeNull();
  });

  it('Polish "i" (and) and "od" (since) are not English "I" and "OD"', async () => {
    const t = await run('Mój syn od wczoraj ma gorączkę i kaszel, czy mogę dać ibuprofen?', true);
    expect(t.categories).toEqual([]);
  });
});

describe('the safety lines of each language', () => {
  const withText = Object.entries(FALLBACK).filter(([, l]) => l.text);

  it('are written for every language the round-6 brief named, and await a second review', () => {
    const codes = withText.map(([c]) => c).sort();
    expect(codes).toEqual(
      ['ar', 'el', 'fa', 'he', 'hi', 'ja', 'ko', 'pl', 'ro', 'ru', 'sv', 'tr', 'uk', 'ur', 'vi', 'zh'].sort(),
    );
    for (const [code, l] of withText) {
      expect(l.second_review, code).toBeNull();
      expect(l.basis, code).toBeTruthy();
      // the instruction names a number to call
      expect(l.text!.emergency, code).toMatch(/\d{3}/);
    }
  });

  it('name a crisis line only where one was verified, and otherwise the local one', () => {
    const verified: Record<string, string> = {
      pl: '116 123',
      uk: '7333',
      zh: '12356',
      ja: '0570-064-556',
      ko: '109',
      hi: '14416',
      el: '1018',
      he: '1201',
      sv: '90101',
      fa: '1480',
    };
    for (const [code, l] of withText)
      if (verified[code]) expect(l.text!.crisis, code).toContain(verified[code]);
      else expect(l.text!.crisis, code).not.toMatch(/\d{4}/);
  });
});
