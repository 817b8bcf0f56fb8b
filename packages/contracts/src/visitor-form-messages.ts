/**
 * Texts of the contact-us form's fields, of a password refused for being common or breached, and
 * of a newsletter link that is not ours or has expired (spread into `validationMessages`).
 */
export const visitorFormMessages = {
  en: {
    'newsletter.link_invalid': 'This newsletter link is invalid or has expired.',
    'password.common':
      'This password is too common or has appeared in a data breach. Please choose another one.',
    'name.required': 'Name is required',
    'subject.required': 'Subject is required',
    'message.required': 'Message is required',
  },
  de: {
    'newsletter.link_invalid': 'Dieser Newsletter-Link ist ungültig oder abgelaufen.',
    'password.common':
      'Dieses Passwort ist zu verbreitet oder ist schon in einem Datenleck aufgetaucht. Bitte wähle ein anderes.',
    'name.required': 'Name ist erforderlich',
    'subject.required': 'Betreff ist erforderlich',
    'message.required': 'Nachricht ist erforderlich',
  },
  fr: {
    'newsletter.link_invalid': 'Ce lien de la newsletter est invalide ou a expiré.',
    'password.common':
      'Ce mot de passe est trop courant ou figure dans une fuite de données. Veuillez en choisir un autre.',
    'name.required': 'Le nom est obligatoire',
    'subject.required': 'L’objet est obligatoire',
    'message.required': 'Le message est obligatoire',
  },
  es: {
    'newsletter.link_invalid': 'Este enlace del boletín no es válido o ha caducado.',
    'password.common':
      'Esta contraseña es demasiado común o ha aparecido en una filtración de datos. Elige otra.',
    'name.required': 'El nombre es obligatorio',
    'subject.required': 'El asunto es obligatorio',
    'message.required': 'El mensaje es obligatorio',
  },
  it: {
    'newsletter.link_invalid': 'Questo link della newsletter non è valido o è scaduto.',
    'password.common':
      'Questa password è troppo comune o è comparsa in una violazione di dati. Scegline un’altra.',
    'name.required': 'Il nome è obbligatorio',
    'subject.required': 'L’oggetto è obbligatorio',
    'message.required': 'Il messaggio è obbligatorio',
  },
  pl: {
    'newsletter.link_invalid': 'Ten link newslettera jest nieprawidłowy lub wygasł.',
    'password.common': 'To hasło jest zbyt popularne albo wyciekło przy naruszeniu danych. Wybierz inne.',
    'name.required': 'Imię i nazwisko są wymagane',
    'subject.required': 'Temat jest wymagany',
    'message.required': 'Wiadomość jest wymagana',
  },
} as const;
