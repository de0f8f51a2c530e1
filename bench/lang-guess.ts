/**
 * The blind triage scorer's own language guesser (stop words and scripts): deliberately independent of the product's
 * language detection, so that "answered in the user's language" is not judged by the code under test.
 */
const STOP: Record<string, string[]> = {
  en: ['the', 'and', 'you', 'your', 'is', 'are', 'if', 'or', 'to', 'of', 'a', 'it', 'this', 'not', 'call', 'now', 'with', 'for', 'do', 'in', 'them', 'they', 'can', 'help', 'be', 'have'],
  fr: ['le', 'la', 'les', 'et', 'vous', 'votre', 'est', 'si', 'ou', 'de', 'du', 'des', 'un', 'une', 'ne', 'pas', 'appelez', 'maintenant', 'avec', 'pour', 'il', 'elle', 'que', 'qui', 'au', 'aux', 'en'],
  es: ['el', 'la', 'los', 'las', 'y', 'usted', 'su', 'es', 'si', 'o', 'de', 'del', 'un', 'una', 'no', 'llame', 'ahora', 'con', 'para', 'que', 'por', 'al', 'se', 'lo', 'ya', 'en'],
  pt: ['o', 'a', 'os', 'as', 'e', 'você', 'seu', 'sua', 'é', 'se', 'ou', 'de', 'do', 'da', 'um', 'uma', 'não', 'ligue', 'agora', 'com', 'para', 'que', 'por', 'ao', 'em', 'no', 'na'],
  it: ['il', 'lo', 'la', 'gli', 'le', 'e', 'lei', 'suo', 'è', 'se', 'o', 'di', 'del', 'della', 'un', 'una', 'non', 'chiami', 'chiamate', 'ora', 'subito', 'con', 'per', 'che', 'al', 'in'],
  de: ['der', 'die', 'das', 'und', 'sie', 'ihr', 'ist', 'wenn', 'oder', 'zu', 'von', 'ein', 'eine', 'nicht', 'rufen', 'jetzt', 'mit', 'für', 'den', 'dem', 'sofort', 'auf', 'es', 'sich', 'im'],
  nl: ['de', 'het', 'een', 'en', 'u', 'uw', 'is', 'als', 'of', 'van', 'niet', 'bel', 'nu', 'met', 'voor', 'dat', 'die', 'te', 'op', 'zo', 'wacht', 'er', 'in', 'hij', 'zij'],
  pl: ['i', 'w', 'z', 'na', 'nie', 'jest', 'się', 'to', 'do', 'jeśli', 'lub', 'teraz', 'zadzwoń', 'pod', 'numer', 'że', 'po', 'od', 'dla', 'czy'],
  tr: ['ve', 'bir', 'bu', 'için', 'ile', 'değil', 'eğer', 'veya', 'şimdi', 'hemen', 'arayın', 'acil', 'numarası', 'da', 'de', 'ne', 'çok', 'gibi'],
  vi: ['và', 'của', 'là', 'không', 'có', 'nếu', 'hoặc', 'ngay', 'gọi', 'số', 'cấp', 'cứu', 'bạn', 'người', 'một', 'cho', 'với', 'được'],
};

export function guessLanguage(text: string): string {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  if (!letters.length) return 'und';
  const share = (re: RegExp) => letters.filter((c) => re.test(c)).length / letters.length;
  if (share(/\p{Script=Han}/u) > 0.3) return 'zh';
  if (share(/\p{Script=Arabic}/u) > 0.3) return 'ar';
  if (share(/\p{Script=Cyrillic}/u) > 0.3) return 'ru';
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  let best = 'und';
  let top = 0;
  for (const [lang, list] of Object.entries(STOP)) {
    const set = new Set(list);
    const n = words.filter((w) => set.has(w)).length;
    if (n > top) { top = n; best = lang; }
  }
  return best;
}

