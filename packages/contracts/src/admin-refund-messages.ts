/**
 * Texts of the back office's refunds (decision 0048), by language. Spread into
 * `validationMessages`, so the refund's schema and its errors carry these keys like any other.
 * `{{amount}}` is an amount with the currency's name, `{{reason}}` the provider's own words.
 */
export const adminRefundMessages = {
  en: {
    'refund.amount_invalid': 'Enter an amount of credits greater than 0, with at most two decimals.',
    'refund.reason_required': 'Say why you refund (at least 3 characters).',
    'refund.subject_required': 'Name exactly one order, item, generation or deposit to refund.',
    'refund.amount_too_high': 'At most {{amount}} is left to refund.',
    'refund.amount_too_small': 'This amount is worth less than the smallest unit of the payment’s currency.',
    'refund.nothing_left': 'Nothing is left to refund: it was refunded in full already.',
    'refund.generation_processing': 'This image is still being drawn; refund it once it is done.',
    'refund.deposit_not_paid': 'Only a paid deposit can be refunded.',
    'refund.deposit_disputed': 'This deposit is disputed at the payment provider; it cannot be refunded now.',
    'refund.balance_short':
      'The buyer’s balance holds only {{amount}}: refunding this deposit would overdraw it.',
    'refund.provider_refused': 'The payment provider refused the refund: {{reason}}',
    'refund.provider_unavailable':
      'The payment provider did not answer. The refund is pending: try again with the same request.',
  },
  de: {
    'refund.amount_invalid': 'Gib einen Betrag größer als 0 mit höchstens zwei Nachkommastellen ein.',
    'refund.reason_required': 'Gib an, warum du erstattest (mindestens 3 Zeichen).',
    'refund.subject_required':
      'Nenne genau eine Bestellung, einen Artikel, eine Generierung oder eine Einzahlung.',
    'refund.amount_too_high': 'Es können höchstens noch {{amount}} erstattet werden.',
    'refund.amount_too_small': 'Dieser Betrag ist weniger wert als die kleinste Einheit der Zahlungswährung.',
    'refund.nothing_left': 'Es ist nichts mehr zu erstatten: Es wurde bereits vollständig erstattet.',
    'refund.generation_processing': 'Dieses Bild wird noch erzeugt; erstatte es, sobald es fertig ist.',
    'refund.deposit_not_paid': 'Nur eine bezahlte Einzahlung kann erstattet werden.',
    'refund.deposit_disputed':
      'Diese Einzahlung ist beim Zahlungsanbieter angefochten; sie kann jetzt nicht erstattet werden.',
    'refund.balance_short':
      'Das Guthaben des Käufers beträgt nur {{amount}}: Die Erstattung dieser Einzahlung würde es überziehen.',
    'refund.provider_refused': 'Der Zahlungsanbieter hat die Erstattung abgelehnt: {{reason}}',
    'refund.provider_unavailable':
      'Der Zahlungsanbieter hat nicht geantwortet. Die Erstattung ist ausstehend: Versuche es mit derselben Anfrage erneut.',
  },
  fr: {
    'refund.amount_invalid': 'Saisissez un montant supérieur à 0, avec au plus deux décimales.',
    'refund.reason_required': 'Indiquez pourquoi vous remboursez (au moins 3 caractères).',
    'refund.subject_required': 'Indiquez exactement une commande, un article, une génération ou un dépôt.',
    'refund.amount_too_high': 'Il reste au plus {{amount}} à rembourser.',
    'refund.amount_too_small': 'Ce montant vaut moins que la plus petite unité de la devise du paiement.',
    'refund.nothing_left': 'Il ne reste rien à rembourser : le remboursement a déjà été intégral.',
    'refund.generation_processing':
      'Cette image est encore en cours de création ; remboursez-la une fois terminée.',
    'refund.deposit_not_paid': 'Seul un dépôt payé peut être remboursé.',
    'refund.deposit_disputed':
      'Ce dépôt fait l’objet d’un litige chez le prestataire de paiement ; il ne peut pas être remboursé maintenant.',
    'refund.balance_short':
      'Le solde de l’acheteur n’est que de {{amount}} : rembourser ce dépôt le rendrait négatif.',
    'refund.provider_refused': 'Le prestataire de paiement a refusé le remboursement : {{reason}}',
    'refund.provider_unavailable':
      'Le prestataire de paiement n’a pas répondu. Le remboursement est en attente : réessayez avec la même demande.',
  },
  es: {
    'refund.amount_invalid': 'Introduce un importe mayor que 0, con dos decimales como máximo.',
    'refund.reason_required': 'Indica por qué reembolsas (al menos 3 caracteres).',
    'refund.subject_required': 'Indica exactamente un pedido, un artículo, una generación o un depósito.',
    'refund.amount_too_high': 'Quedan como máximo {{amount}} por reembolsar.',
    'refund.amount_too_small': 'Este importe vale menos que la unidad más pequeña de la moneda del pago.',
    'refund.nothing_left': 'No queda nada por reembolsar: ya se reembolsó por completo.',
    'refund.generation_processing': 'Esta imagen aún se está generando; reembólsala cuando esté lista.',
    'refund.deposit_not_paid': 'Solo se puede reembolsar un depósito pagado.',
    'refund.deposit_disputed':
      'Este depósito está en disputa con el proveedor de pagos; no se puede reembolsar ahora.',
    'refund.balance_short':
      'El saldo del comprador es solo de {{amount}}: reembolsar este depósito lo dejaría en negativo.',
    'refund.provider_refused': 'El proveedor de pagos rechazó el reembolso: {{reason}}',
    'refund.provider_unavailable':
      'El proveedor de pagos no respondió. El reembolso está pendiente: inténtalo de nuevo con la misma solicitud.',
  },
  it: {
    'refund.amount_invalid': 'Inserisci un importo maggiore di 0, con al massimo due decimali.',
    'refund.reason_required': 'Indica perché rimborsi (almeno 3 caratteri).',
    'refund.subject_required': 'Indica esattamente un ordine, un articolo, una generazione o un deposito.',
    'refund.amount_too_high': 'Restano al massimo {{amount}} da rimborsare.',
    'refund.amount_too_small': 'Questo importo vale meno della più piccola unità della valuta del pagamento.',
    'refund.nothing_left': 'Non resta nulla da rimborsare: è già stato rimborsato per intero.',
    'refund.generation_processing': 'Questa immagine è ancora in generazione; rimborsala quando è pronta.',
    'refund.deposit_not_paid': 'Si può rimborsare solo un deposito pagato.',
    'refund.deposit_disputed':
      'Questo deposito è contestato presso il fornitore di pagamento; ora non può essere rimborsato.',
    'refund.balance_short':
      'Il saldo dell’acquirente è solo di {{amount}}: rimborsare questo deposito lo porterebbe in negativo.',
    'refund.provider_refused': 'Il fornitore di pagamento ha rifiutato il rimborso: {{reason}}',
    'refund.provider_unavailable':
      'Il fornitore di pagamento non ha risposto. Il rimborso è in sospeso: riprova con la stessa richiesta.',
  },
  pl: {
    'refund.amount_invalid': 'Podaj kwotę większą od 0, z najwyżej dwoma miejscami po przecinku.',
    'refund.reason_required': 'Podaj powód zwrotu (co najmniej 3 znaki).',
    'refund.subject_required': 'Wskaż dokładnie jedno zamówienie, pozycję, generowanie lub wpłatę.',
    'refund.amount_too_high': 'Do zwrotu pozostało najwyżej {{amount}}.',
    'refund.amount_too_small': 'Ta kwota jest warta mniej niż najmniejsza jednostka waluty płatności.',
    'refund.nothing_left': 'Nie pozostało nic do zwrotu: zwrot był już pełny.',
    'refund.generation_processing': 'Ten obraz jest jeszcze generowany; zwróć go, gdy będzie gotowy.',
    'refund.deposit_not_paid': 'Zwrócić można tylko opłaconą wpłatę.',
    'refund.deposit_disputed': 'Ta wpłata jest sporna u operatora płatności; nie można jej teraz zwrócić.',
    'refund.balance_short': 'Saldo kupującego wynosi tylko {{amount}}: zwrot tej wpłaty spowodowałby debet.',
    'refund.provider_refused': 'Operator płatności odrzucił zwrot: {{reason}}',
    'refund.provider_unavailable':
      'Operator płatności nie odpowiedział. Zwrot oczekuje: spróbuj ponownie z tym samym żądaniem.',
  },
} as const;
