import type { Language } from '@radar/shared';

/**
 * Texts of the account emails (verification code, welcome, password reset code), Italian
 * first. `{{name}}` placeholders are filled by the template.
 */
export const accountEmailTexts = {
  it: {
    greeting: 'Ciao {{username}},',
    signature: 'A presto,\nil team di Radar Tornei',
    footer: 'Hai ricevuto questa email perché qualcuno ha usato questo indirizzo su Radar Tornei.',
    verification: {
      subject: 'Il tuo codice di verifica Radar Tornei: {{code}}',
      intro:
        'grazie per esserti registrato a Radar Tornei. Per attivare il tuo account inserisci questo codice:',
      expiry: 'Il codice scade tra {{minutes}} minuti.',
      ignore: 'Se non hai creato tu un account, ignora questa email.',
    },
    welcome: {
      subject: 'Benvenuto su Radar Tornei!',
      intro: 'il tuo indirizzo email è verificato e il tuo account è pronto.',
      next: 'Crea il tuo primo filtro per ricevere una notifica appena esce un torneo adatto a te, e segui i tornei a cui partecipi.',
      action: 'Apri Radar Tornei',
    },
    passwordReset: {
      subject: 'Il tuo codice per reimpostare la password: {{code}}',
      intro:
        'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account. Inserisci questo codice:',
      expiry: 'Il codice scade tra {{minutes}} minuti.',
      ignore:
        'Se non hai chiesto tu di reimpostare la password, ignora questa email: la tua password resta invariata.',
    },
  },
  en: {
    greeting: 'Hi {{username}},',
    signature: 'See you soon,\nthe Radar Tornei team',
    footer: 'You received this email because someone used this address on Radar Tornei.',
    verification: {
      subject: 'Your Radar Tornei verification code: {{code}}',
      intro: 'thanks for signing up to Radar Tornei. To activate your account, enter this code:',
      expiry: 'The code expires in {{minutes}} minutes.',
      ignore: 'If you did not create an account, ignore this email.',
    },
    welcome: {
      subject: 'Welcome to Radar Tornei!',
      intro: 'your email address is verified and your account is ready.',
      next: 'Create your first filter to be notified as soon as a tournament that suits you is published, and follow the tournaments you play in.',
      action: 'Open Radar Tornei',
    },
    passwordReset: {
      subject: 'Your code to reset your password: {{code}}',
      intro: 'we received a request to reset the password of your account. Enter this code:',
      expiry: 'The code expires in {{minutes}} minutes.',
      ignore: 'If you did not ask to reset your password, ignore this email: your password stays the same.',
    },
  },
} as const satisfies Record<Language, unknown>;
