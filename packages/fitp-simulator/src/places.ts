/**
 * Real municipalities of every province (the provincial capital first) and the province's
 * population in thousands, which weighs how many competitions, clubs and players it gets.
 */
export interface ProvincePlaces {
  readonly populationThousands: number;
  readonly municipalities: readonly string[];
}

const RAW: Record<string, readonly [number, string]> = {
  TO: [2208, 'Torino|Moncalieri|Collegno|Rivoli|Nichelino|Settimo Torinese|Grugliasco|Chieri|Pinerolo|Ivrea'],
  VC: [165, 'Vercelli|Borgosesia|Santhià|Trino|Varallo'],
  NO: [362, 'Novara|Borgomanero|Trecate|Galliate|Arona|Oleggio'],
  CN: [583, 'Cuneo|Alba|Bra|Fossano|Mondovì|Savigliano|Saluzzo'],
  AT: [206, "Asti|Canelli|Nizza Monferrato|San Damiano d'Asti"],
  AL: [409, 'Alessandria|Casale Monferrato|Novi Ligure|Tortona|Acqui Terme|Valenza|Ovada'],
  BI: [170, 'Biella|Cossato|Vigliano Biellese|Candelo'],
  VB: [154, 'Verbania|Domodossola|Omegna|Stresa'],
  AO: [123, 'Aosta|Saint-Vincent|Châtillon|Courmayeur|Pont-Saint-Martin'],
  VA: [877, 'Varese|Busto Arsizio|Gallarate|Saronno|Castellanza|Luino|Tradate'],
  CO: [596, 'Como|Cantù|Mariano Comense|Erba|Olgiate Comasco|Menaggio'],
  SO: [179, 'Sondrio|Morbegno|Tirano|Chiavenna|Bormio|Livigno'],
  MI: [
    3214,
    'Milano|Sesto San Giovanni|Cinisello Balsamo|Legnano|Rho|Cologno Monzese|Paderno Dugnano|Rozzano|San Donato Milanese|Segrate|Abbiategrasso|Magenta|Corsico',
  ],
  BG: [1103, 'Bergamo|Treviglio|Seriate|Dalmine|Romano di Lombardia|Albino|Caravaggio'],
  BS: [1254, "Brescia|Desenzano del Garda|Montichiari|Lumezzane|Palazzolo sull'Oglio|Rovato|Chiari|Salò"],
  PV: [534, 'Pavia|Vigevano|Voghera|Mortara|Stradella'],
  CR: [351, 'Cremona|Crema|Casalmaggiore|Soresina'],
  MN: [404, 'Mantova|Castiglione delle Stiviere|Suzzara|Viadana|Porto Mantovano'],
  LC: [333, 'Lecco|Merate|Calolziocorte|Casatenovo|Valmadrera'],
  LO: [227, "Lodi|Codogno|Casalpusterlengo|Sant'Angelo Lodigiano"],
  MB: [871, 'Monza|Lissone|Seregno|Desio|Cesano Maderno|Limbiate|Vimercate|Brugherio'],
  BZ: [536, 'Bolzano|Merano|Bressanone|Laives|Brunico|Appiano sulla Strada del Vino'],
  TN: [545, 'Trento|Rovereto|Pergine Valsugana|Arco|Riva del Garda|Lavis'],
  VR: [
    924,
    'Verona|Villafranca di Verona|Legnago|San Giovanni Lupatoto|San Bonifacio|Bussolengo|Peschiera del Garda',
  ],
  VI: [851, 'Vicenza|Bassano del Grappa|Schio|Valdagno|Arzignano|Thiene'],
  BL: [198, "Belluno|Feltre|Sedico|Cortina d'Ampezzo|Ponte nelle Alpi"],
  TV: [876, 'Treviso|Conegliano|Castelfranco Veneto|Montebelluna|Vittorio Veneto|Mogliano Veneto|Oderzo'],
  VE: [837, 'Venezia|Chioggia|San Donà di Piave|Mira|Spinea|Mirano|Jesolo|Portogruaro'],
  PD: [930, 'Padova|Albignasego|Selvazzano Dentro|Vigonza|Cittadella|Abano Terme|Este|Monselice'],
  RO: [229, 'Rovigo|Adria|Porto Viro|Badia Polesine|Lendinara'],
  UD: [
    516,
    'Udine|Codroipo|Tavagnacco|Cervignano del Friuli|Lignano Sabbiadoro|Tolmezzo|Cividale del Friuli',
  ],
  GO: [138, 'Gorizia|Monfalcone|Ronchi dei Legionari|Grado|Cormons'],
  TS: [229, 'Trieste|Muggia|Duino-Aurisina|San Dorligo della Valle'],
  PN: [311, 'Pordenone|Sacile|Cordenons|Porcia|Azzano Decimo|Spilimbergo|Maniago'],
  IM: [209, 'Imperia|Sanremo|Ventimiglia|Bordighera|Taggia|Diano Marina'],
  SV: [268, 'Savona|Albenga|Varazze|Cairo Montenotte|Finale Ligure|Alassio|Loano'],
  GE: [817, 'Genova|Rapallo|Chiavari|Sestri Levante|Arenzano|Recco|Santa Margherita Ligure|Camogli'],
  SP: [215, 'La Spezia|Sarzana|Lerici|Arcola|Levanto'],
  PC: [284, "Piacenza|Fiorenzuola d'Arda|Castel San Giovanni|Rottofreno|Podenzano"],
  PR: [454, 'Parma|Fidenza|Salsomaggiore Terme|Collecchio|Noceto|Langhirano'],
  RE: [529, 'Reggio Emilia|Scandiano|Correggio|Casalgrande|Guastalla|Rubiera'],
  MO: [703, 'Modena|Carpi|Sassuolo|Formigine|Castelfranco Emilia|Vignola|Mirandola|Fiorano Modenese'],
  BO: [
    1010,
    'Bologna|Imola|Casalecchio di Reno|San Lazzaro di Savena|Castel Maggiore|Budrio|Zola Predosa|San Giovanni in Persiceto|Pianoro',
  ],
  FE: [341, 'Ferrara|Cento|Comacchio|Argenta|Copparo|Bondeno'],
  RA: [386, 'Ravenna|Faenza|Lugo|Cervia|Bagnacavallo|Russi'],
  FC: [392, 'Forlì|Cesena|Cesenatico|Savignano sul Rubicone|Forlimpopoli|Bertinoro'],
  RN: [338, 'Rimini|Riccione|Santarcangelo di Romagna|Cattolica|Bellaria-Igea Marina|Misano Adriatico'],
  MS: [189, 'Massa|Carrara|Montignoso|Pontremoli|Aulla'],
  LU: [383, 'Lucca|Viareggio|Capannori|Camaiore|Pietrasanta|Forte dei Marmi|Massarosa'],
  PT: [290, 'Pistoia|Montecatini Terme|Quarrata|Monsummano Terme|Pescia|Agliana'],
  FI: [
    984,
    'Firenze|Scandicci|Sesto Fiorentino|Empoli|Campi Bisenzio|Bagno a Ripoli|Fiesole|Pontassieve|Borgo San Lorenzo|Figline e Incisa Valdarno',
  ],
  LI: [329, 'Livorno|Piombino|Rosignano Marittimo|Cecina|Portoferraio|Collesalvetti'],
  PI: [418, 'Pisa|Cascina|San Giuliano Terme|Pontedera|San Miniato|Volterra'],
  AR: [335, 'Arezzo|Montevarchi|Cortona|San Giovanni Valdarno|Sansepolcro|Bibbiena'],
  SI: [264, "Siena|Poggibonsi|Colle di Val d'Elsa|Montepulciano|Chianciano Terme|Sinalunga"],
  GR: [216, 'Grosseto|Follonica|Orbetello|Massa Marittima|Castiglione della Pescaia'],
  PO: [258, 'Prato|Montemurlo|Carmignano|Vaiano|Poggio a Caiano'],
  PG: [638, 'Perugia|Foligno|Città di Castello|Spoleto|Gubbio|Assisi|Bastia Umbra|Todi'],
  TR: [215, 'Terni|Orvieto|Narni|Amelia'],
  PU: [352, 'Pesaro|Fano|Urbino|Vallefoglia|Fossombrone|Cagli'],
  AN: [466, 'Ancona|Senigallia|Jesi|Fabriano|Osimo|Castelfidardo|Falconara Marittima'],
  MC: [304, 'Macerata|Civitanova Marche|Recanati|Tolentino|Porto Recanati|Camerino'],
  AP: [200, 'Ascoli Piceno|San Benedetto del Tronto|Grottammare|Monteprandone'],
  FM: [168, "Fermo|Porto San Giorgio|Porto Sant'Elpidio|Sant'Elpidio a Mare|Montegranaro"],
  VT: [307, 'Viterbo|Civita Castellana|Tarquinia|Vetralla|Montefiascone'],
  RI: [150, 'Rieti|Fara in Sabina|Cittaducale|Poggio Mirteto'],
  RM: [
    4216,
    'Roma|Fiumicino|Guidonia Montecelio|Tivoli|Pomezia|Anzio|Velletri|Civitavecchia|Ladispoli|Frascati|Ciampino|Marino|Monterotondo',
  ],
  LT: [567, 'Latina|Aprilia|Terracina|Fondi|Formia|Cisterna di Latina|Sabaudia|Gaeta|Sperlonga'],
  FR: [466, 'Frosinone|Cassino|Sora|Alatri|Ceccano|Anagni|Fiuggi'],
  AQ: [288, "L'Aquila|Avezzano|Sulmona|Celano|Roccaraso"],
  TE: [298, 'Teramo|Giulianova|Roseto degli Abruzzi|Silvi|Alba Adriatica|Martinsicuro'],
  PE: [314, "Pescara|Montesilvano|Spoltore|Città Sant'Angelo|Penne"],
  CH: [372, 'Chieti|Lanciano|Vasto|Francavilla al Mare|Ortona|San Salvo'],
  CB: [212, 'Campobasso|Termoli|Bojano|Larino'],
  IS: [81, 'Isernia|Venafro|Agnone'],
  CE: [907, 'Caserta|Aversa|Marcianise|Maddaloni|Santa Maria Capua Vetere|Mondragone|Capua'],
  BN: [264, "Benevento|Montesarchio|Sant'Agata de' Goti|San Giorgio del Sannio|Telese Terme"],
  NA: [
    2990,
    "Napoli|Pozzuoli|Torre del Greco|Giugliano in Campania|Casoria|Castellammare di Stabia|Sorrento|Portici|Ercolano|Afragola|Pomigliano d'Arco|Ischia|Nola",
  ],
  AV: [401, 'Avellino|Ariano Irpino|Montoro|Solofra|Atripalda|Mercogliano'],
  SA: [
    1060,
    "Salerno|Cava de' Tirreni|Battipaglia|Nocera Inferiore|Eboli|Scafati|Agropoli|Sarno|Pontecagnano Faiano|Amalfi",
  ],
  FG: [600, 'Foggia|San Severo|Cerignola|Manfredonia|Lucera|San Giovanni Rotondo|Vieste'],
  BA: [
    1220,
    'Bari|Altamura|Molfetta|Bitonto|Monopoli|Gravina in Puglia|Modugno|Polignano a Mare|Putignano|Conversano',
  ],
  TA: [560, 'Taranto|Martina Franca|Grottaglie|Massafra|Manduria|Castellaneta'],
  BR: [377, 'Brindisi|Fasano|Francavilla Fontana|Ostuni|Mesagne|San Vito dei Normanni'],
  LE: [770, 'Lecce|Nardò|Galatina|Gallipoli|Casarano|Copertino|Maglie|Otranto'],
  BT: [380, 'Barletta|Andria|Trani|Bisceglie|Canosa di Puglia|Margherita di Savoia'],
  PZ: [346, 'Potenza|Melfi|Rionero in Vulture|Lavello|Avigliano|Lauria'],
  MT: [192, 'Matera|Pisticci|Policoro|Bernalda|Montescaglioso'],
  CS: [667, 'Cosenza|Corigliano-Rossano|Rende|Castrovillari|Acri|Paola|Scalea'],
  CZ: [339, 'Catanzaro|Lamezia Terme|Soverato|Borgia'],
  RC: [520, 'Reggio Calabria|Gioia Tauro|Palmi|Siderno|Villa San Giovanni|Locri'],
  KR: [160, 'Crotone|Isola di Capo Rizzuto|Cirò Marina|Cutro'],
  VV: [150, 'Vibo Valentia|Tropea|Pizzo|Serra San Bruno'],
  TP: [411, 'Trapani|Marsala|Mazara del Vallo|Alcamo|Castelvetrano|Erice'],
  PA: [1200, 'Palermo|Bagheria|Carini|Monreale|Partinico|Termini Imerese|Cefalù'],
  ME: [
    600,
    "Messina|Barcellona Pozzo di Gotto|Milazzo|Taormina|Patti|Capo d'Orlando|Sant'Agata di Militello",
  ],
  AG: [414, 'Agrigento|Sciacca|Licata|Canicattì|Favara|Porto Empedocle'],
  CL: [248, 'Caltanissetta|Gela|Niscemi|San Cataldo'],
  EN: [156, 'Enna|Piazza Armerina|Nicosia|Leonforte'],
  CT: [1070, 'Catania|Acireale|Misterbianco|Paternò|Caltagirone|Adrano|Giarre|Aci Castello'],
  RG: [316, 'Ragusa|Vittoria|Modica|Comiso|Scicli|Pozzallo'],
  SR: [387, 'Siracusa|Augusta|Avola|Noto|Lentini|Floridia'],
  SS: [476, 'Sassari|Olbia|Alghero|Porto Torres|Tempio Pausania|Arzachena|Sorso'],
  NU: [200, 'Nuoro|Siniscola|Macomer|Tortolì|Orosei|Dorgali'],
  CA: [420, "Cagliari|Quartu Sant'Elena|Selargius|Assemini|Capoterra|Monserrato|Sestu"],
  OR: [150, 'Oristano|Terralba|Cabras|Bosa|Ghilarza'],
  SU: [335, "Carbonia|Iglesias|Villacidro|Sanluri|Guspini|Sant'Antioco|Senorbì"],
};

export const PLACES_BY_SIGLA: ReadonlyMap<string, ProvincePlaces> = new Map(
  Object.entries(RAW).map(([sigla, [populationThousands, names]]) => [
    sigla,
    { populationThousands, municipalities: names.split('|') },
  ]),
);

export function placesOf(sigla: string): ProvincePlaces {
  const places = PLACES_BY_SIGLA.get(sigla);
  if (!places) throw new Error(`No municipalities for province ${sigla}`);
  return places;
}

/**
 * How much tennis a province gets, relative to the others: population to the power 0.75, so the
 * big cities lead without leaving the small provinces (Aosta, Isernia) empty.
 */
export const provinceWeight = (sigla: string): number => placesOf(sigla).populationThousands ** 0.75;
