/** Italian names and tennis vocabulary the generator draws from. */

/** `a|b|c` (line breaks allowed) to a list without duplicates. */
const split = (text: string): readonly string[] => [...new Set(text.trim().split(/\s*\|\s*/))];

export const MALE_FIRST_NAMES = split(`
  Alessandro|Andrea|Antonio|Davide|Edoardo|Emanuele|Enrico|Fabio|Federico|Filippo|Francesco|Gabriele|
  Giacomo|Giorgio|Giovanni|Giulio|Giuseppe|Jacopo|Leonardo|Lorenzo|Luca|Marco|Mario|Matteo|Mattia|
  Michele|Nicola|Nicolò|Paolo|Pietro|Riccardo|Roberto|Salvatore|Simone|Stefano|Tommaso|Valerio|
  Vincenzo|Alberto|Alessio|Claudio|Cristian|Daniele|Diego|Dario|Elia|Fabrizio|Flavio|Gianluca|
  Gianmarco|Ivan|Luigi|Manuel|Massimo|Maurizio|Mirko|Omar|Raffaele|Samuele|Sergio|Umberto|Vittorio|
  Carlo|Christian|Domenico|Franco|Gennaro|Ignazio|Jannik|Lapo|Leandro|Mauro|Ottavio|Renato|Rocco|
  Sandro|Teodoro|Walter
`);

export const FEMALE_FIRST_NAMES = split(`
  Alessandra|Alice|Anna|Arianna|Aurora|Beatrice|Benedetta|Camilla|Carlotta|Caterina|Chiara|Claudia|
  Cristina|Elena|Eleonora|Elisa|Emma|Federica|Francesca|Gaia|Giada|Ginevra|Giorgia|Giulia|Greta|Ilaria|
  Irene|Jasmine|Laura|Lucia|Ludovica|Marta|Martina|Matilde|Michela|Nicole|Noemi|Paola|Rebecca|Roberta|
  Sara|Serena|Silvia|Sofia|Valentina|Valeria|Veronica|Viola|Vittoria|Agnese|Angela|Bianca|Debora|
  Erica|Fabiola|Flavia|Gloria|Jessica|Lara|Letizia|Linda|Manuela|Margherita|Monica|Nadia|Ottavia|
  Patrizia|Rachele|Simona|Stefania|Teresa|Tiziana
`);

export const SURNAMES = split(`
  Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco|Bruno|Gallo|Conti|De Luca|
  Mancini|Costa|Giordano|Rizzo|Lombardi|Moretti|Barbieri|Fontana|Santoro|Mariani|Rinaldi|Caruso|
  Ferrara|Galli|Martini|Leone|Longo|Gentile|Martinelli|Vitale|Lombardo|Serra|Coppola|De Santis|
  D'Angelo|Marchetti|Parisi|Villa|Conte|Ferraro|Ferri|Fabbri|Bianco|Marini|Grasso|Valentini|Messina|
  Sala|De Angelis|Gatti|Pellegrini|Palumbo|Sanna|Farina|Rizzi|Monti|Cattaneo|Morelli|Amato|Silvestri|
  Mazza|Testa|Grassi|Pellegrino|Carbone|Giuliani|Benedetti|Barone|Rossetti|Caputo|Montanari|
  Guerra|Palmieri|Bernardi|Martino|Fiore|De Rosa|Ferretti|Bellini|Basile|Riva|Donati|Piras|Vitali|
  Battaglia|Sartori|Neri|Costantini|Milani|Pagano|Ruggiero|Sorrentino|D'Amico|Orlando|Negri|
  Bassi|Marchi|Fumagalli|Brambilla|Colonna|Bertolini|Zanetti|Pace|Cirillo|Rota|Olivieri|Bellucci|
  Mazzola|Sartini|Ferrero|Bertoni|Cocco|Melis|Murgia|Pinna|Deiana|Zanella|Gasparini|Tosi|Volpe|
  Mele|Lupo|Mancuso|La Rosa|Cristiani|Franco|Giorgi|Ventura|Zanon|Bortolotti|Pizzolato|Tedesco|
  Agostini|Berti|Canepa|Parodi|Oliveri|Cuomo|Iovine|Scognamiglio|Esposito|Ruocco|Calabrese|Lo Russo|
  Musumeci|Lo Bianco|Randazzo|Spinelli|Lo Presti|Bonomi|Ghilardi|Pozzi|Rampazzo|Furlan|Visintin|
  Kofler|Pichler|Demetz|Pedrotti|Chiesa|Bergamaschi|Ferrante|Loiacono|Caprioli|Scarpa|Carraro
`);

/** Distinctive words for club names (`Tennis Club Le Querce`). */
export const CLUB_NICKNAMES = split(`
  Le Querce|La Pineta|Il Pino|Olimpia|Virtus|Aurora|Libertas|Junior|Le Magnolie|Il Poggio|
  La Meridiana|Villa Verde|Belvedere|Green Park|Il Girasole|Due Ponti|Le Pleiadi|Il Cedro|
  Villa Carpena|San Giorgio|Santa Lucia|Montebello|La Fenice|Il Castello|I Pini|Le Palme|Europa|
  Nettuno|Vittoria|Acquacetosa|Le Rose|Il Mulino|La Torre|Fiume|Parco Nord|Parco Sud|Lungomare|
  Collina|Oasi|Forum|Primavera|Valle Verde|Stella Azzurra|Rinascita|Ardens|Pro Patria|Pegaso
`);

export const CLUB_PATTERNS: ReadonlyArray<readonly [(city: string, nick: string) => string, number]> = [
  [(city) => `Tennis Club ${city}`, 14],
  [(city) => `Circolo Tennis ${city}`, 12],
  [(_, nick) => `Tennis Club ${nick}`, 10],
  [(_, nick) => `Circolo Tennis ${nick}`, 6],
  [(city) => `A.S.D. Tennis ${city}`, 8],
  [(_, nick) => `A.S.D. ${nick} Tennis`, 6],
  [(_, nick) => `A.S.D. Circolo Tennis ${nick}`, 4],
  [(_, nick) => `Sporting ${nick}`, 5],
  [(city) => `Sporting Club ${city}`, 5],
  [(city) => `Country Club ${city}`, 3],
  [(city, nick) => `Tennis ${nick} ${city}`, 3],
  [(city) => `Polisportiva ${city}`, 3],
  [(city) => `Tennis Academy ${city}`, 2],
];

export const SURFACES: ReadonlyArray<readonly [string, number]> = [
  ['Terra battuta', 62],
  ['Cemento', 10],
  ['Sintetico', 9],
  ['Erba sintetica', 8],
  ['Resina', 5],
  ['Play-it', 3],
  ['Greenset (coperto)', 3],
];

export const BALLS = split(`
  Dunlop Fort Clay Court|Dunlop ATP Championship|Babolat Gold Academy|Babolat Team Clay|Head ATP|
  Head Tour|Wilson US Open|Wilson Roland Garros Clay|Tecnifibre X-One|Slazenger Wimbledon
`);

export const MATCH_FORMATS = {
  standard: [
    'Due set su tre con tie-break',
    'Due set su tre con tie-break, terzo set match tie-break a 10 punti',
    'Due set su tre con tie-break e killer point',
  ],
  short: [
    'Due set brevi a 4 giochi con tie-break',
    'Un set a 9 giochi con tie-break',
    'Set unico a 6 giochi',
  ],
  doubles: ['Due set su tre con killer point, terzo set match tie-break a 10 punti'],
} as const;

export const DOCUMENT_TITLES = {
  opening: ['Locandina', 'Regolamento del torneo', 'Modulo di iscrizione'],
  closing: ['Programma', 'Comunicato', 'Elenco teste di serie'],
} as const;

export const ORDINALS_FEMININE: Record<number, string> = { 1: '1ª', 2: '2ª', 3: '3ª', 4: '4ª' };

export const WEEKDAYS_IT = [
  'domenica',
  'lunedì',
  'martedì',
  'mercoledì',
  'giovedì',
  'venerdì',
  'sabato',
] as const;
