/**
 * Names in other languages and everyday words for substances the resolver knows by their English name (editorial,
 * Materia; moved here from the chat so every reader of names has them): keys are lower case without accents, values a
 * name or slug the resolver reads. Read by the chat's name finder and by medication lines.
 */
export const OTHER_NAMES: Readonly<Record<string, string>> = {
  johanniskraut: "St John's wort", 'hierba de san juan': "St John's wort", 'hiperico': "St John's wort", millepertuis: "St John's wort",
  knoblauch: 'garlic', ajo: 'garlic', ail: 'garlic', ingwer: 'ginger', jengibre: 'ginger', kurkuma: 'turmeric', curcuma: 'turmeric',
  baldrian: 'valerian', valeriana: 'valerian', ginseng: 'ginseng', 'aceite de pescado': 'fish oil', fischol: 'fish oil', 'omega 3': 'fish oil',
  alkohol: 'alcohol', alcool: 'alcohol', koffein: 'caffeine', cafeina: 'caffeine', eisen: 'iron', hierro: 'iron', zink: 'zinc', zinc: 'zinc',
  kalzium: 'calcium', calcio: 'calcium', 'vitamin k2': 'vitamin k2', 'blutverdunner': 'anticoagulants',
  // foods people list by kind rather than by name: read as the nutrient that matters (SR28's leafy greens are vitamin K-rich)
  'leafy greens': 'vitamin k', 'green leafy vegetables': 'vitamin k', 'leafy green vegetables': 'vitamin k', 'dark leafy greens': 'vitamin k',
  'salad greens': 'vitamin k', 'greens': 'vitamin k',
  // "nitrate" alone reads as the nitrate ion in DrugBank; people mean the medicines
  nitrate: 'nitrates', 'nitrate spray': 'nitroglycerin', 'gtn spray': 'nitroglycerin', gtn: 'nitroglycerin', 'glyceryl trinitrate': 'nitroglycerin',
  'omega-3': 'fish oil', 'omega 3s': 'fish oil', 'omega-3s': 'fish oil', 'vitamin d': 'vitamin-d3', 'vitamina d': 'vitamin-d3', 'vitamin d3': 'vitamin-d3', paracetamolo: 'paracetamol', 'acido acetilsalicilico': 'aspirin', 'acetylsalicylsaure': 'aspirin', aspirina: 'aspirin',
};

