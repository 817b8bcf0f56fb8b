/**
 * Texts of the back office's catalogue editor, by language. Spread into `validationMessages`, so
 * its schemas carry these keys like any other.
 */
export const adminCatalogueMessages = {
  en: {
    'image.too_large': 'The picture may be at most 10 MB.',
    'slug.invalid': 'Use lower-case letters, digits and single hyphens only.',
    'slug.taken': 'This address is already in use.',
    'translations.english': 'The English title is required.',
    'locale.invalid': 'This language does not exist.',
    'category.invalid': 'This category does not exist.',
    'category.parent': 'Choose a top-level category other than this one as the parent.',
    'category.has_children': 'A category with subcategories cannot become a subcategory.',
    'category.in_use': 'This category still has products or subcategories; move them first.',
    'category.offered': 'Works offered by sellers are filed under this category; it cannot be deleted.',
    'style.offered': 'Works offered by sellers name this style; it cannot be deleted.',
    'update.empty': 'Nothing to change: name at least one field.',
    'styles.invalid': 'One of the chosen styles does not exist.',
    'product.sold': 'This prompt has been bought, so its buyers keep it: hide it instead of deleting it.',
    'image.invalid': 'This picture could not be read. Please upload a JPG, PNG, GIF or WEBP image.',
  },
  de: {
    'image.too_large': 'Das Bild darf höchstens 10 MB groß sein.',
    'slug.invalid': 'Verwende nur Kleinbuchstaben, Ziffern und einzelne Bindestriche.',
    'slug.taken': 'Diese Adresse wird bereits verwendet.',
    'translations.english': 'Der englische Titel ist erforderlich.',
    'locale.invalid': 'Diese Sprache gibt es nicht.',
    'category.invalid': 'Diese Kategorie gibt es nicht.',
    'category.parent': 'Wähle als übergeordnete Kategorie eine andere Hauptkategorie.',
    'category.has_children': 'Eine Kategorie mit Unterkategorien kann keine Unterkategorie werden.',
    'category.in_use': 'Diese Kategorie hat noch Produkte oder Unterkategorien; verschiebe sie zuerst.',
    'category.offered':
      'Von Verkäufern angebotene Werke sind in dieser Kategorie eingeordnet; sie kann nicht gelöscht werden.',
    'style.offered': 'Von Verkäufern angebotene Werke nennen diesen Stil; er kann nicht gelöscht werden.',
    'update.empty': 'Nichts zu ändern: Nenne mindestens ein Feld.',
    'styles.invalid': 'Einen der gewählten Stile gibt es nicht.',
    'product.sold':
      'Dieser Prompt wurde gekauft und bleibt seinen Käufern erhalten: Blende ihn aus, statt ihn zu löschen.',
    'image.invalid':
      'Dieses Bild konnte nicht gelesen werden. Bitte lade ein JPG-, PNG-, GIF- oder WEBP-Bild hoch.',
  },
  fr: {
    'image.too_large': 'L’image ne doit pas dépasser 10 Mo.',
    'slug.invalid': 'Utilisez uniquement des minuscules, des chiffres et des tirets simples.',
    'slug.taken': 'Cette adresse est déjà utilisée.',
    'translations.english': 'Le titre anglais est obligatoire.',
    'locale.invalid': 'Cette langue n’existe pas.',
    'category.invalid': 'Cette catégorie n’existe pas.',
    'category.parent': 'Choisissez comme parent une autre catégorie de premier niveau.',
    'category.has_children':
      'Une catégorie qui a des sous-catégories ne peut pas devenir une sous-catégorie.',
    'category.in_use':
      'Cette catégorie contient encore des produits ou des sous-catégories ; déplacez-les d’abord.',
    'category.offered':
      'Des œuvres proposées par des vendeurs sont classées dans cette catégorie ; elle ne peut pas être supprimée.',
    'style.offered': 'Des œuvres proposées par des vendeurs citent ce style ; il ne peut pas être supprimé.',
    'update.empty': 'Rien à modifier : indiquez au moins un champ.',
    'styles.invalid': 'L’un des styles choisis n’existe pas.',
    'product.sold':
      'Ce prompt a été acheté et ses acheteurs le conservent : masquez-le au lieu de le supprimer.',
    'image.invalid': 'Cette image est illisible. Veuillez envoyer une image JPG, PNG, GIF ou WEBP.',
  },
  es: {
    'image.too_large': 'La imagen puede tener como máximo 10 MB.',
    'slug.invalid': 'Usa solo minúsculas, cifras y guiones simples.',
    'slug.taken': 'Esta dirección ya está en uso.',
    'translations.english': 'El título en inglés es obligatorio.',
    'locale.invalid': 'Este idioma no existe.',
    'category.invalid': 'Esta categoría no existe.',
    'category.parent': 'Elige como categoría superior otra categoría de primer nivel.',
    'category.has_children': 'Una categoría con subcategorías no puede convertirse en subcategoría.',
    'category.in_use': 'Esta categoría aún tiene productos o subcategorías; muévelos primero.',
    'category.offered':
      'Hay obras ofrecidas por vendedores clasificadas en esta categoría; no se puede eliminar.',
    'style.offered': 'Hay obras ofrecidas por vendedores con este estilo; no se puede eliminar.',
    'update.empty': 'No hay nada que cambiar: indica al menos un campo.',
    'styles.invalid': 'Uno de los estilos elegidos no existe.',
    'product.sold':
      'Este prompt ya se ha comprado y sus compradores lo conservan: ocúltalo en lugar de borrarlo.',
    'image.invalid': 'No se pudo leer esta imagen. Sube una imagen JPG, PNG, GIF o WEBP.',
  },
  it: {
    'image.too_large': 'L’immagine può essere al massimo di 10 MB.',
    'slug.invalid': 'Usa solo lettere minuscole, cifre e trattini singoli.',
    'slug.taken': 'Questo indirizzo è già in uso.',
    'translations.english': 'Il titolo inglese è obbligatorio.',
    'locale.invalid': 'Questa lingua non esiste.',
    'category.invalid': 'Questa categoria non esiste.',
    'category.parent': 'Scegli come categoria superiore un’altra categoria di primo livello.',
    'category.has_children': 'Una categoria con sottocategorie non può diventare una sottocategoria.',
    'category.in_use': 'Questa categoria ha ancora prodotti o sottocategorie; spostali prima.',
    'category.offered':
      'Alcune opere proposte dai venditori sono in questa categoria; non può essere eliminata.',
    'style.offered': 'Alcune opere proposte dai venditori indicano questo stile; non può essere eliminato.',
    'update.empty': 'Niente da modificare: indica almeno un campo.',
    'styles.invalid': 'Uno degli stili scelti non esiste.',
    'product.sold':
      'Questo prompt è stato acquistato e i suoi acquirenti lo conservano: nascondilo invece di eliminarlo.',
    'image.invalid': 'Impossibile leggere questa immagine. Carica un’immagine JPG, PNG, GIF o WEBP.',
  },
  pl: {
    'image.too_large': 'Obraz może mieć najwyżej 10 MB.',
    'slug.invalid': 'Używaj tylko małych liter, cyfr i pojedynczych myślników.',
    'slug.taken': 'Ten adres jest już zajęty.',
    'translations.english': 'Angielski tytuł jest wymagany.',
    'locale.invalid': 'Ten język nie istnieje.',
    'category.invalid': 'Ta kategoria nie istnieje.',
    'category.parent': 'Wybierz jako nadrzędną inną kategorię najwyższego poziomu.',
    'category.has_children': 'Kategoria z podkategoriami nie może zostać podkategorią.',
    'category.in_use': 'Ta kategoria ma jeszcze produkty lub podkategorie; najpierw je przenieś.',
    'category.offered': 'Dzieła oferowane przez sprzedawców należą do tej kategorii; nie można jej usunąć.',
    'style.offered': 'Dzieła oferowane przez sprzedawców mają ten styl; nie można go usunąć.',
    'update.empty': 'Nie ma nic do zmiany: podaj co najmniej jedno pole.',
    'styles.invalid': 'Jeden z wybranych stylów nie istnieje.',
    'product.sold': 'Ten prompt został kupiony i kupujący go zachowują: ukryj go zamiast usuwać.',
    'image.invalid': 'Nie udało się odczytać obrazu. Prześlij obraz JPG, PNG, GIF lub WEBP.',
  },
} as const;
