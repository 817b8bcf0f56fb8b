/**
 * Texts of the 409 answers: the back office acting on something that changed meanwhile (an offer,
 * a verification, a payout), a payout the shop cannot send as asked, and a
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
    'account.not_admin': 'Only an admin account has two-factor sign-in to reset.',
    'account.reset_self':
      'You cannot reset your own two-factor sign-in here: turn it off in your security settings.',
    'request.other_details': 'This request was already made with other details.',
    'request.in_progress': 'This request is still being answered. Try again in a moment.',
    'purchase.price_changed':
      'The price changed since you saw it: the total is now {{amount}}. Check it and buy again.',
    'payout.settled': 'Payout {{id}} is {{status}} already.',
    'payout.not_requested_card': 'Payout {{id}} is not a card payout waiting to be sent.',
    'payout.not_at_provider': 'Payout {{id}} is not waiting on its provider.',
    'payout.paid_by_provider': 'Payout {{id}} was paid by its provider meanwhile.',
    'payout.provider_pays': 'Payout {{id}} is paid by its provider; send it instead.',
    'payout.none_waiting': 'No bank payout is waiting to be sent.',
    'payout.batch_settled': 'Payout {{id}} of this file is settled; its bank details are gone.',
    'payout.not_failed': 'Payout {{id}} is {{status}}; only a failed payout is tried again.',
    'payout.sandbox_no_money':
      'The sandbox payout provider moves no real money: this shop cannot send card payouts through it.',
    'payout.sepa_debtor_missing':
      "SEPA payouts need the shop's account: set SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN.",
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
    'account.not_admin': 'Nur ein Admin-Konto hat eine Zwei-Faktor-Anmeldung, die zurückgesetzt werden kann.',
    'account.reset_self':
      'Deine eigene Zwei-Faktor-Anmeldung setzt du hier nicht zurück: Schalte sie in deinen Sicherheitseinstellungen aus.',
    'request.other_details': 'Diese Anfrage wurde bereits mit anderen Angaben gestellt.',
    'request.in_progress': 'Diese Anfrage wird noch bearbeitet. Versuche es gleich noch einmal.',
    'purchase.price_changed':
      'Der Preis hat sich geändert: Die Summe beträgt jetzt {{amount}}. Prüfe sie und kaufe erneut.',
    'payout.settled': 'Auszahlung {{id}} hat bereits den Status {{status}}.',
    'payout.not_requested_card': 'Auszahlung {{id}} ist keine Kartenauszahlung, die auf den Versand wartet.',
    'payout.not_at_provider': 'Auszahlung {{id}} wartet nicht auf ihren Zahlungsdienst.',
    'payout.paid_by_provider': 'Auszahlung {{id}} wurde inzwischen von ihrem Zahlungsdienst ausgezahlt.',
    'payout.provider_pays':
      'Auszahlung {{id}} wird von ihrem Zahlungsdienst ausgezahlt; sende sie stattdessen.',
    'payout.none_waiting': 'Keine Banküberweisung wartet auf den Versand.',
    'payout.batch_settled': 'Auszahlung {{id}} dieser Datei ist abgeschlossen; ihre Bankdaten sind gelöscht.',
    'payout.not_failed':
      'Auszahlung {{id}} hat den Status {{status}}; nur eine fehlgeschlagene Auszahlung wird erneut versucht.',
    'payout.sandbox_no_money':
      'Der Sandbox-Auszahlungsdienst bewegt kein echtes Geld: Dieser Shop kann darüber keine Kartenauszahlungen senden.',
    'payout.sepa_debtor_missing':
      'SEPA-Auszahlungen brauchen das Konto des Shops: Setze SEPA_DEBTOR_NAME und SEPA_DEBTOR_IBAN.',
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
    'account.not_admin': 'Seul un compte administrateur a une connexion à deux facteurs à réinitialiser.',
    'account.reset_self':
      'Vous ne pouvez pas réinitialiser ici votre propre connexion à deux facteurs : désactivez-la dans vos réglages de sécurité.',
    'request.other_details': 'Cette demande a déjà été faite avec d’autres informations.',
    'request.in_progress': 'Cette demande est encore en cours de traitement. Réessayez dans un instant.',
    'purchase.price_changed':
      'Le prix a changé depuis : le total est maintenant de {{amount}}. Vérifiez-le et achetez à nouveau.',
    'payout.settled': 'Le versement {{id}} a déjà le statut {{status}}.',
    'payout.not_requested_card': 'Le versement {{id}} n’est pas un versement par carte en attente d’envoi.',
    'payout.not_at_provider': 'Le versement {{id}} n’est pas en attente chez son prestataire.',
    'payout.paid_by_provider': 'Le versement {{id}} a été payé entre-temps par son prestataire.',
    'payout.provider_pays': 'Le versement {{id}} est payé par son prestataire ; envoyez-le plutôt.',
    'payout.none_waiting': 'Aucun virement bancaire n’attend d’être envoyé.',
    'payout.batch_settled':
      'Le versement {{id}} de ce fichier est réglé ; ses coordonnées bancaires ont été supprimées.',
    'payout.not_failed': 'Le versement {{id}} a le statut {{status}} ; seul un versement échoué est retenté.',
    'payout.sandbox_no_money':
      'Le prestataire de versement sandbox ne déplace pas d’argent réel : cette boutique ne peut pas envoyer de versements par carte avec lui.',
    'payout.sepa_debtor_missing':
      'Les versements SEPA ont besoin du compte de la boutique : définissez SEPA_DEBTOR_NAME et SEPA_DEBTOR_IBAN.',
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
    'account.not_admin':
      'Solo una cuenta de administrador tiene un inicio de sesión en dos pasos que restablecer.',
    'account.reset_self':
      'No puedes restablecer aquí tu propio inicio de sesión en dos pasos: desactívalo en tus ajustes de seguridad.',
    'request.other_details': 'Esta solicitud ya se hizo con otros datos.',
    'request.in_progress': 'Esta solicitud aún se está procesando. Inténtalo de nuevo en un momento.',
    'purchase.price_changed':
      'El precio ha cambiado: el total ahora es {{amount}}. Revísalo y vuelve a comprar.',
    'payout.settled': 'El pago {{id}} ya tiene el estado {{status}}.',
    'payout.not_requested_card': 'El pago {{id}} no es un pago con tarjeta pendiente de envío.',
    'payout.not_at_provider': 'El pago {{id}} no está esperando a su proveedor.',
    'payout.paid_by_provider': 'Su proveedor ya ha abonado el pago {{id}} entretanto.',
    'payout.provider_pays': 'El pago {{id}} lo abona su proveedor; envíalo en su lugar.',
    'payout.none_waiting': 'Ninguna transferencia bancaria espera a ser enviada.',
    'payout.batch_settled':
      'El pago {{id}} de este archivo está liquidado; sus datos bancarios ya no existen.',
    'payout.not_failed': 'El pago {{id}} tiene el estado {{status}}; solo se reintenta un pago fallido.',
    'payout.sandbox_no_money':
      'El proveedor de pagos sandbox no mueve dinero real: esta tienda no puede enviar pagos con tarjeta a través de él.',
    'payout.sepa_debtor_missing':
      'Los pagos SEPA necesitan la cuenta de la tienda: define SEPA_DEBTOR_NAME y SEPA_DEBTOR_IBAN.',
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
    'account.not_admin': 'Solo un account amministratore ha un accesso a due fattori da reimpostare.',
    'account.reset_self':
      'Non puoi reimpostare qui il tuo accesso a due fattori: disattivalo nelle tue impostazioni di sicurezza.',
    'request.other_details': 'Questa richiesta è già stata fatta con altri dati.',
    'request.in_progress': 'Questa richiesta è ancora in elaborazione. Riprova tra un momento.',
    'purchase.price_changed':
      'Il prezzo è cambiato: il totale ora è {{amount}}. Controllalo e acquista di nuovo.',
    'payout.settled': 'Il pagamento {{id}} ha già lo stato {{status}}.',
    'payout.not_requested_card': 'Il pagamento {{id}} non è un pagamento su carta in attesa di invio.',
    'payout.not_at_provider': 'Il pagamento {{id}} non è in attesa presso il suo fornitore.',
    'payout.paid_by_provider': 'Il pagamento {{id}} è stato nel frattempo effettuato dal suo fornitore.',
    'payout.provider_pays': 'Il pagamento {{id}} viene effettuato dal suo fornitore; invialo invece.',
    'payout.none_waiting': 'Nessun bonifico bancario è in attesa di invio.',
    'payout.batch_settled':
      'Il pagamento {{id}} di questo file è concluso; i suoi dati bancari sono stati eliminati.',
    'payout.not_failed': 'Il pagamento {{id}} ha lo stato {{status}}; si ritenta solo un pagamento fallito.',
    'payout.sandbox_no_money':
      'Il fornitore di pagamenti sandbox non muove denaro reale: questo negozio non può inviare pagamenti su carta tramite esso.',
    'payout.sepa_debtor_missing':
      'I pagamenti SEPA richiedono il conto del negozio: imposta SEPA_DEBTOR_NAME e SEPA_DEBTOR_IBAN.',
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
    'account.not_admin': 'Tylko konto administratora ma logowanie dwuskładnikowe do zresetowania.',
    'account.reset_self':
      'Nie możesz tu zresetować własnego logowania dwuskładnikowego: wyłącz je w ustawieniach bezpieczeństwa.',
    'request.other_details': 'To żądanie zostało już złożone z innymi danymi.',
    'request.in_progress': 'To żądanie jest jeszcze przetwarzane. Spróbuj ponownie za chwilę.',
    'purchase.price_changed': 'Cena się zmieniła: suma wynosi teraz {{amount}}. Sprawdź ją i kup ponownie.',
    'payout.settled': 'Wypłata {{id}} ma już status {{status}}.',
    'payout.not_requested_card': 'Wypłata {{id}} nie jest wypłatą na kartę czekającą na wysłanie.',
    'payout.not_at_provider': 'Wypłata {{id}} nie czeka na swojego operatora.',
    'payout.paid_by_provider': 'Wypłata {{id}} została w międzyczasie zrealizowana przez swojego operatora.',
    'payout.provider_pays': 'Wypłatę {{id}} realizuje jej operator; zamiast tego wyślij ją.',
    'payout.none_waiting': 'Żaden przelew bankowy nie czeka na wysłanie.',
    'payout.batch_settled': 'Wypłata {{id}} z tego pliku jest rozliczona; jej dane bankowe zostały usunięte.',
    'payout.not_failed': 'Wypłata {{id}} ma status {{status}}; ponawia się tylko nieudaną wypłatę.',
    'payout.sandbox_no_money':
      'Operator wypłat sandbox nie przesyła prawdziwych pieniędzy: ten sklep nie może przez niego wysyłać wypłat na kartę.',
    'payout.sepa_debtor_missing':
      'Wypłaty SEPA wymagają konta sklepu: ustaw SEPA_DEBTOR_NAME i SEPA_DEBTOR_IBAN.',
  },
} as const;
