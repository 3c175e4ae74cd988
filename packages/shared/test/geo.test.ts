import { describe, expect, it } from 'vitest';
import {
  boxAround,
  distanceKm,
  findProvinceById,
  findProvinceBySigla,
  findRegionById,
  isProvinceInRegion,
  PROVINCES,
  provincesOfRegion,
  REGIONS,
} from '../src/geo';

describe('geo reference data', () => {
  it('has the 20 regions with ISTAT codes 1..20', () => {
    expect(REGIONS.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(findRegionById(12)?.name).toBe('Lazio');
    expect(findRegionById(20)?.name).toBe('Sardegna');
  });

  it('has the 107 provinces with unique codes and unique two-letter sigle', () => {
    expect(PROVINCES).toHaveLength(107);
    expect(new Set(PROVINCES.map((p) => p.id)).size).toBe(PROVINCES.length);
    expect(new Set(PROVINCES.map((p) => p.sigla)).size).toBe(PROVINCES.length);
    for (const p of PROVINCES) expect(p.sigla).toMatch(/^[A-Z]{2}$/);
  });

  it('puts every province in an existing region and gives every region provinces', () => {
    for (const p of PROVINCES) expect(findRegionById(p.regionId), p.name).toBeDefined();
    for (const r of REGIONS) expect(provincesOfRegion(r.id).length, r.name).toBeGreaterThan(0);
    expect(provincesOfRegion(2).map((p) => p.sigla)).toEqual(['AO']);
    expect(provincesOfRegion(99)).toEqual([]);
  });

  it.each([
    ['RM', 58, 12, 'Roma'],
    ['MI', 15, 3, 'Milano'],
    ['TO', 1, 1, 'Torino'],
    ['NA', 63, 15, 'Napoli'],
    ['MB', 108, 3, 'Monza e della Brianza'],
    ['BT', 110, 16, 'Barletta-Andria-Trani'],
    ['SU', 111, 20, 'Sud Sardegna'],
    ['KR', 101, 18, 'Crotone'],
  ])('maps %s to province %i in region %i', (sigla, id, regionId, name) => {
    const province = findProvinceBySigla(sigla);
    expect(province).toMatchObject({ id, regionId, name });
    expect(findProvinceById(id)?.sigla).toBe(sigla);
    expect(isProvinceInRegion(id, regionId)).toBe(true);
  });

  it('finds sigle case-insensitively and rejects mismatched pairs', () => {
    expect(findProvinceBySigla(' rm ')?.id).toBe(58);
    expect(findProvinceBySigla('XX')).toBeUndefined();
    expect(isProvinceInRegion(58, 3)).toBe(false);
    expect(isProvinceInRegion(999, 12)).toBe(false);
  });
});

describe('boxAround (the SQL pre-filter of "near you")', () => {
  it('boxes every point within the radius: north, south, east and west at the radius lie inside', () => {
    const centre = { lat: 45.4642, lng: 9.19 };
    const box = boxAround(centre, 60);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      // The point 60 km away on this bearing (the haversine's sphere).
      const d = 60 / 6371;
      const b = (bearing * Math.PI) / 180;
      const la = (centre.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(b));
      const lng2 =
        (centre.lng * Math.PI) / 180 +
        Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(lat2));
      const point = { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
      expect(distanceKm(centre, point)).toBeCloseTo(60, 6);
      expect(point.lat).toBeGreaterThan(box.minLat);
      expect(point.lat).toBeLessThan(box.maxLat);
      expect(point.lng).toBeGreaterThan(box.minLng);
      expect(point.lng).toBeLessThan(box.maxLng);
    }
    // Not much more: 70 km due north is outside.
    expect(centre.lat + 70 / ((6371 * Math.PI) / 180)).toBeGreaterThan(box.maxLat);
  });
});
