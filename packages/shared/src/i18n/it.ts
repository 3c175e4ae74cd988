/**
 * Texts shared by the web client and the server (error codes, success codes, validation).
 * The web catalogues and the server's emails add their own sections on top.
 */
export const it = {
  errors: {
    SERVER_ERROR: 'Errore del server. Riprova più tardi.',
    VALIDATION_ERROR: 'Alcuni dati non sono validi. Controlla i campi evidenziati.',
    USER_NOT_FOUND: 'Utente non trovato.',
    WRONG_PASSWORD: 'Password errata.',
    INVALID_CREDENTIALS: 'Credenziali non valide.',
    EMAIL_ALREADY_EXISTS: 'Email già registrata.',
    USERNAME_ALREADY_EXISTS: 'Nome utente già in uso.',
    GENERIC_ERROR: 'Si è verificato un errore, riprova più tardi.',
    FAILED_TO_SEND_EMAIL: 'Invio del codice non riuscito. Riprova più tardi.',
    INVALID_OR_EXPIRED_CODE: 'Codice non valido o scaduto.',
    RESEND_TOO_SOON: 'Attendi prima di richiedere un altro codice.',
    MAX_RESEND_ATTEMPTS_EXCEEDED: 'Troppi tentativi di invio. Riprova più tardi.',
    NO_ACTIVE_RESET_CODE: 'Nessun codice di reimpostazione attivo: richiedine uno nuovo.',
    INVALID_VERIFICATION_CODE: 'Codice di verifica non valido.',
    VERIFICATION_CODE_EXPIRED: 'Il codice di verifica è scaduto.',
    EMAIL_ALREADY_VERIFIED: "L'email è già verificata.",
    EMAIL_NOT_VERIFIED:
      'Verifica la tua email prima di accedere: controlla la posta in arrivo o richiedi un nuovo codice.',
    UNAUTHORIZED: 'Devi effettuare l’accesso per accedere a questa risorsa.',
    FORBIDDEN: 'Non hai il permesso di accedere a questa risorsa.',
    NOT_FOUND: 'Risorsa non trovata.',
    CONFLICT: 'Conflitto con lo stato attuale. Aggiorna e riprova.',
    BAD_REQUEST: 'Richiesta non valida.',
    METHOD_NOT_ALLOWED: 'Metodo non consentito.',
    TOO_MANY_REQUESTS: 'Troppe richieste. Attendi un momento e riprova.',
    SERVICE_UNAVAILABLE: 'Servizio non disponibile. Riprova più tardi.',
    SESSION_EXPIRED: 'Sessione scaduta, effettua di nuovo l’accesso.',
    FOREIGN_ORIGIN: 'Richiesta rifiutata: origine non consentita.',
    TOURNAMENT_NOT_FOUND: 'Torneo non trovato.',
    FEDERATION_UNAVAILABLE:
      'Il servizio della federazione non è al momento raggiungibile: i dati mostrati potrebbero non essere aggiornati.',
  },
  success: {
    PASSWORD_RESET_CODE_SENT: 'Ti abbiamo inviato un codice per reimpostare la password.',
    PASSWORD_RESET_CODE_RESENT: 'Ti abbiamo inviato un nuovo codice.',
    PASSWORD_RESET_SUCCESS: 'Password reimpostata. Ora puoi accedere.',
    VERIFICATION_CODE_RESENT: 'Ti abbiamo inviato un nuovo codice di verifica.',
    CONTACT_MESSAGE_SENT: 'Messaggio inviato. Ti risponderemo al più presto.',
  },
  validation: {
    required: 'Questo campo è obbligatorio',
    minLength: 'Deve contenere almeno {{count}} caratteri',
    maxLength: 'Non può superare {{count}} caratteri',
    invalidFormat: 'Formato non valido',
    invalidEmail: 'Inserisci un indirizzo email valido',
    invalidValue: 'Valore non valido',
    passwordsMismatch: 'Le password non coincidono',
    dateRange: 'La data di fine non può precedere la data di inizio',
    provinceNotInRegion: 'La provincia non appartiene alla regione scelta',
  },
} as const;
