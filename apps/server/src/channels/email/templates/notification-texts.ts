import type { Language } from '@radar/shared';

/** The words around a notification email (the notification texts are in @radar/shared). */
const it = {
  digestSubject: 'Hai {{count}} nuove notifiche su Radar Tornei',
  greeting: 'Ciao {{username}},',
  digestIntro: 'ecco le novità per te:',
  singleIntro: 'c’è una novità per te:',
  open: 'Apri la notifica',
  openTournament: 'Apri il torneo',
  openOrderOfPlay: 'Apri l’ordine di gioco',
  openDocument: 'Apri il documento',
  viewAll: 'Vedi tutte le notifiche',
  reasons: 'Corrisponde ai tuoi filtri per:',
  matchingFilters: 'Filtri corrispondenti: {{count}}',
  document: 'Documento: {{name}}',
  whyYouGetThis: 'Ricevi questa email perché hai attivato le notifiche via email per: {{groups}}.',
  manage: 'Gestisci le preferenze email',
  unsubscribe: 'Non ricevere più queste email',
  footer: 'Radar Tornei, gratuito e senza pubblicità. Non affiliato alla FITP.',
};

const en: typeof it = {
  digestSubject: 'You have {{count}} new notifications on Radar Tornei',
  greeting: 'Hi {{username}},',
  digestIntro: 'here is what is new for you:',
  singleIntro: 'there is something new for you:',
  open: 'Open the notification',
  openTournament: 'Open the tournament',
  openOrderOfPlay: 'Open the order of play',
  openDocument: 'Open the document',
  viewAll: 'See all notifications',
  reasons: 'Matches your filters on:',
  matchingFilters: 'Matching filters: {{count}}',
  document: 'Document: {{name}}',
  whyYouGetThis: 'You get this email because you turned on email notifications for: {{groups}}.',
  manage: 'Manage email preferences',
  unsubscribe: 'Stop these emails',
  footer: 'Radar Tornei, free and ad-free. Not affiliated with FITP.',
};

export type NotificationEmailTextKey = keyof typeof it;
export const notificationEmailTexts: Record<Language, typeof it> = { it, en };

export function emailText(
  language: Language,
  key: NotificationEmailTextKey,
  values: Record<string, string | number> = {},
): string {
  return notificationEmailTexts[language][key].replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    String(values[name] ?? match),
  );
}
