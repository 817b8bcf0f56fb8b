/**
 * Texts of the answers to deleting an account that still holds money, is owed a payout or waits
 * for a deposit (spread into `validationMessages`). `{{amount}}` is the balance followed by the
 * name the shop gives its currency, `{{count}}` a number of payouts or deposits.
 */
export const accountMessages = {
  en: {
    'account.has_balance':
      'Your balance of {{amount}} would be lost. Confirm that you give it up to delete your account.',
    'account.unpaid_payout':
      'A payout to you is not paid yet ({{count}}). Your account can be deleted once it is paid.',
    'account.pending_deposit':
      'A deposit of yours is still being processed by the payment provider ({{count}}). Your account can be deleted once it is paid or failed.',
  },
  de: {
    'account.has_balance':
      'Dein Guthaben von {{amount}} würde verfallen. Bestätige, dass du darauf verzichtest, um dein Konto zu löschen.',
    'account.unpaid_payout':
      'Eine Auszahlung an dich ist noch nicht ausgeführt ({{count}}). Dein Konto kann gelöscht werden, sobald sie ausgezahlt ist.',
    'account.pending_deposit':
      'Eine Einzahlung von dir wird noch vom Zahlungsanbieter bearbeitet ({{count}}). Dein Konto kann gelöscht werden, sobald sie bezahlt oder fehlgeschlagen ist.',
  },
  fr: {
    'account.has_balance':
      'Votre solde de {{amount}} serait perdu. Confirmez que vous y renoncez pour supprimer votre compte.',
    'account.unpaid_payout':
      'Un versement en votre faveur n’est pas encore payé ({{count}}). Votre compte pourra être supprimé une fois le versement effectué.',
    'account.pending_deposit':
      'Un de vos dépôts est encore en cours de traitement chez le prestataire de paiement ({{count}}). Votre compte pourra être supprimé une fois le dépôt payé ou échoué.',
  },
  es: {
    'account.has_balance':
      'Tu saldo de {{amount}} se perdería. Confirma que renuncias a él para eliminar tu cuenta.',
    'account.unpaid_payout':
      'Un pago a tu favor aún no se ha realizado ({{count}}). Podrás eliminar tu cuenta cuando se haya pagado.',
    'account.pending_deposit':
      'Un depósito tuyo aún lo está procesando el proveedor de pagos ({{count}}). Podrás eliminar tu cuenta cuando se haya pagado o haya fallado.',
  },
  it: {
    'account.has_balance':
      'Il tuo saldo di {{amount}} andrebbe perso. Conferma di rinunciarvi per eliminare il tuo account.',
    'account.unpaid_payout':
      'Un pagamento a tuo favore non è ancora stato eseguito ({{count}}). Potrai eliminare l’account una volta pagato.',
    'account.pending_deposit':
      'Un tuo deposito è ancora in elaborazione presso il fornitore di pagamento ({{count}}). Potrai eliminare l’account quando sarà pagato o non riuscito.',
  },
  pl: {
    'account.has_balance':
      'Twoje saldo w wysokości {{amount}} przepadnie. Potwierdź, że z niego rezygnujesz, aby usunąć konto.',
    'account.unpaid_payout':
      'Wypłata dla Ciebie nie została jeszcze zrealizowana ({{count}}). Konto można usunąć, gdy zostanie wypłacona.',
    'account.pending_deposit':
      'Twoja wpłata jest jeszcze przetwarzana przez operatora płatności ({{count}}). Konto można usunąć, gdy zostanie opłacona lub się nie powiedzie.',
  },
} as const;
