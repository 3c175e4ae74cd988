/**
 * Italian regions and provinces as the federation identifies them: ISTAT region codes 1..20 and
 * ISTAT province codes with the two-letter sigla (the federation's `id_regione`, `id_provincia`
 * and `sigla_provincia`).
 *
 * The province list is the 107-unit set in force from 2017 to 2025 and used by the federation's
 * search: metropolitan cities and Sicily's free municipal consortia keep their historical
 * provincial code (Roma is 58, not the metropolitan city's statistical code 258), and Friuli-Venezia
 * Giulia's former provinces keep theirs too.
 *
 * Sardinia: the 2025 regional reform (Città metropolitane di Cagliari e Sassari, Province di Nuoro,
 * Oristano, Gallura Nord-Est Sardegna, Ogliastra, Sulcis Iglesiente, Medio Campidano) gets new ISTAT
 * codes only from 1 January 2026, and the federation still files competitions under Sassari, Nuoro,
 * Cagliari, Oristano and Sud Sardegna. Until those codes and sigle are confirmed, the reform's units
 * are deliberately not listed here: add them in this one place when they are.
 */

export interface Region {
  /** ISTAT region code, 1..20. */
  readonly id: number;
  readonly name: string;
}

export type ProvinceKind = 'province' | 'metropolitan-city' | 'free-consortium' | 'autonomous-province';

export interface Province {
  /** ISTAT province code (historical provincial code for metropolitan cities). */
  readonly id: number;
  /** Two-letter code used on number plates and by the federation (`RM`, `MI`). */
  readonly sigla: string;
  readonly name: string;
  readonly regionId: number;
  readonly kind: ProvinceKind;
}

export const REGIONS: readonly Region[] = [
  { id: 1, name: 'Piemonte' },
  { id: 2, name: "Valle d'Aosta" },
  { id: 3, name: 'Lombardia' },
  { id: 4, name: 'Trentino-Alto Adige' },
  { id: 5, name: 'Veneto' },
  { id: 6, name: 'Friuli-Venezia Giulia' },
  { id: 7, name: 'Liguria' },
  { id: 8, name: 'Emilia-Romagna' },
  { id: 9, name: 'Toscana' },
  { id: 10, name: 'Umbria' },
  { id: 11, name: 'Marche' },
  { id: 12, name: 'Lazio' },
  { id: 13, name: 'Abruzzo' },
  { id: 14, name: 'Molise' },
  { id: 15, name: 'Campania' },
  { id: 16, name: 'Puglia' },
  { id: 17, name: 'Basilicata' },
  { id: 18, name: 'Calabria' },
  { id: 19, name: 'Sicilia' },
  { id: 20, name: 'Sardegna' },
];

const P = (
  id: number,
  sigla: string,
  name: string,
  regionId: number,
  kind: ProvinceKind = 'province',
): Province => ({ id, sigla, name, regionId, kind });

export const PROVINCES: readonly Province[] = [
  // Piemonte
  P(1, 'TO', 'Torino', 1, 'metropolitan-city'),
  P(2, 'VC', 'Vercelli', 1),
  P(3, 'NO', 'Novara', 1),
  P(4, 'CN', 'Cuneo', 1),
  P(5, 'AT', 'Asti', 1),
  P(6, 'AL', 'Alessandria', 1),
  P(96, 'BI', 'Biella', 1),
  P(103, 'VB', 'Verbano-Cusio-Ossola', 1),
  // Valle d'Aosta
  P(7, 'AO', 'Aosta', 2),
  // Lombardia
  P(12, 'VA', 'Varese', 3),
  P(13, 'CO', 'Como', 3),
  P(14, 'SO', 'Sondrio', 3),
  P(15, 'MI', 'Milano', 3, 'metropolitan-city'),
  P(16, 'BG', 'Bergamo', 3),
  P(17, 'BS', 'Brescia', 3),
  P(18, 'PV', 'Pavia', 3),
  P(19, 'CR', 'Cremona', 3),
  P(20, 'MN', 'Mantova', 3),
  P(97, 'LC', 'Lecco', 3),
  P(98, 'LO', 'Lodi', 3),
  P(108, 'MB', 'Monza e della Brianza', 3),
  // Trentino-Alto Adige
  P(21, 'BZ', 'Bolzano', 4, 'autonomous-province'),
  P(22, 'TN', 'Trento', 4, 'autonomous-province'),
  // Veneto
  P(23, 'VR', 'Verona', 5),
  P(24, 'VI', 'Vicenza', 5),
  P(25, 'BL', 'Belluno', 5),
  P(26, 'TV', 'Treviso', 5),
  P(27, 'VE', 'Venezia', 5, 'metropolitan-city'),
  P(28, 'PD', 'Padova', 5),
  P(29, 'RO', 'Rovigo', 5),
  // Friuli-Venezia Giulia
  P(30, 'UD', 'Udine', 6),
  P(31, 'GO', 'Gorizia', 6),
  P(32, 'TS', 'Trieste', 6),
  P(93, 'PN', 'Pordenone', 6),
  // Liguria
  P(8, 'IM', 'Imperia', 7),
  P(9, 'SV', 'Savona', 7),
  P(10, 'GE', 'Genova', 7, 'metropolitan-city'),
  P(11, 'SP', 'La Spezia', 7),
  // Emilia-Romagna
  P(33, 'PC', 'Piacenza', 8),
  P(34, 'PR', 'Parma', 8),
  P(35, 'RE', 'Reggio Emilia', 8),
  P(36, 'MO', 'Modena', 8),
  P(37, 'BO', 'Bologna', 8, 'metropolitan-city'),
  P(38, 'FE', 'Ferrara', 8),
  P(39, 'RA', 'Ravenna', 8),
  P(40, 'FC', 'Forlì-Cesena', 8),
  P(99, 'RN', 'Rimini', 8),
  // Toscana
  P(45, 'MS', 'Massa-Carrara', 9),
  P(46, 'LU', 'Lucca', 9),
  P(47, 'PT', 'Pistoia', 9),
  P(48, 'FI', 'Firenze', 9, 'metropolitan-city'),
  P(49, 'LI', 'Livorno', 9),
  P(50, 'PI', 'Pisa', 9),
  P(51, 'AR', 'Arezzo', 9),
  P(52, 'SI', 'Siena', 9),
  P(53, 'GR', 'Grosseto', 9),
  P(100, 'PO', 'Prato', 9),
  // Umbria
  P(54, 'PG', 'Perugia', 10),
  P(55, 'TR', 'Terni', 10),
  // Marche
  P(41, 'PU', 'Pesaro e Urbino', 11),
  P(42, 'AN', 'Ancona', 11),
  P(43, 'MC', 'Macerata', 11),
  P(44, 'AP', 'Ascoli Piceno', 11),
  P(109, 'FM', 'Fermo', 11),
  // Lazio
  P(56, 'VT', 'Viterbo', 12),
  P(57, 'RI', 'Rieti', 12),
  P(58, 'RM', 'Roma', 12, 'metropolitan-city'),
  P(59, 'LT', 'Latina', 12),
  P(60, 'FR', 'Frosinone', 12),
  // Abruzzo
  P(66, 'AQ', "L'Aquila", 13),
  P(67, 'TE', 'Teramo', 13),
  P(68, 'PE', 'Pescara', 13),
  P(69, 'CH', 'Chieti', 13),
  // Molise
  P(70, 'CB', 'Campobasso', 14),
  P(94, 'IS', 'Isernia', 14),
  // Campania
  P(61, 'CE', 'Caserta', 15),
  P(62, 'BN', 'Benevento', 15),
  P(63, 'NA', 'Napoli', 15, 'metropolitan-city'),
  P(64, 'AV', 'Avellino', 15),
  P(65, 'SA', 'Salerno', 15),
  // Puglia
  P(71, 'FG', 'Foggia', 16),
  P(72, 'BA', 'Bari', 16, 'metropolitan-city'),
  P(73, 'TA', 'Taranto', 16),
  P(74, 'BR', 'Brindisi', 16),
  P(75, 'LE', 'Lecce', 16),
  P(110, 'BT', 'Barletta-Andria-Trani', 16),
  // Basilicata
  P(76, 'PZ', 'Potenza', 17),
  P(77, 'MT', 'Matera', 17),
  // Calabria
  P(78, 'CS', 'Cosenza', 18),
  P(79, 'CZ', 'Catanzaro', 18),
  P(80, 'RC', 'Reggio Calabria', 18, 'metropolitan-city'),
  P(101, 'KR', 'Crotone', 18),
  P(102, 'VV', 'Vibo Valentia', 18),
  // Sicilia
  P(81, 'TP', 'Trapani', 19, 'free-consortium'),
  P(82, 'PA', 'Palermo', 19, 'metropolitan-city'),
  P(83, 'ME', 'Messina', 19, 'metropolitan-city'),
  P(84, 'AG', 'Agrigento', 19, 'free-consortium'),
  P(85, 'CL', 'Caltanissetta', 19, 'free-consortium'),
  P(86, 'EN', 'Enna', 19, 'free-consortium'),
  P(87, 'CT', 'Catania', 19, 'metropolitan-city'),
  P(88, 'RG', 'Ragusa', 19, 'free-consortium'),
  P(89, 'SR', 'Siracusa', 19, 'free-consortium'),
  // Sardegna
  P(90, 'SS', 'Sassari', 20),
  P(91, 'NU', 'Nuoro', 20),
  P(92, 'CA', 'Cagliari', 20, 'metropolitan-city'),
  P(95, 'OR', 'Oristano', 20),
  P(111, 'SU', 'Sud Sardegna', 20),
];

const provincesBySigla = new Map(PROVINCES.map((p) => [p.sigla, p]));
const provincesById = new Map(PROVINCES.map((p) => [p.id, p]));
const regionsById = new Map(REGIONS.map((r) => [r.id, r]));

/** The province with that sigla, case-insensitive (`rm` finds Roma). */
export function findProvinceBySigla(sigla: string): Province | undefined {
  return provincesBySigla.get(sigla.trim().toUpperCase());
}

export function findProvinceById(id: number): Province | undefined {
  return provincesById.get(id);
}

export function findRegionById(id: number): Region | undefined {
  return regionsById.get(id);
}

/** The provinces of a region, in ISTAT code order; empty for an unknown region. */
export function provincesOfRegion(regionId: number): Province[] {
  return PROVINCES.filter((p) => p.regionId === regionId).sort((a, b) => a.id - b.id);
}

export function isProvinceInRegion(provinceId: number, regionId: number): boolean {
  return provincesById.get(provinceId)?.regionId === regionId;
}

/**
 * The federation's own province id on the wire (fitp-contract.md §9): the ISTAT code, except the 14
 * metropolitan cities, which it files under their 2xx code (Milano 215, Roma 258); their plain
 * code returns nothing.
 */
export function fitpProvinceId(province: Province): number {
  return province.kind === 'metropolitan-city' ? province.id + 200 : province.id;
}

/** The province of a federation province id (§9), or undefined. */
export function findProvinceByFitpId(fitpId: number): Province | undefined {
  return PROVINCES.find((p) => fitpProvinceId(p) === fitpId);
}

/** A point on the map (WGS84 degrees). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The Earth's radius the haversine uses (`distanceKmSql` writes the same 6,371). */
const EARTH_RADIUS_KM = 6371;

/**
 * Great-circle distance in kilometres (haversine, Earth radius 6,371 km). `distanceKmSql` in
 * apps/server/src/modules/filters/filter-sql.ts is its SQL twin, term for term.
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Latitudes and longitudes, in degrees, holding a circle around a point. */
export interface GeoBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * The box of latitudes and longitudes holding every point within `km` of `point` by
 * {@link distanceKm} (with 1% to spare: a great circle leaving eastwards bends towards the
 * equator, and a parallel's arc is longer than the great circle between its ends). A cheap
 * pre-filter for SQL before the distance itself.
 */
export function boxAround(point: GeoPoint, km: number): GeoBox {
  const kmPerDegree = (EARTH_RADIUS_KM * Math.PI) / 180;
  const dLat = (km * 1.01) / kmPerDegree;
  const dLng = (km * 1.01) / (kmPerDegree * Math.cos((point.lat * Math.PI) / 180));
  return {
    minLat: point.lat - dLat,
    maxLat: point.lat + dLat,
    minLng: point.lng - dLng,
    maxLng: point.lng + dLng,
  };
}

/** The radii of "within N km" (search and saved filters); 30 is the one offered first. */
export const WITHIN_KM_CHOICES = [10, 30, 50, 100] as const;
export type WithinKm = (typeof WITHIN_KM_CHOICES)[number];
export const DEFAULT_WITHIN_KM: WithinKm = 30;

/** `distanceKm` as the app shows it and answers it: to one decimal (`12.3`). */
export function shownDistanceKm(a: GeoPoint, b: GeoPoint): number {
  return Math.round(distanceKm(a, b) * 10) / 10;
}
