/**
 * The words of a receipt the API writes itself: the lines' descriptions (shown on the page and in
 * the PDF) and the PDF's labels. The page's own labels are the web app's (`receipts.json`).
 */

export type ReceiptTexts = {
  title: { deposit: string; purchase: string };
  number: string;
  date: string;
  seller: string;
  buyer: string;
  vatId: string;
  email: string;
  phone: string;
  description: string;
  quantity: string;
  amount: string;
  total: string;
  /** `{rate}`: the rate in percent. */
  vat: string;
  net: string;
  paidWithBalance: string;
  /** `{provider}`: the payment provider. */
  paidWith: string;
  /** `{amount}`: what was credited, in the internal currency. */
  topUp: string;
  noVat: string;
  /** The refunds of the order or deposit (decision 0048), each a credit note. */
  creditNotes: string;
  refundToBalance: string;
  refundToPaymentMethod: string;
  /** What was paid less what was refunded. */
  totalAfterRefunds: string;
};

export const receiptTexts: Record<string, ReceiptTexts> = {
  en: {
    title: { deposit: 'Deposit receipt', purchase: 'Purchase receipt' },
    number: 'Receipt no.',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Customer',
    vatId: 'VAT ID',
    email: 'E-mail',
    phone: 'Phone',
    description: 'Description',
    quantity: 'Qty',
    amount: 'Amount',
    total: 'Total',
    vat: 'Included VAT ({rate} %)',
    net: 'Net amount',
    paidWithBalance: 'Paid from the account balance',
    paidWith: 'Paid with {provider}',
    topUp: 'Top-up of the account balance: {amount}',
    noVat: 'No VAT is shown on this receipt.',
    creditNotes: 'Credit notes',
    refundToBalance: 'Refund to the balance',
    refundToPaymentMethod: 'Refund to the payment method',
    totalAfterRefunds: 'Total after refunds',
  },
  de: {
    title: { deposit: 'Beleg über eine Einzahlung', purchase: 'Beleg über einen Einkauf' },
    number: 'Beleg Nr.',
    date: 'Datum',
    seller: 'Verkäufer',
    buyer: 'Kunde',
    vatId: 'USt-IdNr.',
    email: 'E-Mail',
    phone: 'Telefon',
    description: 'Beschreibung',
    quantity: 'Menge',
    amount: 'Betrag',
    total: 'Gesamt',
    vat: 'Enthaltene USt. ({rate} %)',
    net: 'Nettobetrag',
    paidWithBalance: 'Bezahlt mit dem Guthaben',
    paidWith: 'Bezahlt über {provider}',
    topUp: 'Aufladung des Guthabens: {amount}',
    noVat: 'Auf diesem Beleg wird keine USt. ausgewiesen.',
    creditNotes: 'Gutschriften',
    refundToBalance: 'Erstattung auf das Guthaben',
    refundToPaymentMethod: 'Erstattung auf das Zahlungsmittel',
    totalAfterRefunds: 'Summe nach Erstattungen',
  },
  fr: {
    title: { deposit: 'Reçu de dépôt', purchase: 'Reçu d’achat' },
    number: 'Reçu n°',
    date: 'Date',
    seller: 'Vendeur',
    buyer: 'Client',
    vatId: 'N° de TVA',
    email: 'E-mail',
    phone: 'Téléphone',
    description: 'Description',
    quantity: 'Qté',
    amount: 'Montant',
    total: 'Total',
    vat: 'TVA incluse ({rate} %)',
    net: 'Montant HT',
    paidWithBalance: 'Payé avec le solde du compte',
    paidWith: 'Payé via {provider}',
    topUp: 'Rechargement du solde du compte : {amount}',
    noVat: 'Aucune TVA n’est indiquée sur ce reçu.',
    creditNotes: 'Avoirs',
    refundToBalance: 'Remboursement sur le solde',
    refundToPaymentMethod: 'Remboursement sur le moyen de paiement',
    totalAfterRefunds: 'Total après remboursements',
  },
  es: {
    title: { deposit: 'Recibo de depósito', purchase: 'Recibo de compra' },
    number: 'Recibo n.º',
    date: 'Fecha',
    seller: 'Vendedor',
    buyer: 'Cliente',
    vatId: 'NIF-IVA',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    description: 'Descripción',
    quantity: 'Cant.',
    amount: 'Importe',
    total: 'Total',
    vat: 'IVA incluido ({rate} %)',
    net: 'Base imponible',
    paidWithBalance: 'Pagado con el saldo de la cuenta',
    paidWith: 'Pagado con {provider}',
    topUp: 'Recarga del saldo de la cuenta: {amount}',
    noVat: 'Este recibo no desglosa IVA.',
    creditNotes: 'Notas de abono',
    refundToBalance: 'Reembolso al saldo',
    refundToPaymentMethod: 'Reembolso al método de pago',
    totalAfterRefunds: 'Total tras reembolsos',
  },
  it: {
    title: { deposit: 'Ricevuta di deposito', purchase: 'Ricevuta di acquisto' },
    number: 'Ricevuta n.',
    date: 'Data',
    seller: 'Venditore',
    buyer: 'Cliente',
    vatId: 'Partita IVA',
    email: 'E-mail',
    phone: 'Telefono',
    description: 'Descrizione',
    quantity: 'Qtà',
    amount: 'Importo',
    total: 'Totale',
    vat: 'IVA inclusa ({rate} %)',
    net: 'Imponibile',
    paidWithBalance: 'Pagato con il saldo dell’account',
    paidWith: 'Pagato con {provider}',
    topUp: 'Ricarica del saldo dell’account: {amount}',
    noVat: 'Questa ricevuta non espone l’IVA.',
    creditNotes: 'Note di credito',
    refundToBalance: 'Rimborso sul saldo',
    refundToPaymentMethod: 'Rimborso sul metodo di pagamento',
    totalAfterRefunds: 'Totale dopo i rimborsi',
  },
  pl: {
    title: { deposit: 'Potwierdzenie wpłaty', purchase: 'Potwierdzenie zakupu' },
    number: 'Potwierdzenie nr',
    date: 'Data',
    seller: 'Sprzedawca',
    buyer: 'Klient',
    vatId: 'NIP',
    email: 'E-mail',
    phone: 'Telefon',
    description: 'Opis',
    quantity: 'Ilość',
    amount: 'Kwota',
    total: 'Razem',
    vat: 'W tym VAT ({rate} %)',
    net: 'Kwota netto',
    paidWithBalance: 'Zapłacono z salda konta',
    paidWith: 'Zapłacono przez {provider}',
    topUp: 'Doładowanie salda konta: {amount}',
    noVat: 'To potwierdzenie nie wykazuje podatku VAT.',
    creditNotes: 'Noty uznaniowe',
    refundToBalance: 'Zwrot na saldo',
    refundToPaymentMethod: 'Zwrot na metodę płatności',
    totalAfterRefunds: 'Suma po zwrotach',
  },
};

/** A language's texts, English for any other. */
export function receiptTextsFor(locale: string): ReceiptTexts {
  return receiptTexts[locale] ?? (receiptTexts.en as ReceiptTexts);
}
