import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, searchResponse } from '../../../../test/fixtures/competitions';
import { savedFilter, stubFiltersApi } from '../../../../test/fixtures/filters';
import { openExploreFilters, renderApp } from '../../../../test/test-utils';

const SEARCH = '/api/competitions/search_competitions';
const search = () => json(searchResponse());

describe('/explore saved filters', () => {
  it('applies a saved filter to the search', async () => {
    const roma = savedFilter({
      name: 'Roma 4ª',
      regionId: 12,
      provinceId: 58,
      catClass: 4,
      prize: 500,
      timePeriod: 'next_3_months',
    });
    const api = stubFiltersApi([roma, savedFilter({ name: 'Spenta', notificationsEnabled: false })], {
      other: search,
    });
    const { router } = renderApp('/explore?q=open');
    const saved = (await screen.findByLabelText('Filtri salvati')) as HTMLSelectElement;
    await waitFor(() => expect(saved.disabled).toBe(false));
    expect([...saved.options].map((o) => o.textContent)).toEqual([
      'Applica un filtro salvato…',
      'Roma 4ª',
      'Spenta (non attivo)',
    ]);
    await act(async () => {
      fireEvent.change(saved, { target: { value: roma.id } });
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === SEARCH).at(-1)?.body).toEqual({
        page: 1,
        limit: 20,
        search: 'open',
        filters: { regionId: 12, provinceId: 58, catClass: 4, prize: 500, timePeriod: 'next_3_months' },
        view: 'tournaments',
      }),
    );
    expect(router.state.location.search).toBe(
      '?q=open&regionId=12&provinceId=58&prize=500&catClass=4&timePeriod=next_3_months',
    );
    // The control shows which saved filter the search is.
    expect(saved.value).toBe(roma.id);
    // The filter panel's summary counts them; opened, it shows them (its fields render when open).
    await openExploreFilters();
    await waitFor(() => expect((screen.getByLabelText('Provincia') as HTMLSelectElement).value).toBe('58'));
  });

  it('saves the current search as a filter through the wizard, prefilled', async () => {
    const api = stubFiltersApi([], { other: search });
    renderApp('/explore?regionId=12&provinceId=58&codFonte=1&tipoTorneo=Femminile&timePeriod=next_month');
    await click(await screen.findByRole('button', { name: 'Salva come filtro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo filtro' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), {
        target: { value: 'Roma femminile' },
      });
    });
    await click(within(dialog).getByRole('button', { name: 'Avanti' }));
    await within(dialog).findByText('Passo 2 di 3: Dettagli del torneo');
    expect((within(dialog).getByLabelText('Regione') as HTMLSelectElement).value).toBe('12');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Provincia') as HTMLSelectElement).value).toBe('58'),
    );
    await click(within(dialog).getByRole('button', { name: 'Avanti' }));
    await click(await within(dialog).findByRole('button', { name: 'Salva il filtro' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/filters')?.body).toEqual({
        name: 'Roma femminile',
        notificationsEnabled: true,
        codFonte: 1,
        idStatopuc: 0,
        dataInizio: null,
        dataFine: null,
        regionId: 12,
        provinceId: 58,
        prize: 0,
        tipoTorneo: 'Femminile',
        catClass: null,
        catEta: null,
        timePeriod: 'next_month',
        withinKm: null,
        nearPostalCode: null,
      }),
    );
    expect(await screen.findByText('Filtro «Roma femminile» creato')).toBeTruthy();
    // The new filter is at once among the saved ones, and it is the search on screen.
    const saved = screen.getByLabelText('Filtri salvati') as HTMLSelectElement;
    await waitFor(() => expect(saved.selectedOptions[0]?.textContent).toBe('Roma femminile'));
  });

  it('says when the search’s period is not one a filter can keep', async () => {
    stubFiltersApi([], { other: search });
    renderApp('/explore?timePeriod=this_week');
    await click(await screen.findByRole('button', { name: 'Salva come filtro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo filtro' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), { target: { value: 'Settimana' } });
    });
    await click(within(dialog).getByRole('button', { name: 'Avanti' }));
    expect(
      await within(dialog).findByText(
        'Il periodo «Questa settimana» della ricerca non è disponibile per i filtri: scegli uno dei periodi qui sotto o delle date.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Periodo') as HTMLSelectElement).value).toBe('all');
  });
});

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}
