import { describe, expect, it } from 'vitest';
import { readExploreState, searchBody, writeExploreState } from './search-state';

describe('explore state in the address', () => {
  it('reads every filter, the text, the tab and the page, and writes them back without defaults', () => {
    const params = new URLSearchParams(
      'tab=schedule&q=roma&codFonte=1&idStatopuc=3&regionId=12&provinceId=58&prize=1000&tipoTorneo=Femminile&catClass=4&catEta=open&timePeriod=this_month&dataInizio=2026-06-01&dataFine=2026-06-30&page=3',
    );
    const state = readExploreState(params);
    expect(state).toMatchObject({ tab: 'schedule', page: 3, q: 'roma' });
    expect(searchBody(state)).toEqual({
      page: 3,
      limit: 20,
      search: 'roma',
      view: 'schedule',
      filters: {
        codFonte: 1,
        idStatopuc: 3,
        regionId: 12,
        provinceId: 58,
        prize: 1000,
        tipoTorneo: 'Femminile',
        catClass: 4,
        catEta: 'open',
        timePeriod: 'this_month',
        dataInizio: '2026-06-01',
        dataFine: '2026-06-30',
      },
    });
    expect(writeExploreState(state).toString()).toBe(params.toString());
    expect(writeExploreState(readExploreState(new URLSearchParams())).toString()).toBe('');
  });

  it('keeps the order by registration deadline in the address and asks the search for it', () => {
    const state = readExploreState(new URLSearchParams('sort=deadline&eligible=1'));
    expect(state.sort).toBe('deadline');
    expect(searchBody(state)).toMatchObject({ sort: 'deadline', eligibleOnly: true });
    expect(writeExploreState(state).toString()).toBe('eligible=1&sort=deadline');
    // By start date, the default: left out of both.
    expect(searchBody(readExploreState(new URLSearchParams()))).not.toHaveProperty('sort');
  });

  it('keeps "within N km" of a postal code and the order by distance; no radius without its postal code', () => {
    const params = new URLSearchParams('withinKm=30&nearPostalCode=20121&sort=distance');
    const state = readExploreState(params);
    expect(state.filters).toMatchObject({ withinKm: 30, nearPostalCode: '20121' });
    expect(searchBody(state)).toMatchObject({
      sort: 'distance',
      filters: { withinKm: 30, nearPostalCode: '20121' },
    });
    expect(writeExploreState(state).toString()).toBe(params.toString());
    // A radius without its postal code is dropped, and only it.
    const waiting = readExploreState(new URLSearchParams('withinKm=30&regionId=3'));
    expect(waiting.filters).toMatchObject({ withinKm: null, regionId: 3 });
    expect(searchBody(waiting).filters).toEqual({ regionId: 3 });
    // Radii and postal codes outside the spec are dropped.
    const odd = readExploreState(new URLSearchParams('withinKm=25&nearPostalCode=2012'));
    expect(odd.filters).toMatchObject({ withinKm: null, nearPostalCode: null });
  });

  it('drops values outside the spec and keeps the rest', () => {
    const state = readExploreState(
      new URLSearchParams(
        'tab=nope&page=-2&regionId=3&provinceId=58&prize=700&catClass=4&dataInizio=2026-02-30',
      ),
    );
    expect(state.tab).toBe('tournaments');
    expect(state.page).toBe(1);
    expect(readExploreState(new URLSearchParams('sort=nearest')).sort).toBe('start');
    expect(searchBody(state).filters).toEqual({ regionId: 3, catClass: 4 });
  });
});
