/**
 * Cards a newcomer can try in the app (`npm start`, Settings › FITP): busy players of the default
 * seed (42) and pool size, entered in tournaments all year round, so the card's entries, the sync
 * and the positions show at whatever date the app is started. Other seeds have other players.
 * Cards are ten digits, as the federation's are (the same players had nine-digit cards before).
 */
export interface DemoCard {
  readonly cardNumber: string;
  readonly name: string;
  readonly ranking: string;
  readonly province: string;
}

export const DEMO_CARDS: readonly DemoCard[] = [
  { cardNumber: '5445537108', name: 'Alberto Giordano', ranking: '4.5', province: 'TP' },
  { cardNumber: '5601327786', name: 'Stefania Parisi', ranking: '4.6', province: 'RI' },
  { cardNumber: '9984464008', name: 'Giovanni Villa', ranking: '3.5', province: 'AV' },
  { cardNumber: '4309694180', name: 'Aurora Bellucci', ranking: '4.NC', province: 'FG' },
];
