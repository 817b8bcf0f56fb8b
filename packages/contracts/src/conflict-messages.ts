/**
 * Texts of the 409 answers: the back office acting on something that changed meanwhile, and a
 * money request repeated with other details or while it is still answered, a price that changed
 * since the buyer saw it (spread into `validationMessages`). `{{id}}` is the
 * record's number, `{{status}}` its status as the API names it.
 */
export const conflictMessages = {
  en: {
    'offer.not_pending': 'Offer {{id}} is {{status}}, not pending.',
    'offer.not_declinable': 'Offer {{id}} is {{status}}; it can no longer be declined.',
    'offer.not_accepted': 'Offer {{id}} is {{status}}; only an accepted offer is published.',
    'offer.published': 'Offer {{id}} is published already.',
    'offer.payout_unpaid': 'Offer {{id}} cannot be published until its payout is paid (it is {{status}}).',
    'verification.not_pending': 'Verification {{id}} is {{status}}, not pending.',
    'account.block_self': 'You cannot block your own account.',
    'request.other_details': 'This request was already made with other details.',
    'request.in_progress': 'This request is still being answered. Try again in a moment.',
    'purchase.price_changed':
      'The price changed since you saw it: the total is now {{amount}}. Check it and buy again.',
  },
  de: {
    'offer.not_pending': 'Angebot {{id}} hat den Status {{status}}, nicht pending.',
    'offer.not_declinable': 'Angebot {{id}} hat den Status {{status}}; es kann nicht mehr abgelehnt werden.',
    'offer.not_accepted':
      'Angebot {{id}} hat den Status {{status}}; nur ein angenommenes Angebot wird veröffentlicht.',
    'offer.published': 'Angebot {{id}} ist bereits veröffentlicht.',
    'offer.payout_unpaid':
      'Angebot {{id}} kann erst veröffentlicht werden, wenn seine Auszahlung ausgezahlt ist (Status {{status}}).',
    'verification.not_pending': 'Verifizierung {{id}} hat den Status {{status}}, nicht pending.',
    'account.block_self': 'Du kannst dein eigenes Konto nicht sperren.',
    'request.other_details': 'Diese Anfrage wurde bereits mit anderen Angaben gestellt.',
    'request.in_progress': 'Diese Anfrage wird noch bearbeitet. Versuche es gleich noch einmal.',
    'purchase.price_changed':
      'Der Preis hat sich geändert: Die Summe beträgt jetzt {{amount}}. Prüfe sie und kaufe erneut.',
  },
  fr: {
    'offer.not_pending': 'L’offre {{id}} a le statut {{status}}, pas pending.',
    'offer.not_declinable': 'L’offre {{id}} a le statut {{status}} ; elle ne peut plus être refusée.',
    'offer.not_accepted': 'L’offre {{id}} a le statut {{status}} ; seule une offre acceptée est publiée.',
    'offer.published': 'L’offre {{id}} est déjà publiée.',
    'offer.payout_unpaid':
      'L’offre {{id}} ne peut être publiée qu’une fois son versement payé (statut {{status}}).',
    'verification.not_pending': 'La vérification {{id}} a le statut {{status}}, pas pending.',
    'account.block_self': 'Vous ne pouvez pas bloquer votre propre compte.',
    'request.other_details': 'Cette demande a déjà été faite avec d’autres informations.',
    'request.in_progress': 'Cette demande est encore en cours de traitement. Réessayez dans un instant.',
    'purchase.price_changed':
      'Le prix a changé depuis : le total est maintenant de {{amount}}. Vérifiez-le et achetez à nouveau.',
  },
  es: {
    'offer.not_pending': 'La oferta {{id}} tiene el estado {{status}}, no pending.',
    'offer.not_declinable': 'La oferta {{id}} tiene el estado {{status}}; ya no se puede rechazar.',
    'offer.not_accepted': 'La oferta {{id}} tiene el estado {{status}}; solo se publica una oferta aceptada.',
    'offer.published': 'La oferta {{id}} ya está publicada.',
    'offer.payout_unpaid':
      'La oferta {{id}} no se puede publicar hasta que su pago esté hecho (estado {{status}}).',
    'verification.not_pending': 'La verificación {{id}} tiene el estado {{status}}, no pending.',
    'account.block_self': 'No puedes bloquear tu propia cuenta.',
    'request.other_details': 'Esta solicitud ya se hizo con otros datos.',
    'request.in_progress': 'Esta solicitud aún se está procesando. Inténtalo de nuevo en un momento.',
    'purchase.price_changed':
      'El precio ha cambiado: el total ahora es {{amount}}. Revísalo y vuelve a comprar.',
  },
  it: {
    'offer.not_pending': 'L’offerta {{id}} ha lo stato {{status}}, non pending.',
    'offer.not_declinable': 'L’offerta {{id}} ha lo stato {{status}}; non può più essere rifiutata.',
    'offer.not_accepted': 'L’offerta {{id}} ha lo stato {{status}}; si pubblica solo un’offerta accettata.',
    'offer.published': 'L’offerta {{id}} è già pubblicata.',
    'offer.payout_unpaid':
      'L’offerta {{id}} non può essere pubblicata finché il suo pagamento non è stato effettuato (stato {{status}}).',
    'verification.not_pending': 'La verifica {{id}} ha lo stato {{status}}, non pending.',
    'account.block_self': 'Non puoi bloccare il tuo account.',
    'request.other_details': 'Questa richiesta è già stata fatta con altri dati.',
    'request.in_progress': 'Questa richiesta è ancora in elaborazione. Riprova tra un momento.',
    'purchase.price_changed':
      'Il prezzo è cambiato: il totale ora è {{amount}}. Controllalo e acquista di nuovo.',
  },
  pl: {
    'offer.not_pending': 'Oferta {{id}} ma status {{status}}, a nie pending.',
    'offer.not_declinable': 'Oferta {{id}} ma status {{status}}; nie można jej już odrzucić.',
    'offer.not_accepted': 'Oferta {{id}} ma status {{status}}; publikuje się tylko przyjętą ofertę.',
    'offer.published': 'Oferta {{id}} jest już opublikowana.',
    'offer.payout_unpaid':
      'Oferty {{id}} nie można opublikować, dopóki jej wypłata nie zostanie zrealizowana (status {{status}}).',
    'verification.not_pending': 'Weryfikacja {{id}} ma status {{status}}, a nie pending.',
    'account.block_self': 'Nie możesz zablokować własnego konta.',
    'request.other_details': 'To żądanie zostało już złożone z innymi danymi.',
    'request.in_progress': 'To żądanie jest jeszcze przetwarzane. Spróbuj ponownie za chwilę.',
    'purchase.price_changed': 'Cena się zmieniła: suma wynosi teraz {{amount}}. Sprawdź ją i kup ponownie.',
  },
} as const;
