/** The texts of two-factor sign-in (one-time codes from an authenticator app), by language. */
export const twoFactorMessages = {
  en: {
    'two_factor.required': 'Enter the 6-digit code from your authenticator app.',
    'two_factor.invalid': 'This code is not correct or has already been used.',
    'two_factor.not_started': 'Start the setup first: there is no key waiting to be confirmed.',
    'two_factor.already_on': 'Two-factor sign-in is already on.',
    'two_factor.off': 'Two-factor sign-in is not on.',
  },
  de: {
    'two_factor.required': 'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    'two_factor.invalid': 'Dieser Code ist falsch oder wurde bereits verwendet.',
    'two_factor.not_started': 'Starte zuerst die Einrichtung: Es wartet kein Schlüssel auf Bestätigung.',
    'two_factor.already_on': 'Die Anmeldung in zwei Schritten ist bereits aktiv.',
    'two_factor.off': 'Die Anmeldung in zwei Schritten ist nicht aktiv.',
  },
  fr: {
    'two_factor.required': 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    'two_factor.invalid': 'Ce code est incorrect ou a déjà été utilisé.',
    'two_factor.not_started': 'Commencez d’abord la configuration : aucune clé n’attend de confirmation.',
    'two_factor.already_on': 'La connexion en deux étapes est déjà activée.',
    'two_factor.off': 'La connexion en deux étapes n’est pas activée.',
  },
  es: {
    'two_factor.required': 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
    'two_factor.invalid': 'Este código no es correcto o ya se ha utilizado.',
    'two_factor.not_started': 'Primero inicia la configuración: no hay ninguna clave pendiente de confirmar.',
    'two_factor.already_on': 'El inicio de sesión en dos pasos ya está activado.',
    'two_factor.off': 'El inicio de sesión en dos pasos no está activado.',
  },
  it: {
    'two_factor.required': 'Inserisci il codice a 6 cifre della tua app di autenticazione.',
    'two_factor.invalid': 'Questo codice non è corretto o è già stato usato.',
    'two_factor.not_started': 'Avvia prima la configurazione: nessuna chiave attende conferma.',
    'two_factor.already_on': 'L’accesso in due passaggi è già attivo.',
    'two_factor.off': 'L’accesso in due passaggi non è attivo.',
  },
  pl: {
    'two_factor.required': 'Wpisz 6-cyfrowy kod z aplikacji uwierzytelniającej.',
    'two_factor.invalid': 'Ten kod jest nieprawidłowy lub został już użyty.',
    'two_factor.not_started': 'Najpierw rozpocznij konfigurację: żaden klucz nie czeka na potwierdzenie.',
    'two_factor.already_on': 'Logowanie dwuetapowe jest już włączone.',
    'two_factor.off': 'Logowanie dwuetapowe nie jest włączone.',
  },
} as const;
