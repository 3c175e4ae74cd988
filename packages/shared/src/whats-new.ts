/**
 * What's New (spec §2): the product's changes, dated, in Italian and English, kept in the repo
 * as data. Newest first. Add an entry with each release that changes what people see; its `id`
 * never changes (the client keys on it).
 */
import { z } from 'zod';
import type { Language } from './constants';

export interface WhatsNewEntry {
  readonly id: string;
  /** The release day (Rome). */
  readonly date: string;
  readonly texts: Readonly<Record<Language, { readonly title: string; readonly body: string }>>;
}

export const WHATS_NEW: readonly WhatsNewEntry[] = [
  {
    id: '2026-11-27-my-draw-my-match-near-me',
    date: '2026-11-27',
    texts: {
      it: {
        title: 'Il tuo tabellone, la tua partita e i tornei vicino a te',
        body: 'Nei tornei che segui, con la tessera FITP collegata, vedi il tabellone con il tuo percorso evidenziato, il prossimo avversario (o i possibili avversari) e i tuoi risultati, e ti avvisiamo quando il tuo avversario è noto e quando la tua partita ha un risultato. Dall’ordine di gioco leggiamo giorno, ora e campo della tua partita e li mostriamo nella home e nella notifica. In Esplora e nei filtri puoi cercare i tornei entro 10, 30, 50 o 100 km dal tuo CAP e ordinarli per distanza; la notifica di un nuovo torneo trovato così dice quanto è lontano. “Puoi iscriverti” ora tiene conto della scadenza della tua fascia, del tabellone maschile o femminile, dell’età e della classifica: indica sesso e anno di nascita in Impostazioni › FITP.',
      },
      en: {
        title: 'Your draw, your match and tournaments near you',
        body: 'In the tournaments you follow, with your FITP card connected, you see the draw with your path highlighted, your next opponent (or your possible opponents) and your results, and we tell you when your opponent is known and when your match has a result. We read your match’s day, time and court from the order of play and show them on the home page and in the notification. In Explore and in filters you can look for tournaments within 10, 30, 50 or 100 km of your postal code and sort them by distance; a new tournament found that way is notified with how far it is. “You can enter” now takes into account your band’s deadline, men’s or women’s draws, age and ranking: add your gender and birth year in Settings › FITP.',
      },
    },
  },
  {
    id: '2026-11-26-emails-and-my-tournaments',
    date: '2026-11-26',
    texts: {
      it: {
        title: 'Email che dicono tutto, e la tua posizione nei tornei che segui',
        body: 'L’email di un nuovo torneo ne riporta date, luogo, tabelloni, categoria e chiusura delle iscrizioni, dice per quali valori corrisponde ai tuoi filtri (per esempio “Regione: Lazio”) e il suo pulsante apre il torneo; quella dell’ordine di gioco porta al file. In I miei tornei ogni scheda mostra la tua posizione (“28° su 65 · dentro”), con un’azione principale e le altre in un menu.',
      },
      en: {
        title: 'Emails that say it all, and your position in the tournaments you follow',
        body: 'A new-tournament email gives its dates, place, draws, category and registration deadline, says which values matched your filters (for example “Region: Lazio”) and its button opens the tournament; the order-of-play email links the file. In My tournaments each card shows your position (“No. 28 of 65 · in the draw”), with one main action and the others in a menu.',
      },
    },
  },
  {
    id: '2026-11-26-match-day-first',
    date: '2026-11-26',
    texts: {
      it: {
        title: 'Prima i tornei a cui puoi ancora iscriverti',
        body: 'Esplora mette in cima i tornei individuali con le iscrizioni aperte o in arrivo e li ordina per data di inizio o per scadenza delle iscrizioni; sul telefono una barra in basso porta a Home, Esplora, I miei tornei e Notifiche, e la settimana della home è un’agenda compatta.',
      },
      en: {
        title: 'Tournaments you can still enter come first',
        body: 'Explore puts individual tournaments with open or upcoming registration on top and sorts them by start date or registration deadline; on a phone a bar at the bottom leads to Home, Explore, My tournaments and Notifications, and the home week is a compact agenda.',
      },
    },
  },
  {
    id: '2026-11-23-dashboard',
    date: '2026-11-23',
    texts: {
      it: {
        title: 'Una dashboard tutta nuova',
        body: 'La home ora mostra i tornei vicino a te (dal tuo CAP o dalla tua posizione), la settimana dei tornei che segui con le scadenze di iscrizione, il torneo in corso e il prossimo, e lo stato della tua tessera FITP.',
      },
      en: {
        title: 'A brand-new dashboard',
        body: 'Home now shows tournaments near you (from your postal code or your location), the week of the tournaments you follow with their registration deadlines, the current and the next tournament, and your FITP card status.',
      },
    },
  },
  {
    id: '2026-11-23-calendar-feed',
    date: '2026-11-23',
    texts: {
      it: {
        title: 'I tuoi tornei nel tuo calendario',
        body: 'Da Impostazioni o da I miei tornei puoi aggiungere un calendario personale: i giorni dei tornei che segui e le chiusure delle iscrizioni, con un promemoria, sempre aggiornati.',
      },
      en: {
        title: 'Your tournaments in your calendar',
        body: 'From Settings or My tournaments you can add a personal calendar: the days of the tournaments you follow and their registration deadlines, with an alarm, always up to date.',
      },
    },
  },
  {
    id: '2026-11-23-map-contact',
    date: '2026-11-23',
    texts: {
      it: {
        title: 'Mappa dei tornei, modulo di contatto e pagine di supporto',
        body: 'La mappa delle regioni mostra dove si gioca e porta alla ricerca; le schede dei filtri dicono quanti tornei corrispondono; puoi scriverci dal modulo di contatto e sostenere il progetto dalla pagina delle donazioni.',
      },
      en: {
        title: 'Tournament map, contact form and support pages',
        body: 'The regions map shows where people play and leads to the search; filter cards tell how many tournaments match; you can write to us from the contact form and support the project from the donation page.',
      },
    },
  },
  {
    id: '2026-11-22-filters',
    date: '2026-11-22',
    texts: {
      it: {
        title: 'Filtri e avvisi dei nuovi tornei',
        body: 'Salva i tuoi filtri (luogo, tipo, date, montepremi, categoria) e ricevi un avviso per email o push quando esce un torneo che corrisponde.',
      },
      en: {
        title: 'Filters and new-tournament alerts',
        body: 'Save your filters (place, type, dates, prize, category) and get an email or push alert when a matching tournament comes out.',
      },
    },
  },
  {
    id: '2026-11-22-follow',
    date: '2026-11-22',
    texts: {
      it: {
        title: 'Segui i tornei',
        body: 'Segui un torneo per ricevere i promemoria di chiusura delle iscrizioni (1 settimana, 3 giorni, 1 giorno e 5 ore prima), i nuovi documenti, gli ordini di gioco e i tabelloni.',
      },
      en: {
        title: 'Follow tournaments',
        body: 'Follow a tournament to get registration-deadline reminders (1 week, 3 days, 1 day and 5 hours before), new documents, orders of play and draws.',
      },
    },
  },
];

/** `GET /api/whats-new`: the product's changes and the platform updates the user received. */
export const whatsNewSchema = z
  .object({
    entries: z.array(z.object({ id: z.string(), date: z.iso.date(), title: z.string(), body: z.string() })),
    updates: z.array(
      z.object({ id: z.uuid(), message: z.string(), createdAt: z.iso.datetime({ offset: true }) }),
    ),
    /** When the user last opened What's New (null: never). */
    lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
    /** Whether something arrived since then. */
    unread: z.boolean(),
  })
  .meta({ id: 'WhatsNew' });
export type WhatsNew = z.infer<typeof whatsNewSchema>;
