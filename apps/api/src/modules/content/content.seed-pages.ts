export type SeedPage = {
  slug: string;
  isTerms: boolean;
  isPrivacy: boolean;
  isCookie: boolean;
  /** Per language: title and body. Body paragraphs are separated by a blank line ("\n\n"); a paragraph that starts with "## " is a subheading. Plain text only, no HTML, no Markdown other than "## ". */
  translations: Record<'en' | 'de' | 'fr' | 'es' | 'it' | 'pl', { title: string; body: string }>;
};

export const seedPages: SeedPage[] = [
  {
    slug: 'terms',
    isTerms: true,
    isPrivacy: false,
    isCookie: false,
    translations: {
      en: {
        title: 'Terms and Conditions',
        body:
          `These terms and conditions govern your use of PromptMarket, an online marketplace for prompts for AI-generated images. By creating an account or using the site, you agree to these terms.\n\n` +
          `## Account and Credits\n\n` +
          `You need an account to buy prompts, generate images or sell works. You must provide accurate information, keep your login details secret and are responsible for all activity in your account. We may suspend accounts that break these terms.\n\n` +
          `Your balance is kept in Credits, the internal currency of PromptMarket. 1 Credit equals 1 EUR. You top up your balance by depositing money through our payment provider. Credits are not a means of payment outside PromptMarket and do not earn interest. Your balance is spent on prompts and image generation; it is not paid out to you. If you delete your account, any balance left on it is forfeited.\n\n` +
          `## Purchases and image generation\n\n` +
          `When you buy a prompt, its price in Credits is deducted from your balance and you receive a zip download containing the original image in 1024x1024 pixels and the English prompt text. You receive a non-exclusive, non-transferable licence to use the image and the prompt for personal and commercial purposes; reselling or redistributing the files as such is not allowed.\n\n` +
          `You can generate images from your own text. The cost in Credits is shown before you start. You are responsible for the text you enter and must not create content that is unlawful, offensive or infringes the rights of others.\n\n` +
          `## Selling your works\n\n` +
          `You can offer your own AI-made works to the shop. With every offer you confirm that the work was created with AI and that you hold the rights to it. The shop may accept your price, reject the offer or reply with a counter-price. If the shop proposes a counter-price, you decide whether to accept it. A sale is only concluded once both sides have accepted the same price; the agreed price is then paid out in euros directly to your card or, by SEPA bank transfer, to your bank account, whichever you choose when accepting, and PromptMarket receives the rights of use needed to offer the work in the shop.\n\n` +
          `## Identity verification and payouts\n\n` +
          `Before we pay out 150 EUR or more for a work, you must verify your identity. Card payouts usually take 3-5 business days, SEPA bank transfers 5-7 business days.\n\n` +
          `## Liability, changes and contact\n\n` +
          `We run PromptMarket with care but cannot guarantee uninterrupted availability or that generated images will meet your expectations. We are liable without limitation for intent and gross negligence; otherwise our liability is limited to the extent permitted by law.\n\n` +
          `We may change these terms. We will inform you of important changes in advance; if you continue to use PromptMarket afterwards, the new version applies. Questions? Write to support@promptmarket.example.`,
      },
      de: {
        title: 'Allgemeine Geschäftsbedingungen',
        body:
          `Diese Allgemeinen Geschäftsbedingungen regeln deine Nutzung von PromptMarket, einem Online-Marktplatz für Prompts für KI-generierte Bilder. Indem du ein Konto erstellst oder die Website nutzt, stimmst du diesen Bedingungen zu.\n\n` +
          `## Konto und Credits\n\n` +
          `Um Prompts zu kaufen, Bilder zu generieren oder Werke zu verkaufen, brauchst du ein Konto. Deine Angaben müssen korrekt sein, deine Zugangsdaten musst du geheim halten, und du bist für alle Aktivitäten in deinem Konto verantwortlich. Wir können Konten sperren, die gegen diese Bedingungen verstoßen.\n\n` +
          `Dein Guthaben wird in Credits geführt, der internen Währung von PromptMarket. 1 Credit entspricht 1 EUR. Du lädst dein Guthaben auf, indem du über unseren Zahlungsanbieter Geld einzahlst. Credits sind außerhalb von PromptMarket kein Zahlungsmittel und werden nicht verzinst. Dein Guthaben verwendest du für Prompts und Bildgenerierungen; es wird nicht ausgezahlt. Löschst du dein Konto, verfällt das restliche Guthaben.\n\n` +
          `## Käufe und Bildgenerierung\n\n` +
          `Wenn du einen Prompt kaufst, wird sein Preis in Credits von deinem Guthaben abgezogen, und du erhältst einen ZIP-Download mit dem Originalbild in 1024x1024 Pixeln und dem englischen Prompt-Text. Du erhältst eine einfache, nicht übertragbare Lizenz, Bild und Prompt privat und kommerziell zu nutzen; der Weiterverkauf oder die Weitergabe der Dateien als solche ist nicht erlaubt.\n\n` +
          `Du kannst Bilder aus deinem eigenen Text generieren. Die Kosten in Credits werden dir vor dem Start angezeigt. Du bist für deine Texteingaben verantwortlich und darfst keine Inhalte erstellen, die rechtswidrig oder anstößig sind oder die Rechte anderer verletzen.\n\n` +
          `## Verkauf deiner Werke\n\n` +
          `Du kannst dem Shop deine eigenen KI-erstellten Werke anbieten. Mit jedem Angebot bestätigst du, dass das Werk mit KI erstellt wurde und dass du die Rechte daran besitzt. Der Shop kann deinen Preis annehmen, das Angebot ablehnen oder mit einem Gegenangebot antworten. Macht der Shop ein Gegenangebot, entscheidest du, ob du es annimmst. Ein Verkauf kommt erst zustande, wenn beide Seiten denselben Preis angenommen haben; der vereinbarte Preis wird dir dann in Euro direkt auf deine Karte oder per SEPA-Überweisung auf dein Bankkonto ausgezahlt, je nachdem, was du beim Annehmen wählst, und PromptMarket erhält die Nutzungsrechte, die nötig sind, um das Werk im Shop anzubieten.\n\n` +
          `## Identitätsprüfung und Auszahlungen\n\n` +
          `Bevor wir für ein Werk 150 EUR oder mehr auszahlen, musst du deine Identität bestätigen. Auszahlungen auf eine Karte dauern in der Regel 3-5 Werktage, SEPA-Überweisungen 5-7 Werktage.\n\n` +
          `## Haftung, Änderungen und Kontakt\n\n` +
          `Wir betreiben PromptMarket mit Sorgfalt, können aber weder eine ununterbrochene Verfügbarkeit garantieren noch zusichern, dass generierte Bilder deinen Erwartungen entsprechen. Bei Vorsatz und grober Fahrlässigkeit haften wir unbeschränkt; im Übrigen ist unsere Haftung im gesetzlich zulässigen Umfang beschränkt.\n\n` +
          `Wir können diese Bedingungen ändern. Über wesentliche Änderungen informieren wir dich vorab; nutzt du PromptMarket danach weiter, gilt die neue Fassung. Fragen? Schreib uns an support@promptmarket.example.`,
      },
      fr: {
        title: 'Conditions générales',
        body:
          `Les présentes conditions générales régissent votre utilisation de PromptMarket, une place de marché en ligne de prompts pour des images générées par IA. En créant un compte ou en utilisant le site, vous acceptez ces conditions.\n\n` +
          `## Compte et Credits\n\n` +
          `Un compte est nécessaire pour acheter des prompts, générer des images ou vendre des œuvres. Vous devez fournir des informations exactes et garder vos identifiants secrets, et vous êtes responsable de toute activité sur votre compte. Nous pouvons suspendre les comptes qui enfreignent ces conditions.\n\n` +
          `Votre solde est tenu en Credits, la monnaie interne de PromptMarket. 1 Credit équivaut à 1 EUR. Vous alimentez votre solde en effectuant un dépôt via notre prestataire de paiement. Les Credits ne constituent pas un moyen de paiement en dehors de PromptMarket et ne produisent pas d'intérêts. Votre solde sert à acheter des prompts et à générer des images ; il ne vous est pas versé en argent. Si vous supprimez votre compte, le solde restant est perdu.\n\n` +
          `## Achats et génération d'images\n\n` +
          `Lorsque vous achetez un prompt, son prix en Credits est débité de votre solde et vous recevez un fichier zip à télécharger contenant l'image originale en 1024x1024 pixels et le texte du prompt en anglais. Vous obtenez une licence non exclusive et non transférable qui vous permet d'utiliser l'image et le prompt à des fins personnelles et commerciales ; la revente ou la redistribution des fichiers en tant que tels est interdite.\n\n` +
          `Vous pouvez générer des images à partir de votre propre texte. Le coût en Credits vous est indiqué avant le lancement. Vous êtes responsable des textes que vous saisissez et ne devez pas créer de contenus illicites, choquants ou portant atteinte aux droits de tiers.\n\n` +
          `## Vente de vos œuvres\n\n` +
          `Vous pouvez proposer à la boutique vos propres œuvres créées par IA. Avec chaque offre, vous confirmez que l'œuvre a été créée à l'aide de l'IA et que vous en détenez les droits. La boutique peut accepter votre prix, refuser l'offre ou vous répondre par une contre-proposition de prix. Si la boutique vous fait une contre-proposition, vous décidez de l'accepter ou non. La vente n'est conclue que lorsque les deux parties ont accepté le même prix ; le prix convenu vous est alors versé en euros directement sur votre carte ou, par virement bancaire SEPA, sur votre compte bancaire, selon ce que vous choisissez en acceptant, et PromptMarket obtient les droits d'utilisation nécessaires pour proposer l'œuvre dans la boutique.\n\n` +
          `## Vérification d'identité et versements\n\n` +
          `Avant que nous vous versions 150 EUR ou plus pour une œuvre, vous devez vérifier votre identité. Les versements sur carte prennent généralement 3 à 5 jours ouvrés, les virements bancaires SEPA 5 à 7 jours ouvrés.\n\n` +
          `## Responsabilité, modifications et contact\n\n` +
          `Nous exploitons PromptMarket avec soin, mais nous ne pouvons garantir ni une disponibilité ininterrompue ni que les images générées répondront à vos attentes. Notre responsabilité est illimitée en cas de faute intentionnelle ou de faute lourde ; dans les autres cas, elle est limitée dans la mesure permise par la loi.\n\n` +
          `Nous pouvons modifier ces conditions. Nous vous informerons à l'avance de toute modification importante ; si vous continuez ensuite à utiliser PromptMarket, la nouvelle version s'applique. Des questions ? Écrivez-nous à support@promptmarket.example.`,
      },
      es: {
        title: 'Términos y condiciones',
        body:
          `Estos términos y condiciones regulan tu uso de PromptMarket, un mercado en línea de prompts para imágenes generadas por IA. Al crear una cuenta o usar el sitio, aceptas estos términos.\n\n` +
          `## Cuenta y Credits\n\n` +
          `Necesitas una cuenta para comprar prompts, generar imágenes o vender obras. Debes proporcionar datos correctos y mantener en secreto tus datos de acceso, y eres responsable de toda la actividad de tu cuenta. Podemos suspender las cuentas que incumplan estos términos.\n\n` +
          `Tu saldo se lleva en Credits, la moneda interna de PromptMarket. 1 Credit equivale a 1 EUR. Recargas tu saldo depositando dinero a través de nuestro proveedor de pagos. Los Credits no son un medio de pago fuera de PromptMarket y no generan intereses. Tu saldo sirve para comprar prompts y generar imágenes; no se te paga en dinero. Si eliminas tu cuenta, pierdes el saldo que quede en ella.\n\n` +
          `## Compras y generación de imágenes\n\n` +
          `Cuando compras un prompt, su precio en Credits se descuenta de tu saldo y recibes una descarga zip con la imagen original de 1024x1024 píxeles y el texto del prompt en inglés. Obtienes una licencia no exclusiva e intransferible para usar la imagen y el prompt con fines personales y comerciales; no está permitido revender ni redistribuir los archivos como tales.\n\n` +
          `Puedes generar imágenes a partir de tu propio texto. El coste en Credits se te muestra antes de empezar. Eres responsable de los textos que introduces y no debes crear contenido ilegal, ofensivo o que infrinja derechos de terceros.\n\n` +
          `## Venta de tus obras\n\n` +
          `Puedes ofrecer a la tienda tus propias obras creadas con IA. Con cada oferta confirmas que la obra se ha creado con IA y que tienes los derechos sobre ella. La tienda puede aceptar tu precio, rechazar la oferta o responder con una contraoferta. Si la tienda te hace una contraoferta, tú decides si la aceptas. La venta solo se cierra cuando ambas partes han aceptado el mismo precio; el precio acordado se te paga entonces en euros directamente en tu tarjeta o, por transferencia bancaria SEPA, en tu cuenta bancaria, según elijas al aceptar, y PromptMarket obtiene los derechos de uso necesarios para ofrecer la obra en la tienda.\n\n` +
          `## Verificación de identidad y pagos\n\n` +
          `Antes de que te paguemos 150 EUR o más por una obra, debes verificar tu identidad. Los pagos a tarjeta suelen tardar de 3 a 5 días hábiles y las transferencias bancarias SEPA, de 5 a 7 días hábiles.\n\n` +
          `## Responsabilidad, cambios y contacto\n\n` +
          `Gestionamos PromptMarket con cuidado, pero no podemos garantizar una disponibilidad ininterrumpida ni que las imágenes generadas cumplan tus expectativas. Respondemos sin límite en caso de dolo o negligencia grave; en los demás casos, nuestra responsabilidad se limita en la medida permitida por la ley.\n\n` +
          `Podemos modificar estos términos. Te informaremos con antelación de los cambios importantes; si sigues usando PromptMarket después, se aplicará la nueva versión. ¿Tienes preguntas? Escríbenos a support@promptmarket.example.`,
      },
      it: {
        title: 'Termini e condizioni',
        body:
          `I presenti termini e condizioni regolano il tuo uso di PromptMarket, un marketplace online di prompt per immagini generate dall'IA. Creando un account o utilizzando il sito, accetti questi termini.\n\n` +
          `## Account e Credits\n\n` +
          `Per acquistare prompt, generare immagini o vendere opere ti serve un account. Devi fornire dati corretti e mantenere segrete le tue credenziali di accesso, e sei responsabile di tutte le attività del tuo account. Possiamo sospendere gli account che violano questi termini.\n\n` +
          `Il tuo saldo è espresso in Credits, la valuta interna di PromptMarket. 1 Credit corrisponde a 1 EUR. Ricarichi il saldo versando denaro tramite il nostro fornitore di pagamenti. I Credits non sono un mezzo di pagamento al di fuori di PromptMarket e non maturano interessi. Il tuo saldo serve per acquistare prompt e generare immagini; non ti viene pagato in denaro. Se elimini il tuo account, il saldo rimasto va perso.\n\n` +
          `## Acquisti e generazione di immagini\n\n` +
          `Quando acquisti un prompt, il suo prezzo in Credits viene detratto dal tuo saldo e ricevi un file zip da scaricare con l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese. Ottieni una licenza non esclusiva e non trasferibile per usare l'immagine e il prompt per scopi personali e commerciali; non è consentito rivendere o ridistribuire i file in quanto tali.\n\n` +
          `Puoi generare immagini a partire dal tuo testo. Il costo in Credits ti viene mostrato prima di iniziare. Sei responsabile dei testi che inserisci e non puoi creare contenuti illeciti, offensivi o che violino i diritti di terzi.\n\n` +
          `## Vendita delle tue opere\n\n` +
          `Puoi proporre al negozio le tue opere create con l'IA. Con ogni offerta confermi che l'opera è stata creata con l'IA e che ne detieni i diritti. Il negozio può accettare il tuo prezzo, rifiutare l'offerta o rispondere con una controproposta di prezzo. Se il negozio ti fa una controproposta, decidi tu se accettarla. La vendita si conclude solo quando entrambe le parti hanno accettato lo stesso prezzo; il prezzo concordato ti viene quindi pagato in euro direttamente sulla tua carta o, con bonifico bancario SEPA, sul tuo conto bancario, come scegli al momento dell'accettazione, e PromptMarket ottiene i diritti d'uso necessari per offrire l'opera nel negozio.\n\n` +
          `## Verifica dell'identità e pagamenti\n\n` +
          `Prima che ti paghiamo 150 EUR o più per un'opera, devi verificare la tua identità. I pagamenti su carta richiedono di solito 3-5 giorni lavorativi, i bonifici bancari SEPA 5-7 giorni lavorativi.\n\n` +
          `## Responsabilità, modifiche e contatti\n\n` +
          `Gestiamo PromptMarket con cura, ma non possiamo garantire una disponibilità ininterrotta né che le immagini generate soddisfino le tue aspettative. Rispondiamo senza limiti in caso di dolo o colpa grave; negli altri casi la nostra responsabilità è limitata nella misura consentita dalla legge.\n\n` +
          `Possiamo modificare questi termini. Ti informeremo in anticipo delle modifiche importanti; se continui a usare PromptMarket anche dopo, si applica la nuova versione. Domande? Scrivici a support@promptmarket.example.`,
      },
      pl: {
        title: 'Regulamin',
        body:
          `Niniejszy regulamin określa zasady korzystania z PromptMarket, internetowej platformy sprzedażowej z promptami do obrazów generowanych przez AI. Zakładając konto lub korzystając z serwisu, akceptujesz ten regulamin.\n\n` +
          `## Konto i Credits\n\n` +
          `Aby kupować prompty, generować obrazy lub sprzedawać prace, potrzebujesz konta. Musisz podawać prawdziwe dane i chronić swoje dane logowania, a za wszystkie działania na swoim koncie odpowiadasz ty. Możemy zablokować konta, które naruszają ten regulamin.\n\n` +
          `Twoje saldo jest prowadzone w Credits, wewnętrznej walucie PromptMarket. 1 Credit odpowiada 1 EUR. Saldo doładowujesz, wpłacając pieniądze za pośrednictwem naszego operatora płatności. Credits nie są środkiem płatniczym poza PromptMarket i nie są oprocentowane. Saldo służy do kupowania promptów i generowania obrazów; nie jest wypłacane. Jeśli usuniesz konto, pozostałe na nim saldo przepada.\n\n` +
          `## Zakupy i generowanie obrazów\n\n` +
          `Gdy kupujesz prompt, jego cena w Credits jest pobierana z twojego salda, a ty otrzymujesz plik zip do pobrania z oryginalnym obrazem w rozdzielczości 1024x1024 pikseli i angielskim tekstem promptu. Otrzymujesz niewyłączną i nieprzenoszalną licencję na korzystanie z obrazu i promptu w celach prywatnych i komercyjnych; odsprzedaż ani dalsze rozpowszechnianie samych plików nie są dozwolone.\n\n` +
          `Możesz generować obrazy na podstawie własnego tekstu. Koszt w Credits zobaczysz przed rozpoczęciem. Odpowiadasz za wprowadzane teksty i nie możesz tworzyć treści niezgodnych z prawem, obraźliwych ani naruszających prawa osób trzecich.\n\n` +
          `## Sprzedaż twoich prac\n\n` +
          `Możesz oferować sklepowi własne prace stworzone przy użyciu AI. W każdej ofercie potwierdzasz, że praca została stworzona przy użyciu AI i że przysługują ci do niej prawa. Sklep może przyjąć twoją cenę, odrzucić ofertę lub odpowiedzieć kontrpropozycją ceny. Jeśli sklep zaproponuje inną cenę, to ty decydujesz, czy ją przyjąć. Sprzedaż dochodzi do skutku dopiero wtedy, gdy obie strony zaakceptują tę samą cenę; uzgodniona cena jest wtedy wypłacana w euro bezpośrednio na twoją kartę lub przelewem SEPA na twoje konto bankowe, zależnie od tego, co wybierzesz przy akceptacji, a PromptMarket uzyskuje prawa do korzystania z pracy potrzebne do oferowania jej w sklepie.\n\n` +
          `## Weryfikacja tożsamości i wypłaty\n\n` +
          `Zanim wypłacimy ci 150 EUR lub więcej za pracę, musisz zweryfikować swoją tożsamość. Wypłata na kartę trwa zwykle 3-5 dni roboczych, a przelew bankowy SEPA 5-7 dni roboczych.\n\n` +
          `## Odpowiedzialność, zmiany i kontakt\n\n` +
          `Prowadzimy PromptMarket z należytą starannością, ale nie możemy zagwarantować nieprzerwanej dostępności ani tego, że wygenerowane obrazy spełnią twoje oczekiwania. Ponosimy nieograniczoną odpowiedzialność za winę umyślną i rażące niedbalstwo; w pozostałych przypadkach nasza odpowiedzialność jest ograniczona w zakresie dozwolonym przez prawo.\n\n` +
          `Możemy zmieniać ten regulamin. O istotnych zmianach poinformujemy cię z wyprzedzeniem; jeśli nadal będziesz korzystać z PromptMarket, obowiązywać będzie nowa wersja. Masz pytania? Napisz do nas na adres support@promptmarket.example.`,
      },
    },
  },
  {
    slug: 'privacy',
    isTerms: false,
    isPrivacy: true,
    isCookie: false,
    translations: {
      en: {
        title: 'Privacy Policy',
        body:
          `This privacy policy explains which personal data PromptMarket collects when you use the marketplace, why we process it, how long we keep it and what rights you have.\n\n` +
          `## What data we collect\n\n` +
          `Account data: the details you enter when registering, such as your e-mail address and name, your password (stored only in hashed form) and your preferred language. Payment data: deposits are handled by our payment provider, which processes your card or bank details; we only receive the references, amounts and status of your transactions. For payouts of works you sell to the shop we process the payout details you provide.\n\n` +
          `Identity documents: to verify your identity before payouts, we process the identity document and details you upload. Uploaded works: the images and descriptions you submit with your offers, as well as the texts you enter for image generation and the resulting images.\n\n` +
          `## Why we use it\n\n` +
          `We use your data to run your account and balance, to process deposits, purchases and payouts, to handle offers, to generate images, to meet legal obligations such as preventing fraud and money laundering, and to answer your support requests. We do not sell your data.\n\n` +
          `## How long we keep it\n\n` +
          `We keep your data for as long as your account exists. Identity documents are kept only as long as verification and legal obligations require. Financial records are kept for the periods required by tax and commercial law.\n\n` +
          `## Deleting your account\n\n` +
          `You can delete your account at any time. Your personal data is then removed. Financial records such as deposits, purchases and payouts are kept in anonymised form, as the law requires.\n\n` +
          `## Your rights and contact\n\n` +
          `You have the right to access your data, to have it corrected or deleted and to object to its processing. You can also lodge a complaint with a data protection authority. To exercise your rights, write to support@promptmarket.example.`,
      },
      de: {
        title: 'Datenschutzerklärung',
        body:
          `In dieser Datenschutzerklärung erfährst du, welche personenbezogenen Daten PromptMarket bei der Nutzung des Marktplatzes erhebt, warum wir sie verarbeiten, wie lange wir sie speichern und welche Rechte du hast.\n\n` +
          `## Welche Daten wir erheben\n\n` +
          `Kontodaten: die Angaben, die du bei der Registrierung machst, etwa E-Mail-Adresse und Name, dein Passwort (nur als Hash gespeichert) und deine bevorzugte Sprache. Zahlungsdaten: Einzahlungen wickelt unser Zahlungsanbieter ab, der deine Karten- oder Bankdaten verarbeitet; wir erhalten nur Referenzen, Beträge und Status deiner Transaktionen. Für Auszahlungen verarbeiten wir die Auszahlungsdaten, die du angibst.\n\n` +
          `Ausweisdokumente: Um deine Identität vor Auszahlungen zu prüfen, verarbeiten wir das Ausweisdokument und die Angaben, die du hochlädst. Hochgeladene Werke: die Bilder und Beschreibungen, die du mit deinen Angeboten einreichst, sowie die Texte, die du für die Bildgenerierung eingibst, und die daraus erzeugten Bilder.\n\n` +
          `## Wofür wir sie verwenden\n\n` +
          `Wir nutzen deine Daten, um dein Konto und dein Guthaben zu führen, Einzahlungen, Käufe und Auszahlungen abzuwickeln, Angebote zu bearbeiten, Bilder zu generieren, gesetzliche Pflichten wie die Verhinderung von Betrug und Geldwäsche zu erfüllen und deine Supportanfragen zu beantworten. Wir verkaufen deine Daten nicht.\n\n` +
          `## Wie lange wir sie speichern\n\n` +
          `Wir speichern deine Daten, solange dein Konto besteht. Ausweisdokumente bewahren wir nur so lange auf, wie es die Prüfung und gesetzliche Pflichten erfordern. Finanzunterlagen bewahren wir für die steuer- und handelsrechtlich vorgeschriebenen Fristen auf.\n\n` +
          `## Konto löschen\n\n` +
          `Du kannst dein Konto jederzeit löschen. Deine personenbezogenen Daten werden dann entfernt. Finanzdaten wie Einzahlungen, Käufe und Auszahlungen bleiben in anonymisierter Form erhalten, wie es das Gesetz verlangt.\n\n` +
          `## Deine Rechte und Kontakt\n\n` +
          `Du hast das Recht auf Auskunft über deine Daten, auf Berichtigung und Löschung sowie das Recht, der Verarbeitung zu widersprechen. Außerdem kannst du dich bei einer Datenschutzaufsichtsbehörde beschweren. Um deine Rechte auszuüben, schreib an support@promptmarket.example.`,
      },
      fr: {
        title: 'Politique de confidentialité',
        body:
          `La présente politique de confidentialité explique quelles données personnelles PromptMarket collecte lorsque vous utilisez la place de marché, pourquoi nous les traitons, combien de temps nous les conservons et quels sont vos droits.\n\n` +
          `## Données collectées\n\n` +
          `Données de compte : les informations saisies lors de l'inscription, comme votre adresse e-mail et votre nom, votre mot de passe (conservé uniquement sous forme hachée) et votre langue préférée. Données de paiement : les dépôts sont traités par notre prestataire de paiement, qui gère vos coordonnées de carte ou bancaires ; nous ne recevons que les références, montants et statuts de vos transactions. Pour les versements des œuvres que vous vendez à la boutique, nous traitons les coordonnées de versement que vous indiquez.\n\n` +
          `Documents d'identité : pour vérifier votre identité avant un versement, nous traitons la pièce d'identité et les informations que vous téléversez. Œuvres téléversées : les images et descriptions que vous soumettez avec vos offres, ainsi que les textes que vous saisissez pour générer des images et les images obtenues.\n\n` +
          `## Finalités du traitement\n\n` +
          `Nous utilisons vos données pour gérer votre compte et votre solde, traiter les dépôts, achats et versements, traiter vos offres, générer des images, respecter nos obligations légales, notamment en matière de prévention de la fraude et du blanchiment d'argent, et répondre à vos demandes d'assistance. Nous ne vendons pas vos données.\n\n` +
          `## Durée de conservation\n\n` +
          `Nous conservons vos données tant que votre compte existe. Les documents d'identité ne sont conservés que le temps nécessaire à la vérification et au respect de nos obligations légales. Les données financières sont conservées pendant les durées imposées par le droit fiscal et commercial.\n\n` +
          `## Suppression du compte\n\n` +
          `Vous pouvez supprimer votre compte à tout moment. Vos données personnelles sont alors effacées. Les données financières, comme les dépôts, achats et versements, sont conservées sous forme anonymisée, comme l'exige la loi.\n\n` +
          `## Vos droits et contact\n\n` +
          `Vous disposez d'un droit d'accès, de rectification et d'effacement de vos données, ainsi que d'un droit d'opposition à leur traitement. Vous pouvez également introduire une réclamation auprès d'une autorité de protection des données. Pour exercer vos droits, écrivez à support@promptmarket.example.`,
      },
      es: {
        title: 'Política de privacidad',
        body:
          `Esta política de privacidad explica qué datos personales recoge PromptMarket cuando usas el mercado, por qué los tratamos, cuánto tiempo los conservamos y qué derechos tienes.\n\n` +
          `## Qué datos recogemos\n\n` +
          `Datos de la cuenta: los datos que introduces al registrarte, como tu correo electrónico y tu nombre, tu contraseña (guardada solo en forma de hash) y tu idioma preferido. Datos de pago: los depósitos los gestiona nuestro proveedor de pagos, que trata los datos de tu tarjeta o cuenta bancaria; nosotros solo recibimos las referencias, los importes y el estado de tus transacciones. Para los pagos de las obras que vendes a la tienda tratamos los datos de cobro que nos indiques.\n\n` +
          `Documentos de identidad: para verificar tu identidad antes de un pago, tratamos el documento de identidad y los datos que subes. Obras subidas: las imágenes y descripciones que envías con tus ofertas, así como los textos que introduces para generar imágenes y las imágenes resultantes.\n\n` +
          `## Para qué los usamos\n\n` +
          `Usamos tus datos para gestionar tu cuenta y tu saldo, procesar depósitos, compras y pagos de obras vendidas, tramitar ofertas, generar imágenes, cumplir obligaciones legales como la prevención del fraude y del blanqueo de capitales, y responder a tus consultas de soporte. No vendemos tus datos.\n\n` +
          `## Cuánto tiempo los conservamos\n\n` +
          `Conservamos tus datos mientras exista tu cuenta. Los documentos de identidad solo se guardan el tiempo que exigen la verificación y las obligaciones legales. Los registros financieros se conservan durante los plazos que establece la normativa fiscal y mercantil.\n\n` +
          `## Eliminar tu cuenta\n\n` +
          `Puedes eliminar tu cuenta en cualquier momento. En ese caso, se borran tus datos personales. Los registros financieros, como depósitos, compras y pagos de obras vendidas, se conservan de forma anonimizada, tal como exige la ley.\n\n` +
          `## Tus derechos y contacto\n\n` +
          `Tienes derecho a acceder a tus datos, a rectificarlos y suprimirlos, y a oponerte a su tratamiento. También puedes presentar una reclamación ante una autoridad de protección de datos. Para ejercer tus derechos, escribe a support@promptmarket.example.`,
      },
      it: {
        title: 'Informativa sulla privacy',
        body:
          `La presente informativa sulla privacy spiega quali dati personali raccoglie PromptMarket quando usi il marketplace, perché li trattiamo, per quanto tempo li conserviamo e quali diritti hai.\n\n` +
          `## Quali dati raccogliamo\n\n` +
          `Dati dell'account: le informazioni che inserisci al momento della registrazione, come indirizzo e-mail e nome, la tua password (salvata solo in forma di hash) e la lingua preferita. Dati di pagamento: i versamenti sono gestiti dal nostro fornitore di pagamenti, che tratta i dati della tua carta o del tuo conto; noi riceviamo solo riferimenti, importi e stato delle tue transazioni. Per i pagamenti delle opere che vendi al negozio trattiamo i dati di pagamento che ci fornisci.\n\n` +
          `Documenti d'identità: per verificare la tua identità prima di un pagamento trattiamo il documento d'identità e i dati che carichi. Opere caricate: le immagini e le descrizioni che invii con le tue offerte, oltre ai testi che inserisci per generare immagini e alle immagini ottenute.\n\n` +
          `## Perché li usiamo\n\n` +
          `Usiamo i tuoi dati per gestire il tuo account e il tuo saldo, elaborare versamenti, acquisti e pagamenti delle opere vendute, gestire le offerte, generare immagini, adempiere agli obblighi di legge, come la prevenzione di frodi e riciclaggio di denaro, e rispondere alle tue richieste di assistenza. Non vendiamo i tuoi dati.\n\n` +
          `## Per quanto tempo li conserviamo\n\n` +
          `Conserviamo i tuoi dati finché il tuo account esiste. I documenti d'identità vengono conservati solo per il tempo richiesto dalla verifica e dagli obblighi di legge. I dati finanziari vengono conservati per i periodi previsti dalla normativa fiscale e commerciale.\n\n` +
          `## Eliminazione dell'account\n\n` +
          `Puoi eliminare il tuo account in qualsiasi momento. I tuoi dati personali vengono quindi cancellati. I dati finanziari, come versamenti, acquisti e pagamenti delle opere vendute, vengono conservati in forma anonima, come richiesto dalla legge.\n\n` +
          `## I tuoi diritti e contatti\n\n` +
          `Hai il diritto di accedere ai tuoi dati, di chiederne la rettifica e la cancellazione e di opporti al loro trattamento. Puoi inoltre presentare un reclamo a un'autorità per la protezione dei dati. Per esercitare i tuoi diritti, scrivi a support@promptmarket.example.`,
      },
      pl: {
        title: 'Polityka prywatności',
        body:
          `Niniejsza polityka prywatności wyjaśnia, jakie dane osobowe PromptMarket zbiera, gdy korzystasz z serwisu, dlaczego je przetwarzamy, jak długo je przechowujemy i jakie prawa ci przysługują.\n\n` +
          `## Jakie dane zbieramy\n\n` +
          `Dane konta: dane podawane przy rejestracji, takie jak adres e-mail oraz imię i nazwisko, twoje hasło (przechowywane wyłącznie w postaci skrótu) i preferowany język. Dane płatnicze: wpłaty obsługuje nasz operator płatności, który przetwarza dane twojej karty lub konta bankowego; my otrzymujemy jedynie identyfikatory, kwoty i status twoich transakcji. Przy wypłatach przetwarzamy podane przez ciebie dane do wypłaty.\n\n` +
          `Dokumenty tożsamości: aby zweryfikować twoją tożsamość przed wypłatą, przetwarzamy przesłany przez ciebie dokument tożsamości i podane dane. Przesłane prace: obrazy i opisy dołączane do twoich ofert, a także teksty wpisywane do generowania obrazów oraz wygenerowane na ich podstawie obrazy.\n\n` +
          `## W jakim celu je wykorzystujemy\n\n` +
          `Wykorzystujemy twoje dane, aby prowadzić twoje konto i saldo, realizować wpłaty, zakupy i wypłaty, obsługiwać oferty, generować obrazy, wypełniać obowiązki prawne, takie jak zapobieganie oszustwom i praniu pieniędzy, oraz odpowiadać na twoje zgłoszenia do obsługi klienta. Nie sprzedajemy twoich danych.\n\n` +
          `## Jak długo je przechowujemy\n\n` +
          `Przechowujemy twoje dane, dopóki istnieje twoje konto. Dokumenty tożsamości przechowujemy tylko tak długo, jak wymaga tego weryfikacja i przepisy prawa. Dokumentację finansową przechowujemy przez okresy wymagane przepisami podatkowymi i handlowymi.\n\n` +
          `## Usunięcie konta\n\n` +
          `Możesz w każdej chwili usunąć swoje konto. Twoje dane osobowe zostaną wtedy usunięte. Dokumentacja finansowa, taka jak wpłaty, zakupy i wypłaty, jest przechowywana w formie zanonimizowanej, zgodnie z wymogami prawa.\n\n` +
          `## Twoje prawa i kontakt\n\n` +
          `Masz prawo dostępu do swoich danych, ich sprostowania i usunięcia oraz prawo do wniesienia sprzeciwu wobec ich przetwarzania. Możesz także złożyć skargę do organu ochrony danych osobowych. Aby skorzystać ze swoich praw, napisz na adres support@promptmarket.example.`,
      },
    },
  },
  {
    slug: 'cookie-policy',
    isTerms: false,
    isPrivacy: false,
    isCookie: true,
    translations: {
      en: {
        title: 'Cookie Policy',
        body:
          `PromptMarket uses cookies, small text files that are stored in your browser. By default we only set essential cookies, which the site needs in order to work.\n\n` +
          `## Essential cookies\n\n` +
          `Consent cookie: stores your cookie choice so that we do not ask you again on every visit; kept for about 1 year. Session cookie: keeps you signed in and links your requests to your session; expires after 2 hours. XSRF token cookie: protects forms and actions in your account against cross-site request forgery; expires after 2 hours.\n\n` +
          `Because these cookies are needed for the site to work, they do not require your consent. If you block them in your browser, signing in and other functions may not work.\n\n` +
          `## Optional cookies and your choice\n\n` +
          `We only set optional cookies, for example for statistics or convenience features, if you agree to them. In the cookie banner you can accept all cookies or open the customise panel and choose which categories you allow.\n\n` +
          `You can change your choice at any time: delete the consent cookie in your browser settings, and the cookie banner will appear again on your next visit. Questions? Write to support@promptmarket.example.`,
      },
      de: {
        title: 'Cookie-Richtlinie',
        body:
          `PromptMarket verwendet Cookies – kleine Textdateien, die in deinem Browser gespeichert werden. Standardmäßig setzen wir nur notwendige Cookies, die für den Betrieb der Website erforderlich sind.\n\n` +
          `## Notwendige Cookies\n\n` +
          `Einwilligungs-Cookie: speichert deine Cookie-Auswahl, damit wir dich nicht bei jedem Besuch erneut fragen; Speicherdauer etwa 1 Jahr. Sitzungs-Cookie: hält dich angemeldet und ordnet deine Anfragen deiner Sitzung zu; läuft nach 2 Stunden ab. XSRF-Token-Cookie: schützt Formulare und Aktionen in deinem Konto vor Cross-Site-Request-Forgery; läuft nach 2 Stunden ab.\n\n` +
          `Da diese Cookies für die Funktion der Website nötig sind, brauchen sie keine Einwilligung. Wenn du sie in deinem Browser blockierst, funktionieren die Anmeldung und andere Funktionen möglicherweise nicht.\n\n` +
          `## Optionale Cookies und deine Auswahl\n\n` +
          `Optionale Cookies, etwa für Statistiken oder Komfortfunktionen, setzen wir nur mit deiner Einwilligung. Im Cookie-Banner kannst du alle Cookies akzeptieren oder im Bereich „Anpassen“ selbst wählen, welche Kategorien du erlaubst.\n\n` +
          `Du kannst deine Auswahl jederzeit ändern: Lösche das Einwilligungs-Cookie in den Einstellungen deines Browsers, dann erscheint das Cookie-Banner beim nächsten Besuch erneut. Fragen? Schreib an support@promptmarket.example.`,
      },
      fr: {
        title: 'Politique relative aux cookies',
        body:
          `PromptMarket utilise des cookies, de petits fichiers texte enregistrés dans votre navigateur. Par défaut, nous ne déposons que les cookies essentiels, nécessaires au fonctionnement du site.\n\n` +
          `## Cookies essentiels\n\n` +
          `Cookie de consentement : enregistre votre choix en matière de cookies afin que nous ne vous reposions pas la question à chaque visite ; conservé environ 1 an. Cookie de session : vous maintient connecté et associe vos requêtes à votre session ; expire au bout de 2 heures. Cookie de jeton XSRF : protège les formulaires et les actions de votre compte contre la falsification de requêtes intersites ; expire au bout de 2 heures.\n\n` +
          `Ces cookies étant nécessaires au fonctionnement du site, ils ne requièrent pas votre consentement. Si vous les bloquez dans votre navigateur, la connexion et d'autres fonctions risquent de ne pas fonctionner.\n\n` +
          `## Cookies facultatifs et votre choix\n\n` +
          `Nous ne déposons des cookies facultatifs, par exemple à des fins de statistiques ou de confort d'utilisation, qu'avec votre consentement. Dans le bandeau cookies, vous pouvez accepter tous les cookies ou ouvrir le panneau de personnalisation et choisir les catégories que vous autorisez.\n\n` +
          `Vous pouvez modifier votre choix à tout moment : supprimez le cookie de consentement dans les paramètres de votre navigateur et le bandeau cookies s'affichera de nouveau lors de votre prochaine visite. Des questions ? Écrivez à support@promptmarket.example.`,
      },
      es: {
        title: 'Política de cookies',
        body:
          `PromptMarket utiliza cookies, pequeños archivos de texto que se guardan en tu navegador. Por defecto solo usamos cookies esenciales, que el sitio necesita para funcionar.\n\n` +
          `## Cookies esenciales\n\n` +
          `Cookie de consentimiento: guarda tu elección sobre las cookies para no volver a preguntarte en cada visita; se conserva alrededor de 1 año. Cookie de sesión: mantiene tu sesión iniciada y asocia tus solicitudes a ella; caduca a las 2 horas. Cookie del token XSRF: protege los formularios y las acciones de tu cuenta frente a la falsificación de solicitudes entre sitios; caduca a las 2 horas.\n\n` +
          `Como estas cookies son necesarias para que el sitio funcione, no requieren tu consentimiento. Si las bloqueas en tu navegador, es posible que el inicio de sesión y otras funciones no funcionen.\n\n` +
          `## Cookies opcionales y tu elección\n\n` +
          `Solo usamos cookies opcionales, por ejemplo para estadísticas o funciones de comodidad, si das tu consentimiento. En el banner de cookies puedes aceptar todas las cookies o abrir el panel de personalización y elegir qué categorías permites.\n\n` +
          `Puedes cambiar tu elección en cualquier momento: elimina la cookie de consentimiento en la configuración de tu navegador y el banner de cookies volverá a aparecer en tu próxima visita. ¿Tienes preguntas? Escribe a support@promptmarket.example.`,
      },
      it: {
        title: 'Informativa sui cookie',
        body:
          `PromptMarket utilizza i cookie, piccoli file di testo salvati nel tuo browser. Per impostazione predefinita usiamo solo cookie essenziali, necessari al funzionamento del sito.\n\n` +
          `## Cookie essenziali\n\n` +
          `Cookie di consenso: memorizza la tua scelta sui cookie, così non te la chiediamo a ogni visita; conservato per circa 1 anno. Cookie di sessione: ti mantiene connesso e collega le tue richieste alla tua sessione; scade dopo 2 ore. Cookie del token XSRF: protegge i moduli e le azioni del tuo account dalla falsificazione di richieste tra siti; scade dopo 2 ore.\n\n` +
          `Poiché questi cookie sono necessari al funzionamento del sito, non richiedono il tuo consenso. Se li blocchi nel browser, l'accesso e altre funzioni potrebbero non funzionare.\n\n` +
          `## Cookie facoltativi e la tua scelta\n\n` +
          `Usiamo cookie facoltativi, ad esempio per statistiche o funzioni di comodità, solo con il tuo consenso. Nel banner dei cookie puoi accettare tutti i cookie oppure aprire il pannello di personalizzazione e scegliere quali categorie consentire.\n\n` +
          `Puoi modificare la tua scelta in qualsiasi momento: elimina il cookie di consenso nelle impostazioni del browser e il banner dei cookie comparirà di nuovo alla visita successiva. Domande? Scrivi a support@promptmarket.example.`,
      },
      pl: {
        title: 'Polityka cookies',
        body:
          `PromptMarket używa plików cookie, czyli małych plików tekstowych zapisywanych w twojej przeglądarce. Domyślnie ustawiamy wyłącznie niezbędne pliki cookie, bez których serwis nie może działać.\n\n` +
          `## Niezbędne pliki cookie\n\n` +
          `Cookie zgody: zapisuje twój wybór dotyczący plików cookie, abyśmy nie pytali o niego przy każdej wizycie; przechowywane przez około 1 rok. Cookie sesji: utrzymuje aktywne logowanie i przypisuje twoje żądania do sesji; wygasa po 2 godzinach. Cookie z tokenem XSRF: chroni formularze i działania na twoim koncie przed atakami typu cross-site request forgery; wygasa po 2 godzinach.\n\n` +
          `Ponieważ te pliki cookie są niezbędne do działania serwisu, nie wymagają twojej zgody. Jeśli zablokujesz je w przeglądarce, logowanie i inne funkcje mogą nie działać.\n\n` +
          `## Opcjonalne pliki cookie i twój wybór\n\n` +
          `Opcjonalne pliki cookie, np. statystyczne lub ułatwiające korzystanie z serwisu, ustawiamy tylko za twoją zgodą. W banerze cookie możesz zaakceptować wszystkie pliki cookie albo otworzyć panel dostosowywania i wybrać, na które kategorie się zgadzasz.\n\n` +
          `Możesz w każdej chwili zmienić swój wybór: usuń cookie zgody w ustawieniach przeglądarki, a baner cookie pojawi się ponownie przy następnej wizycie. Masz pytania? Napisz na adres support@promptmarket.example.`,
      },
    },
  },
  {
    slug: 'about-us',
    isTerms: false,
    isPrivacy: false,
    isCookie: false,
    translations: {
      en: {
        title: 'About Us',
        body:
          `PromptMarket is an online marketplace for prompts for AI-generated images. Here you can browse a growing collection of prompts, buy the ones you like together with their original images, generate your own images and sell your AI-made works to the shop.\n\n` +
          `PromptMarket is for everyone who works with AI images: designers, marketers, content creators and hobbyists looking for inspiration or ready-to-use prompts, as well as creators who want to earn money from their work. Browsing is free; you only need an account to buy, generate or sell.\n\n` +
          `## How it works\n\n` +
          `Step 1: Create an account and top up your balance in Credits through our payment provider. 1 Credit equals 1 EUR.\n\n` +
          `Step 2: Browse the prompts and buy the ones you like. You get the original image in 1024x1024 pixels and the English prompt text as a zip download.\n\n` +
          `Step 3: Generate images from your own text, or offer your own AI-made works to the shop. The shop accepts your price or replies with a counter-price.\n\n` +
          `Step 4: Once you accept a price, the shop buys your work and pays the price out to your card (3-5 business days) or by SEPA bank transfer to your bank account (5-7 business days); for 150 EUR or more, you verify your identity once beforehand. Your balance in Credits is spent on prompts and image generation; it is not paid out.`,
      },
      de: {
        title: 'Über uns',
        body:
          `PromptMarket ist ein Online-Marktplatz für Prompts für KI-generierte Bilder. Hier stöberst du in einer wachsenden Sammlung von Prompts, kaufst die, die dir gefallen, samt Originalbild, generierst eigene Bilder und verkaufst deine KI-erstellten Werke an den Shop.\n\n` +
          `PromptMarket ist für alle, die mit KI-Bildern arbeiten: Designer, Marketer, Content Creator und Hobbyisten, die Inspiration oder fertige Prompts suchen, und Kreative, die mit ihren Werken Geld verdienen möchten. Stöbern ist kostenlos – ein Konto brauchst du nur zum Kaufen, Generieren oder Verkaufen.\n\n` +
          `## So funktioniert es\n\n` +
          `Schritt 1: Erstelle ein Konto und lade dein Guthaben über unseren Zahlungsanbieter mit Credits auf. 1 Credit entspricht 1 EUR.\n\n` +
          `Schritt 2: Stöbere durch die Prompts und kaufe die, die dir gefallen. Du erhältst das Originalbild in 1024x1024 Pixeln und den englischen Prompt-Text als ZIP-Download.\n\n` +
          `Schritt 3: Generiere Bilder aus deinem eigenen Text oder biete dem Shop deine eigenen KI-erstellten Werke an. Der Shop nimmt deinen Preis an oder antwortet mit einem Gegenangebot.\n\n` +
          `Schritt 4: Nimmst du einen Preis an, kauft der Shop dein Werk und zahlt dir den Preis auf deine Karte (3-5 Werktage) oder per SEPA-Überweisung auf dein Bankkonto (5-7 Werktage) aus; ab 150 EUR bestätigst du vorher einmalig deine Identität. Dein Guthaben in Credits verwendest du für Prompts und Bildgenerierungen; es wird nicht ausgezahlt.`,
      },
      fr: {
        title: 'À propos de nous',
        body:
          `PromptMarket est une place de marché en ligne de prompts pour des images générées par IA. Vous pouvez y parcourir une collection de prompts sans cesse enrichie, acheter ceux qui vous plaisent avec leur image originale, générer vos propres images et vendre à la boutique vos œuvres créées par IA.\n\n` +
          `PromptMarket s'adresse à tous ceux qui travaillent avec des images IA : designers, marketeurs, créateurs de contenu et amateurs à la recherche d'inspiration ou de prompts prêts à l'emploi, ainsi qu'aux créateurs qui souhaitent tirer un revenu de leurs œuvres. La navigation est gratuite ; un compte n'est nécessaire que pour acheter, générer ou vendre.\n\n` +
          `## Comment ça marche\n\n` +
          `Étape 1 : créez un compte et alimentez votre solde en Credits via notre prestataire de paiement. 1 Credit équivaut à 1 EUR.\n\n` +
          `Étape 2 : parcourez les prompts et achetez ceux qui vous plaisent. Vous recevez l'image originale en 1024x1024 pixels et le texte du prompt en anglais dans un fichier zip à télécharger.\n\n` +
          `Étape 3 : générez des images à partir de votre propre texte ou proposez à la boutique vos propres œuvres créées par IA. La boutique accepte votre prix ou vous répond par une contre-proposition de prix.\n\n` +
          `Étape 4 : dès que vous acceptez un prix, la boutique achète votre œuvre et vous en verse le prix sur votre carte (3 à 5 jours ouvrés) ou par virement bancaire SEPA sur votre compte bancaire (5 à 7 jours ouvrés) ; à partir de 150 EUR, vous vérifiez d'abord une seule fois votre identité. Votre solde en Credits sert à acheter des prompts et à générer des images ; il ne vous est pas versé en argent.`,
      },
      es: {
        title: 'Sobre nosotros',
        body:
          `PromptMarket es un mercado en línea de prompts para imágenes generadas por IA. Aquí puedes explorar una colección de prompts en constante crecimiento, comprar los que te gusten junto con su imagen original, generar tus propias imágenes y vender a la tienda tus obras creadas con IA.\n\n` +
          `PromptMarket es para todas las personas que trabajan con imágenes de IA: diseñadores, profesionales del marketing, creadores de contenido y aficionados que buscan inspiración o prompts listos para usar, así como creadores que quieren ganar dinero con sus obras. Explorar es gratis; solo necesitas una cuenta para comprar, generar o vender.\n\n` +
          `## Cómo funciona\n\n` +
          `Paso 1: crea una cuenta y recarga tu saldo en Credits a través de nuestro proveedor de pagos. 1 Credit equivale a 1 EUR.\n\n` +
          `Paso 2: explora los prompts y compra los que te gusten. Recibes la imagen original de 1024x1024 píxeles y el texto del prompt en inglés como descarga zip.\n\n` +
          `Paso 3: genera imágenes a partir de tu propio texto u ofrece a la tienda tus propias obras creadas con IA. La tienda acepta tu precio o te responde con una contraoferta.\n\n` +
          `Paso 4: cuando aceptas un precio, la tienda compra tu obra y te paga ese precio en tu tarjeta (de 3 a 5 días hábiles) o por transferencia bancaria SEPA en tu cuenta bancaria (de 5 a 7 días hábiles); a partir de 150 EUR, antes verificas tu identidad una sola vez. Tu saldo en Credits sirve para comprar prompts y generar imágenes; no se te paga en dinero.`,
      },
      it: {
        title: 'Chi siamo',
        body:
          `PromptMarket è un marketplace online di prompt per immagini generate dall'IA. Qui puoi sfogliare una raccolta di prompt in continua crescita, acquistare quelli che ti piacciono insieme all'immagine originale, generare le tue immagini e vendere al negozio le tue opere create con l'IA.\n\n` +
          `PromptMarket è pensato per chiunque lavori con immagini IA: designer, professionisti del marketing, content creator e appassionati in cerca di ispirazione o di prompt pronti all'uso, ma anche creativi che vogliono guadagnare con le proprie opere. Sfogliare è gratuito; l'account ti serve solo per acquistare, generare o vendere.\n\n` +
          `## Come funziona\n\n` +
          `Passo 1: crea un account e ricarica il tuo saldo in Credits tramite il nostro fornitore di pagamenti. 1 Credit corrisponde a 1 EUR.\n\n` +
          `Passo 2: sfoglia i prompt e acquista quelli che ti piacciono. Ricevi l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese in un file zip da scaricare.\n\n` +
          `Passo 3: genera immagini a partire dal tuo testo oppure proponi al negozio le tue opere create con l'IA. Il negozio accetta il tuo prezzo o risponde con una controproposta di prezzo.\n\n` +
          `Passo 4: quando accetti un prezzo, il negozio acquista la tua opera e ti paga il prezzo sulla tua carta (3-5 giorni lavorativi) o con bonifico bancario SEPA sul tuo conto bancario (5-7 giorni lavorativi); da 150 EUR in su, prima verifichi una sola volta la tua identità. Il tuo saldo in Credits serve per acquistare prompt e generare immagini; non ti viene pagato in denaro.`,
      },
      pl: {
        title: 'O nas',
        body:
          `PromptMarket to internetowa platforma sprzedażowa z promptami do obrazów generowanych przez AI. Możesz tu przeglądać stale rosnącą kolekcję promptów, kupować te, które ci się podobają, razem z oryginalnymi obrazami, generować własne obrazy i sprzedawać sklepowi swoje prace stworzone przy użyciu AI.\n\n` +
          `PromptMarket jest dla wszystkich, którzy pracują z obrazami AI: projektantów, marketingowców, twórców treści i hobbystów szukających inspiracji lub gotowych promptów, a także twórców, którzy chcą zarabiać na swoich pracach. Przeglądanie jest bezpłatne; konto jest potrzebne tylko do kupowania, generowania lub sprzedawania.\n\n` +
          `## Jak to działa\n\n` +
          `Krok 1: załóż konto i doładuj saldo w Credits za pośrednictwem naszego operatora płatności. 1 Credit odpowiada 1 EUR.\n\n` +
          `Krok 2: przeglądaj prompty i kupuj te, które ci się podobają. Otrzymujesz oryginalny obraz w rozdzielczości 1024x1024 pikseli i angielski tekst promptu w pliku zip do pobrania.\n\n` +
          `Krok 3: generuj obrazy na podstawie własnego tekstu lub zaproponuj sklepowi własne prace stworzone przy użyciu AI. Sklep przyjmie twoją cenę albo odpowie kontrpropozycją ceny.\n\n` +
          `Krok 4: gdy przyjmiesz cenę, sklep kupuje twoją pracę i wypłaca ci tę cenę na kartę (3-5 dni roboczych) lub przelewem bankowym SEPA na konto bankowe (5-7 dni roboczych); przy kwocie od 150 EUR najpierw jednorazowo weryfikujesz swoją tożsamość. Saldo w Credits służy do kupowania promptów i generowania obrazów; nie jest wypłacane.`,
      },
    },
  },
];
