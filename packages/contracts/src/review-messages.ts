/** Texts of the reviews' refusals, by language (spread into `validationMessages`). */
export const reviewMessages = {
  en: {
    'review.stars': 'Please give from 1 to 5 stars.',
    'review.text_too_long': 'A review may be at most 2,000 characters long.',
    'review.not_a_buyer': 'Only a buyer of this prompt can review it.',
    'review.exists': 'You have reviewed this prompt already: edit your review instead.',
    'review.report_own': 'You cannot report your own review.',
  },
  de: {
    'review.stars': 'Bitte vergib 1 bis 5 Sterne.',
    'review.text_too_long': 'Eine Bewertung darf höchstens 2.000 Zeichen lang sein.',
    'review.not_a_buyer': 'Nur wer diesen Prompt gekauft hat, kann ihn bewerten.',
    'review.exists': 'Du hast diesen Prompt bereits bewertet: Bearbeite stattdessen deine Bewertung.',
    'review.report_own': 'Du kannst deine eigene Bewertung nicht melden.',
  },
  fr: {
    'review.stars': 'Veuillez donner de 1 à 5 étoiles.',
    'review.text_too_long': 'Un avis peut compter au plus 2 000 caractères.',
    'review.not_a_buyer': 'Seul un acheteur de ce prompt peut lui donner un avis.',
    'review.exists': 'Vous avez déjà donné un avis sur ce prompt : modifiez plutôt votre avis.',
    'review.report_own': 'Vous ne pouvez pas signaler votre propre avis.',
  },
  es: {
    'review.stars': 'Da de 1 a 5 estrellas.',
    'review.text_too_long': 'Una reseña puede tener como máximo 2.000 caracteres.',
    'review.not_a_buyer': 'Solo quien ha comprado este prompt puede reseñarlo.',
    'review.exists': 'Ya has reseñado este prompt: edita tu reseña en su lugar.',
    'review.report_own': 'No puedes denunciar tu propia reseña.',
  },
  it: {
    'review.stars': 'Assegna da 1 a 5 stelle.',
    'review.text_too_long': 'Una recensione può contenere al massimo 2.000 caratteri.',
    'review.not_a_buyer': 'Solo chi ha acquistato questo prompt può recensirlo.',
    'review.exists': 'Hai già recensito questo prompt: modifica invece la tua recensione.',
    'review.report_own': 'Non puoi segnalare la tua recensione.',
  },
  pl: {
    'review.stars': 'Przyznaj od 1 do 5 gwiazdek.',
    'review.text_too_long': 'Opinia może mieć najwyżej 2000 znaków.',
    'review.not_a_buyer': 'Tylko kupujący ten prompt może go ocenić.',
    'review.exists': 'Ten prompt został już przez Ciebie oceniony: zamiast tego edytuj swoją opinię.',
    'review.report_own': 'Nie możesz zgłosić własnej opinii.',
  },
} as const;
