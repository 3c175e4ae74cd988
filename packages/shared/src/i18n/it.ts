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
    UNSUBSCRIBE_TOKEN_INVALID:
      'Questo link non è valido o è stato modificato. Usa il link dell’ultima email ricevuta.',
    UNSUBSCRIBE_TOKEN_EXPIRED:
      'Questo link è scaduto. Usa il link di un’email più recente o accedi per gestire le notifiche.',
    UNSUBSCRIBE_USER_NOT_FOUND: 'L’account di questo link non esiste più.',
    TOURNAMENT_NOT_FOUND: 'Torneo non trovato.',
    ALREADY_SUBSCRIBED: 'Sei già iscritto a questo torneo',
    NOT_SUBSCRIBED: 'Non segui questo torneo.',
    FEDERATION_UNAVAILABLE:
      'Il servizio della federazione non è al momento raggiungibile: i dati mostrati potrebbero non essere aggiornati.',
    FITP_CARD_NOT_FOUND: 'Numero di tessera non valido. Controlla e riprova.',
    FITP_CARD_IN_USE:
      'Questa tessera è già collegata a un altro account. Se è la tua, segnalacelo: verificheremo e la scollegheremo dall’altro account.',
    FITP_NOT_CONNECTED: 'Nessuna tessera FITP collegata al tuo account.',
    FILTER_NOT_FOUND: 'Filtro non trovato.',
    FILTER_NAME_TAKEN: 'Esiste già un filtro con questo nome',
    FILTER_LIMIT_REACHED:
      'Hai raggiunto il numero massimo di filtri ({{count}}). Eliminane uno per crearne un altro.',
    POSTAL_CODE_UNKNOWN: 'Non conosciamo questo CAP: controllalo e riprova.',
    CONTACT_SEND_FAILED: 'Non è stato possibile inviare il messaggio. Riprova più tardi.',
  },
  success: {
    PASSWORD_RESET_CODE_SENT: 'Ti abbiamo inviato un codice per reimpostare la password.',
    PASSWORD_RESET_CODE_RESENT: 'Ti abbiamo inviato un nuovo codice.',
    PASSWORD_RESET_SUCCESS: 'Password reimpostata. Ora puoi accedere.',
    VERIFICATION_CODE_RESENT: 'Ti abbiamo inviato un nuovo codice di verifica.',
    CONTACT_MESSAGE_SENT: 'Messaggio inviato. Ti risponderemo al più presto.',
    FITP_MISMATCH_REPORTED: 'Grazie per la segnalazione! Verificheremo i dati e ti risponderemo via email.',
  },
  validation: {
    required: 'Questo campo è obbligatorio',
    minLength: 'Deve contenere almeno {{count}} caratteri',
    maxLength: 'Non può superare {{count}} caratteri',
    invalidFormat: 'Formato non valido',
    invalidEmail: 'Inserisci un indirizzo email valido',
    invalidValue: 'Valore non valido',
    passwordsMismatch: 'Le password non coincidono',
    passwordStrength: 'Usa almeno {{count}} caratteri, con una lettera maiuscola, una minuscola e un numero',
    usernameCharacters: 'Usa solo lettere, numeri, trattini bassi e trattini',
    deletionConfirmation: 'Scrivi esattamente la parola di conferma',
    dateRange: 'La data di fine non può precedere la data di inizio',
    provinceNotInRegion: 'La provincia non appartiene alla regione scelta',
    invalidCharacters: 'Contiene caratteri non ammessi',
    cardRequired: 'Inserisci il tuo numero di tessera',
    cardTooShort: 'Il numero di tessera è troppo corto',
    cardDigitsOnly: 'La tessera deve contenere solo numeri',
    cardTooLong: 'Il numero di tessera è troppo lungo',
    postalCode: 'Inserisci un CAP di 5 cifre',
    contactMessageTooLong: 'Il messaggio è troppo lungo. Mantienilo sotto i {{count}} caratteri.',
  },
  icsFeed: {
    name: 'Radar Tornei: i miei tornei',
    description: 'I tornei che segui su Radar Tornei e le chiusure delle iscrizioni.',
    deadlineSummary: 'Chiusura iscrizioni: {{name}}',
    deadlineDescription: 'Le iscrizioni a {{name}} chiudono alle {{time}}.',
    deadlineAlarm: 'Le iscrizioni a {{name}} chiudono tra un giorno.',
    tournamentDescription: 'Torneo seguito su Radar Tornei: {{url}}',
  },
  notifications: {
    unknownTournament: 'un torneo',
    types: {
      new_tournament: {
        title: 'Nuovo torneo: {{tournamentName}}',
        body: 'Un nuovo torneo corrisponde ai tuoi filtri: {{tournamentName}}.',
      },
      reminder_1w: {
        title: 'Iscrizioni in chiusura tra una settimana',
        body: 'Le iscrizioni a {{tournamentName}} chiudono tra una settimana.',
      },
      reminder_3d: {
        title: 'Iscrizioni in chiusura tra 3 giorni',
        body: 'Le iscrizioni a {{tournamentName}} chiudono tra 3 giorni.',
      },
      reminder_1d: {
        title: 'Iscrizioni in chiusura domani',
        body: 'Le iscrizioni a {{tournamentName}} chiudono tra un giorno.',
      },
      reminder_5h: {
        title: 'Iscrizioni in chiusura tra 5 ore',
        body: 'Ultima occasione: le iscrizioni a {{tournamentName}} chiudono tra 5 ore.',
      },
      new_document: {
        title: 'Nuovo documento: {{tournamentName}}',
        body: 'È stato pubblicato un nuovo documento per {{tournamentName}}.',
      },
      new_scoreboard: {
        title: 'Tabellone pubblicato: {{tournamentName}}',
        body: 'È disponibile un nuovo tabellone per {{tournamentName}}.',
      },
      new_order_of_play: {
        title: 'Ordine di gioco: {{tournamentName}}',
        body: 'È stato pubblicato l’ordine di gioco di {{tournamentName}}.',
      },
      platform_updates: {
        title: 'Novità da Radar Tornei',
        body: '{{message}}',
      },
      card_entered: {
        title: 'Sei in lista: {{tournamentName}}',
        body: 'La tua tessera è nella lista iscritti di {{tournamentName}}.',
      },
      card_withdrawn: {
        title: 'Non sei più in lista: {{tournamentName}}',
        body: 'La tua tessera non è più nella lista iscritti di {{tournamentName}} (ritiro o esclusione).',
      },
      email_confirmation: {
        title: 'Conferma il tuo indirizzo email',
        body: 'Inserisci il codice che ti abbiamo inviato per verificare il tuo indirizzo email.',
      },
      password_reset: {
        title: 'Reimposta la tua password',
        body: 'Inserisci il codice che ti abbiamo inviato per scegliere una nuova password.',
      },
      welcome_email: {
        title: 'Benvenuto su Radar Tornei',
        body: 'Il tuo account è pronto: crea il tuo primo filtro per ricevere i nuovi tornei.',
      },
    },
    groups: {
      new_tournaments: 'Nuovi tornei',
      order_of_play: 'Ordine di gioco',
      documents: 'Documenti',
      scoreboards: 'Tabelloni',
      reminder_1w: 'Promemoria 1 settimana prima',
      reminder_3d: 'Promemoria 3 giorni prima',
      reminder_1d: 'Promemoria 1 giorno prima',
      reminder_5h: 'Promemoria 5 ore prima',
      platform_updates: 'Novità della piattaforma',
      card_entries: 'Le iscrizioni della tua tessera',
    },
    channels: {
      email: 'Email',
      push: 'Push',
    },
    reasons: {
      region: 'Regione',
      province: 'Provincia',
      status: 'Stato',
      dates: 'Date',
      prize: 'Montepremi',
      type: 'Tipo di torneo',
      category: 'Categoria',
    },
  },
} as const;
