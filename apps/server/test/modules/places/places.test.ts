/**
 * Where a competition is played (decision 202): distances between known comuni, a venue from its
 * CAP or its comune, the venue before the organiser's seat, the metropolitan provinces' FITP ids,
 * and the simulator's venues naming real CAPs.
 */
import { MUNICIPALITY_CAPS } from '@radar/fitp-simulator';
import { distanceKm, findProvinceByFitpId } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { mapDetail, mapListRow } from '../../../src/federation/mapping';
import {
  placeOfPostalCode,
  pointOfComune,
  pointOfVenue,
  venuePointOf,
} from '../../../src/modules/places/places';
import { sampleJson } from '../../federation/fixture-server';

const point = (city: string, sigla: string) => {
  const found = pointOfComune(city, sigla);
  if (!found) throw new Error(`${city} (${sigla}) not in the dataset`);
  return found;
};

describe('distances between comuni', () => {
  it('measures known distances in a straight line', () => {
    // Brallo di Pregola (PV, 44.74 N 9.28 E) lies 0.73° of latitude south of Milano: about 81 km
    // as the crow flies (the "about 60 km" was a guess; by road it is over 100).
    const brallo = point('Brallo di Pregola', 'PV');
    const milano = point('Milano', 'MI');
    expect(distanceKm(brallo, milano)).toBeGreaterThan(79);
    expect(distanceKm(brallo, milano)).toBeLessThan(83);
    // Milano–Roma: 477 km between the two centres; the comuni's mean points are a few km off them.
    expect(distanceKm(milano, point('Roma', 'RM'))).toBeGreaterThan(470);
    expect(distanceKm(milano, point('Roma', 'RM'))).toBeLessThan(490);
    // Symmetric, and nothing between a place and itself.
    expect(distanceKm(milano, brallo)).toBeCloseTo(distanceKm(brallo, milano), 9);
    expect(distanceKm(milano, milano)).toBe(0);
  });

  it('knows the comuni by the names in common use and whatever the case and accents', () => {
    expect(pointOfComune('REGGIO EMILIA', 're')).toEqual(point("Reggio nell'Emilia", 'RE'));
    expect(pointOfComune('Reggio Calabria', 'RC')).toEqual(point('Reggio di Calabria', 'RC'));
    expect(pointOfComune('CANTU', 'CO')).toEqual(point('Cantù', 'CO'));
  });
});

describe('a venue’s point', () => {
  it('comes from its CAP first, the named comune among those sharing it', () => {
    // 27050 is the CAP of several comuni of the Oltrepò: the venue's own is chosen.
    const brallo = pointOfVenue({ cap: '27050', municipality: 'Brallo di Pregola', province: 'PV' });
    expect(brallo).toEqual({ lat: 44.7385, lng: 9.28 });
    expect(placeOfPostalCode('27050')?.place.comune).not.toBe('Brallo di Pregola');
    // A CAP of Milano's: that district's point, not the comune's mean.
    const district = pointOfVenue({ cap: '20121', municipality: 'Milano', province: 'MI' });
    expect(district).toEqual({ lat: 45.4683, lng: 9.1984 });
    // The CAP alone.
    expect(pointOfVenue({ cap: '20121', municipality: null, province: null })).toEqual(district);
  });

  it('else from its comune and province; nothing when neither resolves', () => {
    expect(pointOfVenue({ cap: null, municipality: 'Voghera', province: 'PV' })).toEqual(
      point('Voghera', 'PV'),
    );
    // A CAP the dataset does not know: the comune decides.
    expect(pointOfVenue({ cap: '99999', municipality: 'Voghera', province: 'PV' })).toEqual(
      point('Voghera', 'PV'),
    );
    expect(pointOfVenue({ cap: '', municipality: 'Nowhere', province: 'PV' })).toBeNull();
    expect(pointOfVenue({ cap: null, municipality: null, province: null })).toBeNull();
  });

  it('is the venue’s, not the organiser’s seat, when a venue resolves; the seat otherwise, flagged', () => {
    const seat = { city: 'Milano', provinceSigla: 'MI' };
    const venue = { cap: '27050', municipality: 'Brallo di Pregola', province: 'PV' };
    expect(venuePointOf([venue], seat)).toEqual({ venueLat: 44.7385, venueLng: 9.28, venueSource: 'venue' });
    // The first venue that resolves, in order.
    const unknown = { cap: null, municipality: 'Nowhere', province: 'XX' };
    expect(venuePointOf([unknown, venue], seat)).toMatchObject({ venueSource: 'venue', venueLat: 44.7385 });
    const milano = point('Milano', 'MI');
    expect(venuePointOf([unknown], seat)).toEqual({
      venueLat: milano.lat,
      venueLng: milano.lng,
      venueSource: 'seat',
    });
    expect(venuePointOf([], { city: null, provinceSigla: 'MI' })).toEqual({
      venueLat: null,
      venueLng: null,
      venueSource: null,
    });
  });
});

describe('the metropolitan provinces', () => {
  it('place a list row of a metropolitan city (FITP ids 2xx) in its comune', () => {
    for (const [fitpId, sigla, city] of [
      [215, 'MI', 'MILANO'],
      [258, 'RM', 'ROMA'],
      [201, 'TO', 'TORINO'],
      [263, 'NA', 'NAPOLI'],
    ] as const) {
      const province = findProvinceByFitpId(fitpId);
      expect(province?.sigla).toBe(sigla);
      const mapped = mapListRow({
        guid: '0A1B2C3D-0000-4000-8000-000000000215',
        nome_torneo: 'Torneo',
        data_inizio: '02/08/2026',
        citta: city,
        sigla_provincia: sigla.toLowerCase(),
        id_provincia: fitpId,
      });
      if (!mapped.ok) throw new Error(mapped.reason);
      // Stored under the province's own ISTAT code, its point the comune's.
      expect(mapped.value.provinceId).toBe(fitpId - 200);
      const placed = venuePointOf([], mapped.value);
      expect(placed.venueSource).toBe('seat');
      const own = point(city, sigla);
      expect(distanceKm({ lat: placed.venueLat ?? 0, lng: placed.venueLng ?? 0 }, own)).toBe(0);
    }
  });
});

describe('the simulator’s venues', () => {
  it('name a real CAP of their municipality, which the dataset resolves to that comune', () => {
    expect(MUNICIPALITY_CAPS.length).toBeGreaterThan(600);
    for (const [sigla, municipality, cap] of MUNICIPALITY_CAPS) {
      const byCap = pointOfVenue({ cap, municipality, province: sigla });
      const place = placeOfPostalCode(cap);
      expect(place?.place.provinceSigla, `${municipality} ${cap}`).toBe(sigla);
      // The CAP's comune is the municipality: within its own few km.
      expect(distanceKm(byCap ?? { lat: 0, lng: 0 }, point(municipality, sigla)), municipality).toBeLessThan(
        15,
      );
    }
  });
});

describe('the real detail sample (fitp-samples/detail-62831.json)', () => {
  // The Brallo event: its list row gives the organiser's seat, Roma RM (contract §1).
  const seat = { city: 'Roma', provinceSigla: 'RM' };
  const venuesOf = (body: unknown) => {
    const mapped = mapDetail(body, '5B6A1E8E-0000-4000-8000-000000062831');
    if (!mapped) throw new Error('the sample did not map');
    const { detail } = mapped;
    return [...detail.venues, ...detail.tournaments.map((t) => t.venue)];
  };

  it('has no venue named (empty impianti and addresses): the seat stands for it, flagged', () => {
    const placed = venuePointOf(venuesOf(sampleJson('detail-62831.json')), seat);
    expect(placed.venueSource).toBe('seat');
    expect(
      distanceKm({ lat: placed.venueLat ?? 0, lng: placed.venueLng ?? 0 }, point('Roma', 'RM')),
    ).toBeLessThan(1);
  });

  it('takes the venue over the seat once impianti names it', () => {
    const body = {
      ...(sampleJson('detail-62831.json') as Record<string, unknown>),
      impianti: [
        { Address: 'Località Brallo', Cap: '27050', Municipality: 'Brallo di Pregola', Province: 'PV' },
      ],
    };
    const placed = venuePointOf(venuesOf(body), seat);
    expect(placed.venueSource).toBe('venue');
    const at = { lat: placed.venueLat ?? 0, lng: placed.venueLng ?? 0 };
    expect(distanceKm(at, point('Brallo di Pregola', 'PV'))).toBeLessThan(5);
  });
});
