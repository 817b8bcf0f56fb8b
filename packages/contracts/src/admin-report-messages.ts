/** Texts of the reports' and exports' 422s, by language (spread into `validationMessages`). */
export const adminReportMessages = {
  en: {
    'date.invalid': 'Please enter a date as YYYY-MM-DD.',
    'range.order': 'The end date must not be before the start date.',
    'range.too_long':
      'The range is too long: at most a year by day, three years by week, five years by month or for an export.',
  },
  de: {
    'date.invalid': 'Bitte gib ein Datum im Format JJJJ-MM-TT ein.',
    'range.order': 'Das Enddatum darf nicht vor dem Anfangsdatum liegen.',
    'range.too_long':
      'Der Zeitraum ist zu lang: höchstens ein Jahr nach Tagen, drei Jahre nach Wochen, fünf Jahre nach Monaten oder für einen Export.',
  },
  fr: {
    'date.invalid': 'Veuillez saisir une date au format AAAA-MM-JJ.',
    'range.order': 'La date de fin ne peut pas précéder la date de début.',
    'range.too_long':
      'La période est trop longue : au plus un an par jour, trois ans par semaine, cinq ans par mois ou pour un export.',
  },
  es: {
    'date.invalid': 'Introduce una fecha con el formato AAAA-MM-DD.',
    'range.order': 'La fecha final no puede ser anterior a la fecha inicial.',
    'range.too_long':
      'El intervalo es demasiado largo: como máximo un año por días, tres años por semanas, cinco años por meses o para una exportación.',
  },
  it: {
    'date.invalid': 'Inserisci una data nel formato AAAA-MM-GG.',
    'range.order': 'La data finale non può precedere la data iniziale.',
    'range.too_long':
      'L’intervallo è troppo lungo: al massimo un anno per giorni, tre anni per settimane, cinque anni per mesi o per un’esportazione.',
  },
  pl: {
    'date.invalid': 'Podaj datę w formacie RRRR-MM-DD.',
    'range.order': 'Data końcowa nie może być wcześniejsza niż data początkowa.',
    'range.too_long':
      'Zakres jest za długi: najwyżej rok dziennie, trzy lata tygodniowo, pięć lat miesięcznie lub dla eksportu.',
  },
} as const;
