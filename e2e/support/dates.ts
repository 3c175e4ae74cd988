/** Today in Rome, and `days` later, as `YYYY-MM-DD` (the simulator's and the app's calendar days). */
export function romeDay(days = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);
}
