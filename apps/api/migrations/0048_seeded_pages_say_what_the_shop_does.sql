-- The seeded pages' texts of before (a balance said to be withdrawable, a sale credited to it) become today's; a page whose text an operator changed keeps it.
UPDATE "static_page_translations" SET "body" = $page$These terms and conditions govern your use of PromptMarket, an online marketplace for prompts for AI-generated images. By creating an account or using the site, you agree to these terms.

## Account and Credits

You need an account to buy prompts, generate images or sell works. You must provide accurate information, keep your login details secret and are responsible for all activity in your account. We may suspend accounts that break these terms.

Your balance is kept in Credits, the internal currency of PromptMarket. 1 Credit equals 1 EUR. You top up your balance by depositing money through our payment provider. Credits are not a means of payment outside PromptMarket and do not earn interest. Your balance is spent on prompts and image generation; it is not paid out to you. If you delete your account, any balance left on it is forfeited.

## Purchases and image generation

When you buy a prompt, its price in Credits is deducted from your balance and you receive a zip download containing the original image in 1024x1024 pixels and the English prompt text. You receive a non-exclusive, non-transferable licence to use the image and the prompt for personal and commercial purposes; reselling or redistributing the files as such is not allowed.

You can generate images from your own text. The cost in Credits is shown before you start. You are responsible for the text you enter and must not create content that is unlawful, offensive or infringes the rights of others.

## Selling your works

You can offer your own AI-made works to the shop. With every offer you confirm that the work was created with AI and that you hold the rights to it. The shop may accept your price, reject the offer or reply with a counter-price. If the shop proposes a counter-price, you decide whether to accept it. A sale is only concluded once both sides have accepted the same price; the agreed price is then paid out in euros directly to your card or, by SEPA bank transfer, to your bank account, whichever you choose when accepting, and PromptMarket receives the rights of use needed to offer the work in the shop.

## Identity verification and payouts

Before we pay out 150 EUR or more for a work, you must verify your identity. Card payouts usually take 3-5 business days, SEPA bank transfers 5-7 business days.

## Liability, changes and contact

We run PromptMarket with care but cannot guarantee uninterrupted availability or that generated images will meet your expectations. We are liable without limitation for intent and gross negligence; otherwise our liability is limited to the extent permitted by law.

We may change these terms. We will inform you of important changes in advance; if you continue to use PromptMarket afterwards, the new version applies. Questions? Write to support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'en' AND "static_page_translations"."body" = $page$These terms and conditions govern your use of PromptMarket, an online marketplace for prompts for AI-generated images. By creating an account or using the site, you agree to these terms.

## Account and Credits

You need an account to buy prompts, generate images or sell works. You must provide accurate information, keep your login details secret and are responsible for all activity in your account. We may suspend accounts that break these terms.

Your balance is kept in Credits, the internal currency of PromptMarket. 1 Credit equals 1 EUR. You top up your balance by depositing money through our payment provider. Credits are not a means of payment outside PromptMarket and do not earn interest.

## Purchases and image generation

When you buy a prompt, its price in Credits is deducted from your balance and you receive a zip download containing the original image in 1024x1024 pixels and the English prompt text. You receive a non-exclusive, non-transferable licence to use the image and the prompt for personal and commercial purposes; reselling or redistributing the files as such is not allowed.

You can generate images from your own text. The cost in Credits is shown before you start. You are responsible for the text you enter and must not create content that is unlawful, offensive or infringes the rights of others.

## Selling your works

You can offer your own AI-made works to the shop. With every offer you confirm that the work was created with AI and that you hold the rights to it. The shop may accept your price, reject the offer or reply with a counter-price. If the shop proposes a counter-price, you decide whether to accept it. A sale is only concluded once both sides have accepted the same price; the amount is then credited to your balance in Credits, and PromptMarket receives the rights of use needed to offer the work in the shop.

## Identity verification and withdrawals

Before your first withdrawal you must verify your identity. You can then withdraw your balance by card or by SEPA bank transfer. Card payouts usually take 3-5 business days, bank transfers 5-7 business days.

## Liability, changes and contact

We run PromptMarket with care but cannot guarantee uninterrupted availability or that generated images will meet your expectations. We are liable without limitation for intent and gross negligence; otherwise our liability is limited to the extent permitted by law.

We may change these terms. We will inform you of important changes in advance; if you continue to use PromptMarket afterwards, the new version applies. Questions? Write to support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$Diese Allgemeinen Geschäftsbedingungen regeln deine Nutzung von PromptMarket, einem Online-Marktplatz für Prompts für KI-generierte Bilder. Indem du ein Konto erstellst oder die Website nutzt, stimmst du diesen Bedingungen zu.

## Konto und Credits

Um Prompts zu kaufen, Bilder zu generieren oder Werke zu verkaufen, brauchst du ein Konto. Deine Angaben müssen korrekt sein, deine Zugangsdaten musst du geheim halten, und du bist für alle Aktivitäten in deinem Konto verantwortlich. Wir können Konten sperren, die gegen diese Bedingungen verstoßen.

Dein Guthaben wird in Credits geführt, der internen Währung von PromptMarket. 1 Credit entspricht 1 EUR. Du lädst dein Guthaben auf, indem du über unseren Zahlungsanbieter Geld einzahlst. Credits sind außerhalb von PromptMarket kein Zahlungsmittel und werden nicht verzinst. Dein Guthaben verwendest du für Prompts und Bildgenerierungen; es wird nicht ausgezahlt. Löschst du dein Konto, verfällt das restliche Guthaben.

## Käufe und Bildgenerierung

Wenn du einen Prompt kaufst, wird sein Preis in Credits von deinem Guthaben abgezogen, und du erhältst einen ZIP-Download mit dem Originalbild in 1024x1024 Pixeln und dem englischen Prompt-Text. Du erhältst eine einfache, nicht übertragbare Lizenz, Bild und Prompt privat und kommerziell zu nutzen; der Weiterverkauf oder die Weitergabe der Dateien als solche ist nicht erlaubt.

Du kannst Bilder aus deinem eigenen Text generieren. Die Kosten in Credits werden dir vor dem Start angezeigt. Du bist für deine Texteingaben verantwortlich und darfst keine Inhalte erstellen, die rechtswidrig oder anstößig sind oder die Rechte anderer verletzen.

## Verkauf deiner Werke

Du kannst dem Shop deine eigenen KI-erstellten Werke anbieten. Mit jedem Angebot bestätigst du, dass das Werk mit KI erstellt wurde und dass du die Rechte daran besitzt. Der Shop kann deinen Preis annehmen, das Angebot ablehnen oder mit einem Gegenangebot antworten. Macht der Shop ein Gegenangebot, entscheidest du, ob du es annimmst. Ein Verkauf kommt erst zustande, wenn beide Seiten denselben Preis angenommen haben; der vereinbarte Preis wird dir dann in Euro direkt auf deine Karte oder per SEPA-Überweisung auf dein Bankkonto ausgezahlt, je nachdem, was du beim Annehmen wählst, und PromptMarket erhält die Nutzungsrechte, die nötig sind, um das Werk im Shop anzubieten.

## Identitätsprüfung und Auszahlungen

Bevor wir für ein Werk 150 EUR oder mehr auszahlen, musst du deine Identität bestätigen. Auszahlungen auf eine Karte dauern in der Regel 3-5 Werktage, SEPA-Überweisungen 5-7 Werktage.

## Haftung, Änderungen und Kontakt

Wir betreiben PromptMarket mit Sorgfalt, können aber weder eine ununterbrochene Verfügbarkeit garantieren noch zusichern, dass generierte Bilder deinen Erwartungen entsprechen. Bei Vorsatz und grober Fahrlässigkeit haften wir unbeschränkt; im Übrigen ist unsere Haftung im gesetzlich zulässigen Umfang beschränkt.

Wir können diese Bedingungen ändern. Über wesentliche Änderungen informieren wir dich vorab; nutzt du PromptMarket danach weiter, gilt die neue Fassung. Fragen? Schreib uns an support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'de' AND "static_page_translations"."body" = $page$Diese Allgemeinen Geschäftsbedingungen regeln deine Nutzung von PromptMarket, einem Online-Marktplatz für Prompts für KI-generierte Bilder. Indem du ein Konto erstellst oder die Website nutzt, stimmst du diesen Bedingungen zu.

## Konto und Credits

Um Prompts zu kaufen, Bilder zu generieren oder Werke zu verkaufen, brauchst du ein Konto. Deine Angaben müssen korrekt sein, deine Zugangsdaten musst du geheim halten, und du bist für alle Aktivitäten in deinem Konto verantwortlich. Wir können Konten sperren, die gegen diese Bedingungen verstoßen.

Dein Guthaben wird in Credits geführt, der internen Währung von PromptMarket. 1 Credit entspricht 1 EUR. Du lädst dein Guthaben auf, indem du über unseren Zahlungsanbieter Geld einzahlst. Credits sind außerhalb von PromptMarket kein Zahlungsmittel und werden nicht verzinst.

## Käufe und Bildgenerierung

Wenn du einen Prompt kaufst, wird sein Preis in Credits von deinem Guthaben abgezogen, und du erhältst einen ZIP-Download mit dem Originalbild in 1024x1024 Pixeln und dem englischen Prompt-Text. Du erhältst eine einfache, nicht übertragbare Lizenz, Bild und Prompt privat und kommerziell zu nutzen; der Weiterverkauf oder die Weitergabe der Dateien als solche ist nicht erlaubt.

Du kannst Bilder aus deinem eigenen Text generieren. Die Kosten in Credits werden dir vor dem Start angezeigt. Du bist für deine Texteingaben verantwortlich und darfst keine Inhalte erstellen, die rechtswidrig oder anstößig sind oder die Rechte anderer verletzen.

## Verkauf deiner Werke

Du kannst dem Shop deine eigenen KI-erstellten Werke anbieten. Mit jedem Angebot bestätigst du, dass das Werk mit KI erstellt wurde und dass du die Rechte daran besitzt. Der Shop kann deinen Preis annehmen, das Angebot ablehnen oder mit einem Gegenangebot antworten. Macht der Shop ein Gegenangebot, entscheidest du, ob du es annimmst. Ein Verkauf kommt erst zustande, wenn beide Seiten denselben Preis angenommen haben; der Betrag wird dann deinem Guthaben in Credits gutgeschrieben, und PromptMarket erhält die Nutzungsrechte, die nötig sind, um das Werk im Shop anzubieten.

## Identitätsprüfung und Auszahlungen

Vor deiner ersten Auszahlung musst du deine Identität bestätigen. Danach kannst du dir dein Guthaben per Karte oder per SEPA-Überweisung auszahlen lassen. Auszahlungen auf eine Karte dauern in der Regel 3-5 Werktage, Banküberweisungen 5-7 Werktage.

## Haftung, Änderungen und Kontakt

Wir betreiben PromptMarket mit Sorgfalt, können aber weder eine ununterbrochene Verfügbarkeit garantieren noch zusichern, dass generierte Bilder deinen Erwartungen entsprechen. Bei Vorsatz und grober Fahrlässigkeit haften wir unbeschränkt; im Übrigen ist unsere Haftung im gesetzlich zulässigen Umfang beschränkt.

Wir können diese Bedingungen ändern. Über wesentliche Änderungen informieren wir dich vorab; nutzt du PromptMarket danach weiter, gilt die neue Fassung. Fragen? Schreib uns an support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$Les présentes conditions générales régissent votre utilisation de PromptMarket, une place de marché en ligne de prompts pour des images générées par IA. En créant un compte ou en utilisant le site, vous acceptez ces conditions.

## Compte et Credits

Un compte est nécessaire pour acheter des prompts, générer des images ou vendre des œuvres. Vous devez fournir des informations exactes et garder vos identifiants secrets, et vous êtes responsable de toute activité sur votre compte. Nous pouvons suspendre les comptes qui enfreignent ces conditions.

Votre solde est tenu en Credits, la monnaie interne de PromptMarket. 1 Credit équivaut à 1 EUR. Vous alimentez votre solde en effectuant un dépôt via notre prestataire de paiement. Les Credits ne constituent pas un moyen de paiement en dehors de PromptMarket et ne produisent pas d'intérêts. Votre solde sert à acheter des prompts et à générer des images ; il ne vous est pas versé en argent. Si vous supprimez votre compte, le solde restant est perdu.

## Achats et génération d'images

Lorsque vous achetez un prompt, son prix en Credits est débité de votre solde et vous recevez un fichier zip à télécharger contenant l'image originale en 1024x1024 pixels et le texte du prompt en anglais. Vous obtenez une licence non exclusive et non transférable qui vous permet d'utiliser l'image et le prompt à des fins personnelles et commerciales ; la revente ou la redistribution des fichiers en tant que tels est interdite.

Vous pouvez générer des images à partir de votre propre texte. Le coût en Credits vous est indiqué avant le lancement. Vous êtes responsable des textes que vous saisissez et ne devez pas créer de contenus illicites, choquants ou portant atteinte aux droits de tiers.

## Vente de vos œuvres

Vous pouvez proposer à la boutique vos propres œuvres créées par IA. Avec chaque offre, vous confirmez que l'œuvre a été créée à l'aide de l'IA et que vous en détenez les droits. La boutique peut accepter votre prix, refuser l'offre ou vous répondre par une contre-proposition de prix. Si la boutique vous fait une contre-proposition, vous décidez de l'accepter ou non. La vente n'est conclue que lorsque les deux parties ont accepté le même prix ; le prix convenu vous est alors versé en euros directement sur votre carte ou, par virement bancaire SEPA, sur votre compte bancaire, selon ce que vous choisissez en acceptant, et PromptMarket obtient les droits d'utilisation nécessaires pour proposer l'œuvre dans la boutique.

## Vérification d'identité et versements

Avant que nous vous versions 150 EUR ou plus pour une œuvre, vous devez vérifier votre identité. Les versements sur carte prennent généralement 3 à 5 jours ouvrés, les virements bancaires SEPA 5 à 7 jours ouvrés.

## Responsabilité, modifications et contact

Nous exploitons PromptMarket avec soin, mais nous ne pouvons garantir ni une disponibilité ininterrompue ni que les images générées répondront à vos attentes. Notre responsabilité est illimitée en cas de faute intentionnelle ou de faute lourde ; dans les autres cas, elle est limitée dans la mesure permise par la loi.

Nous pouvons modifier ces conditions. Nous vous informerons à l'avance de toute modification importante ; si vous continuez ensuite à utiliser PromptMarket, la nouvelle version s'applique. Des questions ? Écrivez-nous à support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'fr' AND "static_page_translations"."body" = $page$Les présentes conditions générales régissent votre utilisation de PromptMarket, une place de marché en ligne de prompts pour des images générées par IA. En créant un compte ou en utilisant le site, vous acceptez ces conditions.

## Compte et Credits

Un compte est nécessaire pour acheter des prompts, générer des images ou vendre des œuvres. Vous devez fournir des informations exactes et garder vos identifiants secrets, et vous êtes responsable de toute activité sur votre compte. Nous pouvons suspendre les comptes qui enfreignent ces conditions.

Votre solde est tenu en Credits, la monnaie interne de PromptMarket. 1 Credit équivaut à 1 EUR. Vous alimentez votre solde en effectuant un dépôt via notre prestataire de paiement. Les Credits ne constituent pas un moyen de paiement en dehors de PromptMarket et ne produisent pas d'intérêts.

## Achats et génération d'images

Lorsque vous achetez un prompt, son prix en Credits est débité de votre solde et vous recevez un fichier zip à télécharger contenant l'image originale en 1024x1024 pixels et le texte du prompt en anglais. Vous obtenez une licence non exclusive et non transférable qui vous permet d'utiliser l'image et le prompt à des fins personnelles et commerciales ; la revente ou la redistribution des fichiers en tant que tels est interdite.

Vous pouvez générer des images à partir de votre propre texte. Le coût en Credits vous est indiqué avant le lancement. Vous êtes responsable des textes que vous saisissez et ne devez pas créer de contenus illicites, choquants ou portant atteinte aux droits de tiers.

## Vente de vos œuvres

Vous pouvez proposer à la boutique vos propres œuvres créées par IA. Avec chaque offre, vous confirmez que l'œuvre a été créée à l'aide de l'IA et que vous en détenez les droits. La boutique peut accepter votre prix, refuser l'offre ou vous répondre par une contre-proposition de prix. Si la boutique vous fait une contre-proposition, vous décidez de l'accepter ou non. La vente n'est conclue que lorsque les deux parties ont accepté le même prix ; le montant est alors crédité sur votre solde en Credits, et PromptMarket obtient les droits d'utilisation nécessaires pour proposer l'œuvre dans la boutique.

## Vérification d'identité et retraits

Avant votre premier retrait, vous devez vérifier votre identité. Vous pouvez ensuite retirer votre solde par carte ou par virement bancaire SEPA. Les versements sur carte prennent généralement 3 à 5 jours ouvrés, les virements bancaires 5 à 7 jours ouvrés.

## Responsabilité, modifications et contact

Nous exploitons PromptMarket avec soin, mais nous ne pouvons garantir ni une disponibilité ininterrompue ni que les images générées répondront à vos attentes. Notre responsabilité est illimitée en cas de faute intentionnelle ou de faute lourde ; dans les autres cas, elle est limitée dans la mesure permise par la loi.

Nous pouvons modifier ces conditions. Nous vous informerons à l'avance de toute modification importante ; si vous continuez ensuite à utiliser PromptMarket, la nouvelle version s'applique. Des questions ? Écrivez-nous à support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$Estos términos y condiciones regulan tu uso de PromptMarket, un mercado en línea de prompts para imágenes generadas por IA. Al crear una cuenta o usar el sitio, aceptas estos términos.

## Cuenta y Credits

Necesitas una cuenta para comprar prompts, generar imágenes o vender obras. Debes proporcionar datos correctos y mantener en secreto tus datos de acceso, y eres responsable de toda la actividad de tu cuenta. Podemos suspender las cuentas que incumplan estos términos.

Tu saldo se lleva en Credits, la moneda interna de PromptMarket. 1 Credit equivale a 1 EUR. Recargas tu saldo depositando dinero a través de nuestro proveedor de pagos. Los Credits no son un medio de pago fuera de PromptMarket y no generan intereses. Tu saldo sirve para comprar prompts y generar imágenes; no se te paga en dinero. Si eliminas tu cuenta, pierdes el saldo que quede en ella.

## Compras y generación de imágenes

Cuando compras un prompt, su precio en Credits se descuenta de tu saldo y recibes una descarga zip con la imagen original de 1024x1024 píxeles y el texto del prompt en inglés. Obtienes una licencia no exclusiva e intransferible para usar la imagen y el prompt con fines personales y comerciales; no está permitido revender ni redistribuir los archivos como tales.

Puedes generar imágenes a partir de tu propio texto. El coste en Credits se te muestra antes de empezar. Eres responsable de los textos que introduces y no debes crear contenido ilegal, ofensivo o que infrinja derechos de terceros.

## Venta de tus obras

Puedes ofrecer a la tienda tus propias obras creadas con IA. Con cada oferta confirmas que la obra se ha creado con IA y que tienes los derechos sobre ella. La tienda puede aceptar tu precio, rechazar la oferta o responder con una contraoferta. Si la tienda te hace una contraoferta, tú decides si la aceptas. La venta solo se cierra cuando ambas partes han aceptado el mismo precio; el precio acordado se te paga entonces en euros directamente en tu tarjeta o, por transferencia bancaria SEPA, en tu cuenta bancaria, según elijas al aceptar, y PromptMarket obtiene los derechos de uso necesarios para ofrecer la obra en la tienda.

## Verificación de identidad y pagos

Antes de que te paguemos 150 EUR o más por una obra, debes verificar tu identidad. Los pagos a tarjeta suelen tardar de 3 a 5 días hábiles y las transferencias bancarias SEPA, de 5 a 7 días hábiles.

## Responsabilidad, cambios y contacto

Gestionamos PromptMarket con cuidado, pero no podemos garantizar una disponibilidad ininterrumpida ni que las imágenes generadas cumplan tus expectativas. Respondemos sin límite en caso de dolo o negligencia grave; en los demás casos, nuestra responsabilidad se limita en la medida permitida por la ley.

Podemos modificar estos términos. Te informaremos con antelación de los cambios importantes; si sigues usando PromptMarket después, se aplicará la nueva versión. ¿Tienes preguntas? Escríbenos a support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'es' AND "static_page_translations"."body" = $page$Estos términos y condiciones regulan tu uso de PromptMarket, un mercado en línea de prompts para imágenes generadas por IA. Al crear una cuenta o usar el sitio, aceptas estos términos.

## Cuenta y Credits

Necesitas una cuenta para comprar prompts, generar imágenes o vender obras. Debes proporcionar datos correctos y mantener en secreto tus datos de acceso, y eres responsable de toda la actividad de tu cuenta. Podemos suspender las cuentas que incumplan estos términos.

Tu saldo se lleva en Credits, la moneda interna de PromptMarket. 1 Credit equivale a 1 EUR. Recargas tu saldo depositando dinero a través de nuestro proveedor de pagos. Los Credits no son un medio de pago fuera de PromptMarket y no generan intereses.

## Compras y generación de imágenes

Cuando compras un prompt, su precio en Credits se descuenta de tu saldo y recibes una descarga zip con la imagen original de 1024x1024 píxeles y el texto del prompt en inglés. Obtienes una licencia no exclusiva e intransferible para usar la imagen y el prompt con fines personales y comerciales; no está permitido revender ni redistribuir los archivos como tales.

Puedes generar imágenes a partir de tu propio texto. El coste en Credits se te muestra antes de empezar. Eres responsable de los textos que introduces y no debes crear contenido ilegal, ofensivo o que infrinja derechos de terceros.

## Venta de tus obras

Puedes ofrecer a la tienda tus propias obras creadas con IA. Con cada oferta confirmas que la obra se ha creado con IA y que tienes los derechos sobre ella. La tienda puede aceptar tu precio, rechazar la oferta o responder con una contraoferta. Si la tienda te hace una contraoferta, tú decides si la aceptas. La venta solo se cierra cuando ambas partes han aceptado el mismo precio; el importe se abona entonces en tu saldo en Credits y PromptMarket obtiene los derechos de uso necesarios para ofrecer la obra en la tienda.

## Verificación de identidad y retiros

Antes de tu primer retiro debes verificar tu identidad. Después puedes retirar tu saldo con tarjeta o por transferencia bancaria SEPA. Los pagos a tarjeta suelen tardar de 3 a 5 días hábiles y las transferencias bancarias, de 5 a 7 días hábiles.

## Responsabilidad, cambios y contacto

Gestionamos PromptMarket con cuidado, pero no podemos garantizar una disponibilidad ininterrumpida ni que las imágenes generadas cumplan tus expectativas. Respondemos sin límite en caso de dolo o negligencia grave; en los demás casos, nuestra responsabilidad se limita en la medida permitida por la ley.

Podemos modificar estos términos. Te informaremos con antelación de los cambios importantes; si sigues usando PromptMarket después, se aplicará la nueva versión. ¿Tienes preguntas? Escríbenos a support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$I presenti termini e condizioni regolano il tuo uso di PromptMarket, un marketplace online di prompt per immagini generate dall'IA. Creando un account o utilizzando il sito, accetti questi termini.

## Account e Credits

Per acquistare prompt, generare immagini o vendere opere ti serve un account. Devi fornire dati corretti e mantenere segrete le tue credenziali di accesso, e sei responsabile di tutte le attività del tuo account. Possiamo sospendere gli account che violano questi termini.

Il tuo saldo è espresso in Credits, la valuta interna di PromptMarket. 1 Credit corrisponde a 1 EUR. Ricarichi il saldo versando denaro tramite il nostro fornitore di pagamenti. I Credits non sono un mezzo di pagamento al di fuori di PromptMarket e non maturano interessi. Il tuo saldo serve per acquistare prompt e generare immagini; non ti viene pagato in denaro. Se elimini il tuo account, il saldo rimasto va perso.

## Acquisti e generazione di immagini

Quando acquisti un prompt, il suo prezzo in Credits viene detratto dal tuo saldo e ricevi un file zip da scaricare con l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese. Ottieni una licenza non esclusiva e non trasferibile per usare l'immagine e il prompt per scopi personali e commerciali; non è consentito rivendere o ridistribuire i file in quanto tali.

Puoi generare immagini a partire dal tuo testo. Il costo in Credits ti viene mostrato prima di iniziare. Sei responsabile dei testi che inserisci e non puoi creare contenuti illeciti, offensivi o che violino i diritti di terzi.

## Vendita delle tue opere

Puoi proporre al negozio le tue opere create con l'IA. Con ogni offerta confermi che l'opera è stata creata con l'IA e che ne detieni i diritti. Il negozio può accettare il tuo prezzo, rifiutare l'offerta o rispondere con una controproposta di prezzo. Se il negozio ti fa una controproposta, decidi tu se accettarla. La vendita si conclude solo quando entrambe le parti hanno accettato lo stesso prezzo; il prezzo concordato ti viene quindi pagato in euro direttamente sulla tua carta o, con bonifico bancario SEPA, sul tuo conto bancario, come scegli al momento dell'accettazione, e PromptMarket ottiene i diritti d'uso necessari per offrire l'opera nel negozio.

## Verifica dell'identità e pagamenti

Prima che ti paghiamo 150 EUR o più per un'opera, devi verificare la tua identità. I pagamenti su carta richiedono di solito 3-5 giorni lavorativi, i bonifici bancari SEPA 5-7 giorni lavorativi.

## Responsabilità, modifiche e contatti

Gestiamo PromptMarket con cura, ma non possiamo garantire una disponibilità ininterrotta né che le immagini generate soddisfino le tue aspettative. Rispondiamo senza limiti in caso di dolo o colpa grave; negli altri casi la nostra responsabilità è limitata nella misura consentita dalla legge.

Possiamo modificare questi termini. Ti informeremo in anticipo delle modifiche importanti; se continui a usare PromptMarket anche dopo, si applica la nuova versione. Domande? Scrivici a support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'it' AND "static_page_translations"."body" = $page$I presenti termini e condizioni regolano il tuo uso di PromptMarket, un marketplace online di prompt per immagini generate dall'IA. Creando un account o utilizzando il sito, accetti questi termini.

## Account e Credits

Per acquistare prompt, generare immagini o vendere opere ti serve un account. Devi fornire dati corretti e mantenere segrete le tue credenziali di accesso, e sei responsabile di tutte le attività del tuo account. Possiamo sospendere gli account che violano questi termini.

Il tuo saldo è espresso in Credits, la valuta interna di PromptMarket. 1 Credit corrisponde a 1 EUR. Ricarichi il saldo versando denaro tramite il nostro fornitore di pagamenti. I Credits non sono un mezzo di pagamento al di fuori di PromptMarket e non maturano interessi.

## Acquisti e generazione di immagini

Quando acquisti un prompt, il suo prezzo in Credits viene detratto dal tuo saldo e ricevi un file zip da scaricare con l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese. Ottieni una licenza non esclusiva e non trasferibile per usare l'immagine e il prompt per scopi personali e commerciali; non è consentito rivendere o ridistribuire i file in quanto tali.

Puoi generare immagini a partire dal tuo testo. Il costo in Credits ti viene mostrato prima di iniziare. Sei responsabile dei testi che inserisci e non puoi creare contenuti illeciti, offensivi o che violino i diritti di terzi.

## Vendita delle tue opere

Puoi proporre al negozio le tue opere create con l'IA. Con ogni offerta confermi che l'opera è stata creata con l'IA e che ne detieni i diritti. Il negozio può accettare il tuo prezzo, rifiutare l'offerta o rispondere con una controproposta di prezzo. Se il negozio ti fa una controproposta, decidi tu se accettarla. La vendita si conclude solo quando entrambe le parti hanno accettato lo stesso prezzo; l'importo viene quindi accreditato sul tuo saldo in Credits e PromptMarket ottiene i diritti d'uso necessari per offrire l'opera nel negozio.

## Verifica dell'identità e prelievi

Prima del tuo primo prelievo devi verificare la tua identità. Dopodiché puoi prelevare il saldo su carta o tramite bonifico bancario SEPA. I pagamenti su carta richiedono di solito 3-5 giorni lavorativi, i bonifici bancari 5-7 giorni lavorativi.

## Responsabilità, modifiche e contatti

Gestiamo PromptMarket con cura, ma non possiamo garantire una disponibilità ininterrotta né che le immagini generate soddisfino le tue aspettative. Rispondiamo senza limiti in caso di dolo o colpa grave; negli altri casi la nostra responsabilità è limitata nella misura consentita dalla legge.

Possiamo modificare questi termini. Ti informeremo in anticipo delle modifiche importanti; se continui a usare PromptMarket anche dopo, si applica la nuova versione. Domande? Scrivici a support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$Niniejszy regulamin określa zasady korzystania z PromptMarket, internetowej platformy sprzedażowej z promptami do obrazów generowanych przez AI. Zakładając konto lub korzystając z serwisu, akceptujesz ten regulamin.

## Konto i Credits

Aby kupować prompty, generować obrazy lub sprzedawać prace, potrzebujesz konta. Musisz podawać prawdziwe dane i chronić swoje dane logowania, a za wszystkie działania na swoim koncie odpowiadasz ty. Możemy zablokować konta, które naruszają ten regulamin.

Twoje saldo jest prowadzone w Credits, wewnętrznej walucie PromptMarket. 1 Credit odpowiada 1 EUR. Saldo doładowujesz, wpłacając pieniądze za pośrednictwem naszego operatora płatności. Credits nie są środkiem płatniczym poza PromptMarket i nie są oprocentowane. Saldo służy do kupowania promptów i generowania obrazów; nie jest wypłacane. Jeśli usuniesz konto, pozostałe na nim saldo przepada.

## Zakupy i generowanie obrazów

Gdy kupujesz prompt, jego cena w Credits jest pobierana z twojego salda, a ty otrzymujesz plik zip do pobrania z oryginalnym obrazem w rozdzielczości 1024x1024 pikseli i angielskim tekstem promptu. Otrzymujesz niewyłączną i nieprzenoszalną licencję na korzystanie z obrazu i promptu w celach prywatnych i komercyjnych; odsprzedaż ani dalsze rozpowszechnianie samych plików nie są dozwolone.

Możesz generować obrazy na podstawie własnego tekstu. Koszt w Credits zobaczysz przed rozpoczęciem. Odpowiadasz za wprowadzane teksty i nie możesz tworzyć treści niezgodnych z prawem, obraźliwych ani naruszających prawa osób trzecich.

## Sprzedaż twoich prac

Możesz oferować sklepowi własne prace stworzone przy użyciu AI. W każdej ofercie potwierdzasz, że praca została stworzona przy użyciu AI i że przysługują ci do niej prawa. Sklep może przyjąć twoją cenę, odrzucić ofertę lub odpowiedzieć kontrpropozycją ceny. Jeśli sklep zaproponuje inną cenę, to ty decydujesz, czy ją przyjąć. Sprzedaż dochodzi do skutku dopiero wtedy, gdy obie strony zaakceptują tę samą cenę; uzgodniona cena jest wtedy wypłacana w euro bezpośrednio na twoją kartę lub przelewem SEPA na twoje konto bankowe, zależnie od tego, co wybierzesz przy akceptacji, a PromptMarket uzyskuje prawa do korzystania z pracy potrzebne do oferowania jej w sklepie.

## Weryfikacja tożsamości i wypłaty

Zanim wypłacimy ci 150 EUR lub więcej za pracę, musisz zweryfikować swoją tożsamość. Wypłata na kartę trwa zwykle 3-5 dni roboczych, a przelew bankowy SEPA 5-7 dni roboczych.

## Odpowiedzialność, zmiany i kontakt

Prowadzimy PromptMarket z należytą starannością, ale nie możemy zagwarantować nieprzerwanej dostępności ani tego, że wygenerowane obrazy spełnią twoje oczekiwania. Ponosimy nieograniczoną odpowiedzialność za winę umyślną i rażące niedbalstwo; w pozostałych przypadkach nasza odpowiedzialność jest ograniczona w zakresie dozwolonym przez prawo.

Możemy zmieniać ten regulamin. O istotnych zmianach poinformujemy cię z wyprzedzeniem; jeśli nadal będziesz korzystać z PromptMarket, obowiązywać będzie nowa wersja. Masz pytania? Napisz do nas na adres support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'terms' AND "static_page_translations"."locale" = 'pl' AND "static_page_translations"."body" = $page$Niniejszy regulamin określa zasady korzystania z PromptMarket, internetowej platformy sprzedażowej z promptami do obrazów generowanych przez AI. Zakładając konto lub korzystając z serwisu, akceptujesz ten regulamin.

## Konto i Credits

Aby kupować prompty, generować obrazy lub sprzedawać prace, potrzebujesz konta. Musisz podawać prawdziwe dane i chronić swoje dane logowania, a za wszystkie działania na swoim koncie odpowiadasz ty. Możemy zablokować konta, które naruszają ten regulamin.

Twoje saldo jest prowadzone w Credits, wewnętrznej walucie PromptMarket. 1 Credit odpowiada 1 EUR. Saldo doładowujesz, wpłacając pieniądze za pośrednictwem naszego operatora płatności. Credits nie są środkiem płatniczym poza PromptMarket i nie są oprocentowane.

## Zakupy i generowanie obrazów

Gdy kupujesz prompt, jego cena w Credits jest pobierana z twojego salda, a ty otrzymujesz plik zip do pobrania z oryginalnym obrazem w rozdzielczości 1024x1024 pikseli i angielskim tekstem promptu. Otrzymujesz niewyłączną i nieprzenoszalną licencję na korzystanie z obrazu i promptu w celach prywatnych i komercyjnych; odsprzedaż ani dalsze rozpowszechnianie samych plików nie są dozwolone.

Możesz generować obrazy na podstawie własnego tekstu. Koszt w Credits zobaczysz przed rozpoczęciem. Odpowiadasz za wprowadzane teksty i nie możesz tworzyć treści niezgodnych z prawem, obraźliwych ani naruszających prawa osób trzecich.

## Sprzedaż twoich prac

Możesz oferować sklepowi własne prace stworzone przy użyciu AI. W każdej ofercie potwierdzasz, że praca została stworzona przy użyciu AI i że przysługują ci do niej prawa. Sklep może przyjąć twoją cenę, odrzucić ofertę lub odpowiedzieć kontrpropozycją ceny. Jeśli sklep zaproponuje inną cenę, to ty decydujesz, czy ją przyjąć. Sprzedaż dochodzi do skutku dopiero wtedy, gdy obie strony zaakceptują tę samą cenę; kwota jest wtedy dopisywana do twojego salda w Credits, a PromptMarket uzyskuje prawa do korzystania z pracy potrzebne do oferowania jej w sklepie.

## Weryfikacja tożsamości i wypłaty

Przed pierwszą wypłatą musisz zweryfikować swoją tożsamość. Następnie możesz wypłacić saldo na kartę lub przelewem bankowym SEPA. Wypłata na kartę trwa zwykle 3-5 dni roboczych, a przelew bankowy 5-7 dni roboczych.

## Odpowiedzialność, zmiany i kontakt

Prowadzimy PromptMarket z należytą starannością, ale nie możemy zagwarantować nieprzerwanej dostępności ani tego, że wygenerowane obrazy spełnią twoje oczekiwania. Ponosimy nieograniczoną odpowiedzialność za winę umyślną i rażące niedbalstwo; w pozostałych przypadkach nasza odpowiedzialność jest ograniczona w zakresie dozwolonym przez prawo.

Możemy zmieniać ten regulamin. O istotnych zmianach poinformujemy cię z wyprzedzeniem; jeśli nadal będziesz korzystać z PromptMarket, obowiązywać będzie nowa wersja. Masz pytania? Napisz do nas na adres support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$This privacy policy explains which personal data PromptMarket collects when you use the marketplace, why we process it, how long we keep it and what rights you have.

## What data we collect

Account data: the details you enter when registering, such as your e-mail address and name, your password (stored only in hashed form) and your preferred language. Payment data: deposits are handled by our payment provider, which processes your card or bank details; we only receive the references, amounts and status of your transactions. For payouts of works you sell to the shop we process the payout details you provide.

Identity documents: to verify your identity before payouts, we process the identity document and details you upload. Uploaded works: the images and descriptions you submit with your offers, as well as the texts you enter for image generation and the resulting images.

## Why we use it

We use your data to run your account and balance, to process deposits, purchases and payouts, to handle offers, to generate images, to meet legal obligations such as preventing fraud and money laundering, and to answer your support requests. We do not sell your data.

## How long we keep it

We keep your data for as long as your account exists. Identity documents are kept only as long as verification and legal obligations require. Financial records are kept for the periods required by tax and commercial law.

## Deleting your account

You can delete your account at any time. Your personal data is then removed. Financial records such as deposits, purchases and payouts are kept in anonymised form, as the law requires.

## Your rights and contact

You have the right to access your data, to have it corrected or deleted and to object to its processing. You can also lodge a complaint with a data protection authority. To exercise your rights, write to support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'privacy' AND "static_page_translations"."locale" = 'en' AND "static_page_translations"."body" = $page$This privacy policy explains which personal data PromptMarket collects when you use the marketplace, why we process it, how long we keep it and what rights you have.

## What data we collect

Account data: the details you enter when registering, such as your e-mail address and name, your password (stored only in hashed form) and your preferred language. Payment data: deposits are handled by our payment provider, which processes your card or bank details; we only receive the references, amounts and status of your transactions. For withdrawals we process the payout details you provide.

Identity documents: to verify your identity before withdrawals, we process the identity document and details you upload. Uploaded works: the images and descriptions you submit with your offers, as well as the texts you enter for image generation and the resulting images.

## Why we use it

We use your data to run your account and balance, to process deposits, purchases and withdrawals, to handle offers, to generate images, to meet legal obligations such as preventing fraud and money laundering, and to answer your support requests. We do not sell your data.

## How long we keep it

We keep your data for as long as your account exists. Identity documents are kept only as long as verification and legal obligations require. Financial records are kept for the periods required by tax and commercial law.

## Deleting your account

You can delete your account at any time. Your personal data is then removed. Financial records such as deposits, purchases and withdrawals are kept in anonymised form, as the law requires.

## Your rights and contact

You have the right to access your data, to have it corrected or deleted and to object to its processing. You can also lodge a complaint with a data protection authority. To exercise your rights, write to support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$La présente politique de confidentialité explique quelles données personnelles PromptMarket collecte lorsque vous utilisez la place de marché, pourquoi nous les traitons, combien de temps nous les conservons et quels sont vos droits.

## Données collectées

Données de compte : les informations saisies lors de l'inscription, comme votre adresse e-mail et votre nom, votre mot de passe (conservé uniquement sous forme hachée) et votre langue préférée. Données de paiement : les dépôts sont traités par notre prestataire de paiement, qui gère vos coordonnées de carte ou bancaires ; nous ne recevons que les références, montants et statuts de vos transactions. Pour les versements des œuvres que vous vendez à la boutique, nous traitons les coordonnées de versement que vous indiquez.

Documents d'identité : pour vérifier votre identité avant un versement, nous traitons la pièce d'identité et les informations que vous téléversez. Œuvres téléversées : les images et descriptions que vous soumettez avec vos offres, ainsi que les textes que vous saisissez pour générer des images et les images obtenues.

## Finalités du traitement

Nous utilisons vos données pour gérer votre compte et votre solde, traiter les dépôts, achats et versements, traiter vos offres, générer des images, respecter nos obligations légales, notamment en matière de prévention de la fraude et du blanchiment d'argent, et répondre à vos demandes d'assistance. Nous ne vendons pas vos données.

## Durée de conservation

Nous conservons vos données tant que votre compte existe. Les documents d'identité ne sont conservés que le temps nécessaire à la vérification et au respect de nos obligations légales. Les données financières sont conservées pendant les durées imposées par le droit fiscal et commercial.

## Suppression du compte

Vous pouvez supprimer votre compte à tout moment. Vos données personnelles sont alors effacées. Les données financières, comme les dépôts, achats et versements, sont conservées sous forme anonymisée, comme l'exige la loi.

## Vos droits et contact

Vous disposez d'un droit d'accès, de rectification et d'effacement de vos données, ainsi que d'un droit d'opposition à leur traitement. Vous pouvez également introduire une réclamation auprès d'une autorité de protection des données. Pour exercer vos droits, écrivez à support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'privacy' AND "static_page_translations"."locale" = 'fr' AND "static_page_translations"."body" = $page$La présente politique de confidentialité explique quelles données personnelles PromptMarket collecte lorsque vous utilisez la place de marché, pourquoi nous les traitons, combien de temps nous les conservons et quels sont vos droits.

## Données collectées

Données de compte : les informations saisies lors de l'inscription, comme votre adresse e-mail et votre nom, votre mot de passe (conservé uniquement sous forme hachée) et votre langue préférée. Données de paiement : les dépôts sont traités par notre prestataire de paiement, qui gère vos coordonnées de carte ou bancaires ; nous ne recevons que les références, montants et statuts de vos transactions. Pour les retraits, nous traitons les coordonnées de versement que vous indiquez.

Documents d'identité : pour vérifier votre identité avant un retrait, nous traitons la pièce d'identité et les informations que vous téléversez. Œuvres téléversées : les images et descriptions que vous soumettez avec vos offres, ainsi que les textes que vous saisissez pour générer des images et les images obtenues.

## Finalités du traitement

Nous utilisons vos données pour gérer votre compte et votre solde, traiter les dépôts, achats et retraits, traiter vos offres, générer des images, respecter nos obligations légales, notamment en matière de prévention de la fraude et du blanchiment d'argent, et répondre à vos demandes d'assistance. Nous ne vendons pas vos données.

## Durée de conservation

Nous conservons vos données tant que votre compte existe. Les documents d'identité ne sont conservés que le temps nécessaire à la vérification et au respect de nos obligations légales. Les données financières sont conservées pendant les durées imposées par le droit fiscal et commercial.

## Suppression du compte

Vous pouvez supprimer votre compte à tout moment. Vos données personnelles sont alors effacées. Les données financières, comme les dépôts, achats et retraits, sont conservées sous forme anonymisée, comme l'exige la loi.

## Vos droits et contact

Vous disposez d'un droit d'accès, de rectification et d'effacement de vos données, ainsi que d'un droit d'opposition à leur traitement. Vous pouvez également introduire une réclamation auprès d'une autorité de protection des données. Pour exercer vos droits, écrivez à support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$Esta política de privacidad explica qué datos personales recoge PromptMarket cuando usas el mercado, por qué los tratamos, cuánto tiempo los conservamos y qué derechos tienes.

## Qué datos recogemos

Datos de la cuenta: los datos que introduces al registrarte, como tu correo electrónico y tu nombre, tu contraseña (guardada solo en forma de hash) y tu idioma preferido. Datos de pago: los depósitos los gestiona nuestro proveedor de pagos, que trata los datos de tu tarjeta o cuenta bancaria; nosotros solo recibimos las referencias, los importes y el estado de tus transacciones. Para los pagos de las obras que vendes a la tienda tratamos los datos de cobro que nos indiques.

Documentos de identidad: para verificar tu identidad antes de un pago, tratamos el documento de identidad y los datos que subes. Obras subidas: las imágenes y descripciones que envías con tus ofertas, así como los textos que introduces para generar imágenes y las imágenes resultantes.

## Para qué los usamos

Usamos tus datos para gestionar tu cuenta y tu saldo, procesar depósitos, compras y pagos de obras vendidas, tramitar ofertas, generar imágenes, cumplir obligaciones legales como la prevención del fraude y del blanqueo de capitales, y responder a tus consultas de soporte. No vendemos tus datos.

## Cuánto tiempo los conservamos

Conservamos tus datos mientras exista tu cuenta. Los documentos de identidad solo se guardan el tiempo que exigen la verificación y las obligaciones legales. Los registros financieros se conservan durante los plazos que establece la normativa fiscal y mercantil.

## Eliminar tu cuenta

Puedes eliminar tu cuenta en cualquier momento. En ese caso, se borran tus datos personales. Los registros financieros, como depósitos, compras y pagos de obras vendidas, se conservan de forma anonimizada, tal como exige la ley.

## Tus derechos y contacto

Tienes derecho a acceder a tus datos, a rectificarlos y suprimirlos, y a oponerte a su tratamiento. También puedes presentar una reclamación ante una autoridad de protección de datos. Para ejercer tus derechos, escribe a support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'privacy' AND "static_page_translations"."locale" = 'es' AND "static_page_translations"."body" = $page$Esta política de privacidad explica qué datos personales recoge PromptMarket cuando usas el mercado, por qué los tratamos, cuánto tiempo los conservamos y qué derechos tienes.

## Qué datos recogemos

Datos de la cuenta: los datos que introduces al registrarte, como tu correo electrónico y tu nombre, tu contraseña (guardada solo en forma de hash) y tu idioma preferido. Datos de pago: los depósitos los gestiona nuestro proveedor de pagos, que trata los datos de tu tarjeta o cuenta bancaria; nosotros solo recibimos las referencias, los importes y el estado de tus transacciones. Para los retiros tratamos los datos de cobro que nos indiques.

Documentos de identidad: para verificar tu identidad antes de un retiro, tratamos el documento de identidad y los datos que subes. Obras subidas: las imágenes y descripciones que envías con tus ofertas, así como los textos que introduces para generar imágenes y las imágenes resultantes.

## Para qué los usamos

Usamos tus datos para gestionar tu cuenta y tu saldo, procesar depósitos, compras y retiros, tramitar ofertas, generar imágenes, cumplir obligaciones legales como la prevención del fraude y del blanqueo de capitales, y responder a tus consultas de soporte. No vendemos tus datos.

## Cuánto tiempo los conservamos

Conservamos tus datos mientras exista tu cuenta. Los documentos de identidad solo se guardan el tiempo que exigen la verificación y las obligaciones legales. Los registros financieros se conservan durante los plazos que establece la normativa fiscal y mercantil.

## Eliminar tu cuenta

Puedes eliminar tu cuenta en cualquier momento. En ese caso, se borran tus datos personales. Los registros financieros, como depósitos, compras y retiros, se conservan de forma anonimizada, tal como exige la ley.

## Tus derechos y contacto

Tienes derecho a acceder a tus datos, a rectificarlos y suprimirlos, y a oponerte a su tratamiento. También puedes presentar una reclamación ante una autoridad de protección de datos. Para ejercer tus derechos, escribe a support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$La presente informativa sulla privacy spiega quali dati personali raccoglie PromptMarket quando usi il marketplace, perché li trattiamo, per quanto tempo li conserviamo e quali diritti hai.

## Quali dati raccogliamo

Dati dell'account: le informazioni che inserisci al momento della registrazione, come indirizzo e-mail e nome, la tua password (salvata solo in forma di hash) e la lingua preferita. Dati di pagamento: i versamenti sono gestiti dal nostro fornitore di pagamenti, che tratta i dati della tua carta o del tuo conto; noi riceviamo solo riferimenti, importi e stato delle tue transazioni. Per i pagamenti delle opere che vendi al negozio trattiamo i dati di pagamento che ci fornisci.

Documenti d'identità: per verificare la tua identità prima di un pagamento trattiamo il documento d'identità e i dati che carichi. Opere caricate: le immagini e le descrizioni che invii con le tue offerte, oltre ai testi che inserisci per generare immagini e alle immagini ottenute.

## Perché li usiamo

Usiamo i tuoi dati per gestire il tuo account e il tuo saldo, elaborare versamenti, acquisti e pagamenti delle opere vendute, gestire le offerte, generare immagini, adempiere agli obblighi di legge, come la prevenzione di frodi e riciclaggio di denaro, e rispondere alle tue richieste di assistenza. Non vendiamo i tuoi dati.

## Per quanto tempo li conserviamo

Conserviamo i tuoi dati finché il tuo account esiste. I documenti d'identità vengono conservati solo per il tempo richiesto dalla verifica e dagli obblighi di legge. I dati finanziari vengono conservati per i periodi previsti dalla normativa fiscale e commerciale.

## Eliminazione dell'account

Puoi eliminare il tuo account in qualsiasi momento. I tuoi dati personali vengono quindi cancellati. I dati finanziari, come versamenti, acquisti e pagamenti delle opere vendute, vengono conservati in forma anonima, come richiesto dalla legge.

## I tuoi diritti e contatti

Hai il diritto di accedere ai tuoi dati, di chiederne la rettifica e la cancellazione e di opporti al loro trattamento. Puoi inoltre presentare un reclamo a un'autorità per la protezione dei dati. Per esercitare i tuoi diritti, scrivi a support@promptmarket.example.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'privacy' AND "static_page_translations"."locale" = 'it' AND "static_page_translations"."body" = $page$La presente informativa sulla privacy spiega quali dati personali raccoglie PromptMarket quando usi il marketplace, perché li trattiamo, per quanto tempo li conserviamo e quali diritti hai.

## Quali dati raccogliamo

Dati dell'account: le informazioni che inserisci al momento della registrazione, come indirizzo e-mail e nome, la tua password (salvata solo in forma di hash) e la lingua preferita. Dati di pagamento: i versamenti sono gestiti dal nostro fornitore di pagamenti, che tratta i dati della tua carta o del tuo conto; noi riceviamo solo riferimenti, importi e stato delle tue transazioni. Per i prelievi trattiamo i dati di pagamento che ci fornisci.

Documenti d'identità: per verificare la tua identità prima di un prelievo trattiamo il documento d'identità e i dati che carichi. Opere caricate: le immagini e le descrizioni che invii con le tue offerte, oltre ai testi che inserisci per generare immagini e alle immagini ottenute.

## Perché li usiamo

Usiamo i tuoi dati per gestire il tuo account e il tuo saldo, elaborare versamenti, acquisti e prelievi, gestire le offerte, generare immagini, adempiere agli obblighi di legge, come la prevenzione di frodi e riciclaggio di denaro, e rispondere alle tue richieste di assistenza. Non vendiamo i tuoi dati.

## Per quanto tempo li conserviamo

Conserviamo i tuoi dati finché il tuo account esiste. I documenti d'identità vengono conservati solo per il tempo richiesto dalla verifica e dagli obblighi di legge. I dati finanziari vengono conservati per i periodi previsti dalla normativa fiscale e commerciale.

## Eliminazione dell'account

Puoi eliminare il tuo account in qualsiasi momento. I tuoi dati personali vengono quindi cancellati. I dati finanziari, come versamenti, acquisti e prelievi, vengono conservati in forma anonima, come richiesto dalla legge.

## I tuoi diritti e contatti

Hai il diritto di accedere ai tuoi dati, di chiederne la rettifica e la cancellazione e di opporti al loro trattamento. Puoi inoltre presentare un reclamo a un'autorità per la protezione dei dati. Per esercitare i tuoi diritti, scrivi a support@promptmarket.example.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket is an online marketplace for prompts for AI-generated images. Here you can browse a growing collection of prompts, buy the ones you like together with their original images, generate your own images and sell your AI-made works to the shop.

PromptMarket is for everyone who works with AI images: designers, marketers, content creators and hobbyists looking for inspiration or ready-to-use prompts, as well as creators who want to earn money from their work. Browsing is free; you only need an account to buy, generate or sell.

## How it works

Step 1: Create an account and top up your balance in Credits through our payment provider. 1 Credit equals 1 EUR.

Step 2: Browse the prompts and buy the ones you like. You get the original image in 1024x1024 pixels and the English prompt text as a zip download.

Step 3: Generate images from your own text, or offer your own AI-made works to the shop. The shop accepts your price or replies with a counter-price.

Step 4: Once you accept a price, the shop buys your work and pays the price out to your card (3-5 business days) or by SEPA bank transfer to your bank account (5-7 business days); for 150 EUR or more, you verify your identity once beforehand. Your balance in Credits is spent on prompts and image generation; it is not paid out.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'en' AND "static_page_translations"."body" = $page$PromptMarket is an online marketplace for prompts for AI-generated images. Here you can browse a growing collection of prompts, buy the ones you like together with their original images, generate your own images and sell your AI-made works to the shop.

PromptMarket is for everyone who works with AI images: designers, marketers, content creators and hobbyists looking for inspiration or ready-to-use prompts, as well as creators who want to earn money from their work. Browsing is free; you only need an account to buy, generate or sell.

## How it works

Step 1: Create an account and top up your balance in Credits through our payment provider. 1 Credit equals 1 EUR.

Step 2: Browse the prompts and buy the ones you like. You get the original image in 1024x1024 pixels and the English prompt text as a zip download.

Step 3: Generate images from your own text, or offer your own AI-made works to the shop. The shop accepts your price or replies with a counter-price.

Step 4: Verify your identity once and withdraw your balance by card (3-5 business days) or by SEPA bank transfer (5-7 business days).$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket ist ein Online-Marktplatz für Prompts für KI-generierte Bilder. Hier stöberst du in einer wachsenden Sammlung von Prompts, kaufst die, die dir gefallen, samt Originalbild, generierst eigene Bilder und verkaufst deine KI-erstellten Werke an den Shop.

PromptMarket ist für alle, die mit KI-Bildern arbeiten: Designer, Marketer, Content Creator und Hobbyisten, die Inspiration oder fertige Prompts suchen, und Kreative, die mit ihren Werken Geld verdienen möchten. Stöbern ist kostenlos – ein Konto brauchst du nur zum Kaufen, Generieren oder Verkaufen.

## So funktioniert es

Schritt 1: Erstelle ein Konto und lade dein Guthaben über unseren Zahlungsanbieter mit Credits auf. 1 Credit entspricht 1 EUR.

Schritt 2: Stöbere durch die Prompts und kaufe die, die dir gefallen. Du erhältst das Originalbild in 1024x1024 Pixeln und den englischen Prompt-Text als ZIP-Download.

Schritt 3: Generiere Bilder aus deinem eigenen Text oder biete dem Shop deine eigenen KI-erstellten Werke an. Der Shop nimmt deinen Preis an oder antwortet mit einem Gegenangebot.

Schritt 4: Nimmst du einen Preis an, kauft der Shop dein Werk und zahlt dir den Preis auf deine Karte (3-5 Werktage) oder per SEPA-Überweisung auf dein Bankkonto (5-7 Werktage) aus; ab 150 EUR bestätigst du vorher einmalig deine Identität. Dein Guthaben in Credits verwendest du für Prompts und Bildgenerierungen; es wird nicht ausgezahlt.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'de' AND "static_page_translations"."body" = $page$PromptMarket ist ein Online-Marktplatz für Prompts für KI-generierte Bilder. Hier stöberst du in einer wachsenden Sammlung von Prompts, kaufst die, die dir gefallen, samt Originalbild, generierst eigene Bilder und verkaufst deine KI-erstellten Werke an den Shop.

PromptMarket ist für alle, die mit KI-Bildern arbeiten: Designer, Marketer, Content Creator und Hobbyisten, die Inspiration oder fertige Prompts suchen, und Kreative, die mit ihren Werken Geld verdienen möchten. Stöbern ist kostenlos – ein Konto brauchst du nur zum Kaufen, Generieren oder Verkaufen.

## So funktioniert es

Schritt 1: Erstelle ein Konto und lade dein Guthaben über unseren Zahlungsanbieter mit Credits auf. 1 Credit entspricht 1 EUR.

Schritt 2: Stöbere durch die Prompts und kaufe die, die dir gefallen. Du erhältst das Originalbild in 1024x1024 Pixeln und den englischen Prompt-Text als ZIP-Download.

Schritt 3: Generiere Bilder aus deinem eigenen Text oder biete dem Shop deine eigenen KI-erstellten Werke an. Der Shop nimmt deinen Preis an oder antwortet mit einem Gegenangebot.

Schritt 4: Bestätige einmalig deine Identität und lass dir dein Guthaben per Karte (3-5 Werktage) oder per SEPA-Überweisung (5-7 Werktage) auszahlen.$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket est une place de marché en ligne de prompts pour des images générées par IA. Vous pouvez y parcourir une collection de prompts sans cesse enrichie, acheter ceux qui vous plaisent avec leur image originale, générer vos propres images et vendre à la boutique vos œuvres créées par IA.

PromptMarket s'adresse à tous ceux qui travaillent avec des images IA : designers, marketeurs, créateurs de contenu et amateurs à la recherche d'inspiration ou de prompts prêts à l'emploi, ainsi qu'aux créateurs qui souhaitent tirer un revenu de leurs œuvres. La navigation est gratuite ; un compte n'est nécessaire que pour acheter, générer ou vendre.

## Comment ça marche

Étape 1 : créez un compte et alimentez votre solde en Credits via notre prestataire de paiement. 1 Credit équivaut à 1 EUR.

Étape 2 : parcourez les prompts et achetez ceux qui vous plaisent. Vous recevez l'image originale en 1024x1024 pixels et le texte du prompt en anglais dans un fichier zip à télécharger.

Étape 3 : générez des images à partir de votre propre texte ou proposez à la boutique vos propres œuvres créées par IA. La boutique accepte votre prix ou vous répond par une contre-proposition de prix.

Étape 4 : dès que vous acceptez un prix, la boutique achète votre œuvre et vous en verse le prix sur votre carte (3 à 5 jours ouvrés) ou par virement bancaire SEPA sur votre compte bancaire (5 à 7 jours ouvrés) ; à partir de 150 EUR, vous vérifiez d'abord une seule fois votre identité. Votre solde en Credits sert à acheter des prompts et à générer des images ; il ne vous est pas versé en argent.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'fr' AND "static_page_translations"."body" = $page$PromptMarket est une place de marché en ligne de prompts pour des images générées par IA. Vous pouvez y parcourir une collection de prompts sans cesse enrichie, acheter ceux qui vous plaisent avec leur image originale, générer vos propres images et vendre à la boutique vos œuvres créées par IA.

PromptMarket s'adresse à tous ceux qui travaillent avec des images IA : designers, marketeurs, créateurs de contenu et amateurs à la recherche d'inspiration ou de prompts prêts à l'emploi, ainsi qu'aux créateurs qui souhaitent tirer un revenu de leurs œuvres. La navigation est gratuite ; un compte n'est nécessaire que pour acheter, générer ou vendre.

## Comment ça marche

Étape 1 : créez un compte et alimentez votre solde en Credits via notre prestataire de paiement. 1 Credit équivaut à 1 EUR.

Étape 2 : parcourez les prompts et achetez ceux qui vous plaisent. Vous recevez l'image originale en 1024x1024 pixels et le texte du prompt en anglais dans un fichier zip à télécharger.

Étape 3 : générez des images à partir de votre propre texte ou proposez à la boutique vos propres œuvres créées par IA. La boutique accepte votre prix ou vous répond par une contre-proposition de prix.

Étape 4 : vérifiez une seule fois votre identité et retirez votre solde par carte (3 à 5 jours ouvrés) ou par virement bancaire SEPA (5 à 7 jours ouvrés).$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket es un mercado en línea de prompts para imágenes generadas por IA. Aquí puedes explorar una colección de prompts en constante crecimiento, comprar los que te gusten junto con su imagen original, generar tus propias imágenes y vender a la tienda tus obras creadas con IA.

PromptMarket es para todas las personas que trabajan con imágenes de IA: diseñadores, profesionales del marketing, creadores de contenido y aficionados que buscan inspiración o prompts listos para usar, así como creadores que quieren ganar dinero con sus obras. Explorar es gratis; solo necesitas una cuenta para comprar, generar o vender.

## Cómo funciona

Paso 1: crea una cuenta y recarga tu saldo en Credits a través de nuestro proveedor de pagos. 1 Credit equivale a 1 EUR.

Paso 2: explora los prompts y compra los que te gusten. Recibes la imagen original de 1024x1024 píxeles y el texto del prompt en inglés como descarga zip.

Paso 3: genera imágenes a partir de tu propio texto u ofrece a la tienda tus propias obras creadas con IA. La tienda acepta tu precio o te responde con una contraoferta.

Paso 4: cuando aceptas un precio, la tienda compra tu obra y te paga ese precio en tu tarjeta (de 3 a 5 días hábiles) o por transferencia bancaria SEPA en tu cuenta bancaria (de 5 a 7 días hábiles); a partir de 150 EUR, antes verificas tu identidad una sola vez. Tu saldo en Credits sirve para comprar prompts y generar imágenes; no se te paga en dinero.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'es' AND "static_page_translations"."body" = $page$PromptMarket es un mercado en línea de prompts para imágenes generadas por IA. Aquí puedes explorar una colección de prompts en constante crecimiento, comprar los que te gusten junto con su imagen original, generar tus propias imágenes y vender a la tienda tus obras creadas con IA.

PromptMarket es para todas las personas que trabajan con imágenes de IA: diseñadores, profesionales del marketing, creadores de contenido y aficionados que buscan inspiración o prompts listos para usar, así como creadores que quieren ganar dinero con sus obras. Explorar es gratis; solo necesitas una cuenta para comprar, generar o vender.

## Cómo funciona

Paso 1: crea una cuenta y recarga tu saldo en Credits a través de nuestro proveedor de pagos. 1 Credit equivale a 1 EUR.

Paso 2: explora los prompts y compra los que te gusten. Recibes la imagen original de 1024x1024 píxeles y el texto del prompt en inglés como descarga zip.

Paso 3: genera imágenes a partir de tu propio texto u ofrece a la tienda tus propias obras creadas con IA. La tienda acepta tu precio o te responde con una contraoferta.

Paso 4: verifica tu identidad una sola vez y retira tu saldo con tarjeta (de 3 a 5 días hábiles) o por transferencia bancaria SEPA (de 5 a 7 días hábiles).$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket è un marketplace online di prompt per immagini generate dall'IA. Qui puoi sfogliare una raccolta di prompt in continua crescita, acquistare quelli che ti piacciono insieme all'immagine originale, generare le tue immagini e vendere al negozio le tue opere create con l'IA.

PromptMarket è pensato per chiunque lavori con immagini IA: designer, professionisti del marketing, content creator e appassionati in cerca di ispirazione o di prompt pronti all'uso, ma anche creativi che vogliono guadagnare con le proprie opere. Sfogliare è gratuito; l'account ti serve solo per acquistare, generare o vendere.

## Come funziona

Passo 1: crea un account e ricarica il tuo saldo in Credits tramite il nostro fornitore di pagamenti. 1 Credit corrisponde a 1 EUR.

Passo 2: sfoglia i prompt e acquista quelli che ti piacciono. Ricevi l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese in un file zip da scaricare.

Passo 3: genera immagini a partire dal tuo testo oppure proponi al negozio le tue opere create con l'IA. Il negozio accetta il tuo prezzo o risponde con una controproposta di prezzo.

Passo 4: quando accetti un prezzo, il negozio acquista la tua opera e ti paga il prezzo sulla tua carta (3-5 giorni lavorativi) o con bonifico bancario SEPA sul tuo conto bancario (5-7 giorni lavorativi); da 150 EUR in su, prima verifichi una sola volta la tua identità. Il tuo saldo in Credits serve per acquistare prompt e generare immagini; non ti viene pagato in denaro.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'it' AND "static_page_translations"."body" = $page$PromptMarket è un marketplace online di prompt per immagini generate dall'IA. Qui puoi sfogliare una raccolta di prompt in continua crescita, acquistare quelli che ti piacciono insieme all'immagine originale, generare le tue immagini e vendere al negozio le tue opere create con l'IA.

PromptMarket è pensato per chiunque lavori con immagini IA: designer, professionisti del marketing, content creator e appassionati in cerca di ispirazione o di prompt pronti all'uso, ma anche creativi che vogliono guadagnare con le proprie opere. Sfogliare è gratuito; l'account ti serve solo per acquistare, generare o vendere.

## Come funziona

Passo 1: crea un account e ricarica il tuo saldo in Credits tramite il nostro fornitore di pagamenti. 1 Credit corrisponde a 1 EUR.

Passo 2: sfoglia i prompt e acquista quelli che ti piacciono. Ricevi l'immagine originale a 1024x1024 pixel e il testo del prompt in inglese in un file zip da scaricare.

Passo 3: genera immagini a partire dal tuo testo oppure proponi al negozio le tue opere create con l'IA. Il negozio accetta il tuo prezzo o risponde con una controproposta di prezzo.

Passo 4: verifica una sola volta la tua identità e preleva il saldo su carta (3-5 giorni lavorativi) o con bonifico bancario SEPA (5-7 giorni lavorativi).$page$;--> statement-breakpoint
UPDATE "static_page_translations" SET "body" = $page$PromptMarket to internetowa platforma sprzedażowa z promptami do obrazów generowanych przez AI. Możesz tu przeglądać stale rosnącą kolekcję promptów, kupować te, które ci się podobają, razem z oryginalnymi obrazami, generować własne obrazy i sprzedawać sklepowi swoje prace stworzone przy użyciu AI.

PromptMarket jest dla wszystkich, którzy pracują z obrazami AI: projektantów, marketingowców, twórców treści i hobbystów szukających inspiracji lub gotowych promptów, a także twórców, którzy chcą zarabiać na swoich pracach. Przeglądanie jest bezpłatne; konto jest potrzebne tylko do kupowania, generowania lub sprzedawania.

## Jak to działa

Krok 1: załóż konto i doładuj saldo w Credits za pośrednictwem naszego operatora płatności. 1 Credit odpowiada 1 EUR.

Krok 2: przeglądaj prompty i kupuj te, które ci się podobają. Otrzymujesz oryginalny obraz w rozdzielczości 1024x1024 pikseli i angielski tekst promptu w pliku zip do pobrania.

Krok 3: generuj obrazy na podstawie własnego tekstu lub zaproponuj sklepowi własne prace stworzone przy użyciu AI. Sklep przyjmie twoją cenę albo odpowie kontrpropozycją ceny.

Krok 4: gdy przyjmiesz cenę, sklep kupuje twoją pracę i wypłaca ci tę cenę na kartę (3-5 dni roboczych) lub przelewem bankowym SEPA na konto bankowe (5-7 dni roboczych); przy kwocie od 150 EUR najpierw jednorazowo weryfikujesz swoją tożsamość. Saldo w Credits służy do kupowania promptów i generowania obrazów; nie jest wypłacane.$page$ FROM "static_pages" WHERE "static_pages"."id" = "static_page_translations"."page_id" AND "static_pages"."slug" = 'about-us' AND "static_page_translations"."locale" = 'pl' AND "static_page_translations"."body" = $page$PromptMarket to internetowa platforma sprzedażowa z promptami do obrazów generowanych przez AI. Możesz tu przeglądać stale rosnącą kolekcję promptów, kupować te, które ci się podobają, razem z oryginalnymi obrazami, generować własne obrazy i sprzedawać sklepowi swoje prace stworzone przy użyciu AI.

PromptMarket jest dla wszystkich, którzy pracują z obrazami AI: projektantów, marketingowców, twórców treści i hobbystów szukających inspiracji lub gotowych promptów, a także twórców, którzy chcą zarabiać na swoich pracach. Przeglądanie jest bezpłatne; konto jest potrzebne tylko do kupowania, generowania lub sprzedawania.

## Jak to działa

Krok 1: załóż konto i doładuj saldo w Credits za pośrednictwem naszego operatora płatności. 1 Credit odpowiada 1 EUR.

Krok 2: przeglądaj prompty i kupuj te, które ci się podobają. Otrzymujesz oryginalny obraz w rozdzielczości 1024x1024 pikseli i angielski tekst promptu w pliku zip do pobrania.

Krok 3: generuj obrazy na podstawie własnego tekstu lub zaproponuj sklepowi własne prace stworzone przy użyciu AI. Sklep przyjmie twoją cenę albo odpowie kontrpropozycją ceny.

Krok 4: jednorazowo zweryfikuj swoją tożsamość i wypłać saldo na kartę (3-5 dni roboczych) lub przelewem bankowym SEPA (5-7 dni roboczych).$page$;
