import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../../test/api-stub';
import { LAZIO_PROVINCE_OPTIONS } from '../../../../test/fixtures/competitions';
import { ALL_CRITERIA, savedFilter, stubFiltersApi } from '../../../../test/fixtures/filters';
import { renderApp } from '../../../../test/test-utils';

/** The first screen loads its route chunk first. */

const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const choose = async (label: string | RegExp, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};
const group = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name}`) }));
const namesIn = (name: string) =>
  group(name)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

describe('/filters list', () => {
  it('shows active and inactive filters in two groups with their criteria in words and last update', async () => {
    stubFiltersApi([
      savedFilter({
        name: 'Roma 4ª',
        regionId: 12,
        provinceId: 58,
        codFonte: 1,
        idStatopuc: 3,
        prize: 500,
        tipoTorneo: 'Maschile',
        catClass: 4,
        catEta: 'open',
        timePeriod: 'next_3_months',
      }),
      savedFilter({ name: 'Estate', dataInizio: '2027-06-01', dataFine: '2027-08-31' }),
      savedFilter({ name: 'Vecchio', notificationsEnabled: false }),
    ]);
    renderApp('/filters');
    await screen.findByRole('heading', { name: 'Roma 4ª' });
    expect(namesIn('Filtri attivi')).toEqual(['Estate', 'Roma 4ª']);
    expect(namesIn('Filtri non attivi')).toEqual(['Vecchio']);

    const roma = screen.getByRole('article', { name: 'Roma 4ª' });
    const chips = () =>
      within(within(roma).getByRole('list', { name: 'Criteri' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Region and province by name, once the reference data is there.
    await waitFor(() => expect(chips()[0]).toBe('Lazio'));
    expect(chips()).toEqual([
      'Lazio',
      'Roma (RM)',
      'Tornei FITP',
      'Iscrizioni aperte',
      'Fino a 500\u00a0€',
      'Singolare maschile · 4ª categoria · Open',
      'Entro 3 mesi',
    ]);
    expect(within(roma).getByText(/^Aggiornato il 21 nov 2026, 17:30$/)).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Estate' })).getByText('Dall’1 giu 2027 al 31 ago 2027'),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Vecchio' })).getByText('Tutti i tornei')).toBeTruthy();
  });

  it('offers to create the first filter when there is none', async () => {
    stubFiltersApi([]);
    renderApp('/filters');
    expect(await screen.findByRole('heading', { name: 'Nessun filtro salvato' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Elimina tutti' })).toBeNull();
    await click(screen.getByRole('button', { name: 'Crea il tuo primo filtro' }));
    expect(await screen.findByRole('dialog', { name: 'Nuovo filtro' })).toBeTruthy();
  });

  it('switches a filter off and on with its switch, and the list follows', async () => {
    const api = stubFiltersApi([savedFilter({ name: 'Roma' }), savedFilter({ name: 'Milano' })]);
    renderApp('/filters');
    const toggle = await screen.findByRole('switch', { name: 'Notifiche del filtro Roma' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await click(toggle);
    await waitFor(() => expect(namesIn('Filtri non attivi')).toEqual(['Roma']));
    expect(namesIn('Filtri attivi')).toEqual(['Milano']);
    expect(
      screen.getByRole('switch', { name: 'Notifiche del filtro Roma' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(await screen.findByText('Filtro «Roma» disattivato')).toBeTruthy();
    const romaId = api.items.find((f) => f.name === 'Roma')?.id;
    expect(api.calls.some((c) => c.method === 'PATCH' && c.path === `/api/filters/${romaId}/toggle`)).toBe(
      true,
    );

    await click(screen.getByRole('switch', { name: 'Notifiche del filtro Roma' }));
    await waitFor(() => expect(namesIn('Filtri attivi')).toEqual(['Milano', 'Roma']));
  });

  it('puts the switch back and says why when the toggle fails', async () => {
    stubFiltersApi([savedFilter({ name: 'Roma' })], {
      fail: [{ method: 'PATCH', path: /toggle$/, response: () => apiError('FILTER_NOT_FOUND', 404) }],
    });
    renderApp('/filters');
    await click(await screen.findByRole('switch', { name: 'Notifiche del filtro Roma' }));
    expect(await screen.findByText('Filtro non trovato.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Notifiche del filtro Roma' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });

  it('deletes one filter only after the confirmation', async () => {
    const api = stubFiltersApi([savedFilter({ name: 'Roma' }), savedFilter({ name: 'Milano' })]);
    renderApp('/filters');
    await click(await screen.findByRole('button', { name: 'Elimina il filtro Roma' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminare il filtro?' });
    expect(dialog.textContent).toContain('Il filtro «Roma» verrà eliminato');
    // Cancelling deletes nothing.
    await click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await click(screen.getByRole('button', { name: 'Elimina il filtro Roma' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminare il filtro?' });
    await click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Roma' })).toBeNull());
    expect(namesIn('Filtri attivi')).toEqual(['Milano']);
    expect(await screen.findByText('Filtro «Roma» eliminato')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toHaveLength(1);
  });

  it('disables all filters after the confirmation', async () => {
    const api = stubFiltersApi([
      savedFilter({ name: 'Roma' }),
      savedFilter({ name: 'Milano' }),
      savedFilter({ name: 'Napoli', notificationsEnabled: false }),
    ]);
    renderApp('/filters');
    await click(await screen.findByRole('button', { name: 'Disattiva tutti' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disattivare tutti i filtri?' });
    expect(dialog.textContent).toContain('2 filtri attivi verranno disattivati');
    await click(within(dialog).getByRole('button', { name: 'Disattiva tutti' }));
    await waitFor(() => expect(namesIn('Filtri non attivi')).toEqual(['Milano', 'Napoli', 'Roma']));
    expect(
      group('Filtri attivi').getByText('Nessun filtro attivo: non riceverai avvisi sui nuovi tornei.'),
    ).toBeTruthy();
    expect(await screen.findByText('2 filtri disattivati')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/filters/disable-all').map((c) => c.method)).toEqual([
      'PATCH',
    ]);
    expect((screen.getByRole('button', { name: 'Disattiva tutti' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('deletes all filters after the confirmation, then offers to create one', async () => {
    const api = stubFiltersApi([savedFilter({ name: 'Roma' }), savedFilter({ name: 'Milano' })]);
    renderApp('/filters');
    await click(await screen.findByRole('button', { name: 'Elimina tutti' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare tutti i filtri?' });
    expect(dialog.textContent).toContain('Tutti e 2 i filtri verranno eliminati');
    await click(within(dialog).getByRole('button', { name: 'Elimina tutti' }));
    expect(await screen.findByRole('heading', { name: 'Nessun filtro salvato' })).toBeTruthy();
    expect(await screen.findByText('2 filtri eliminati')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/filters']);
  });

  it('shows the server’s error in the user’s language when deleting all fails', async () => {
    stubFiltersApi([savedFilter({ name: 'Roma' })], {
      fail: [{ method: 'DELETE', path: /^\/api\/filters$/, response: () => apiError('SERVER_ERROR', 500) }],
    });
    renderApp('/filters');
    await click(await screen.findByRole('button', { name: 'Elimina tutti' }));
    const dialog = await screen.findByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: 'Elimina tutti' }));
    expect(await screen.findByText('Errore del server. Riprova più tardi.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Roma' })).toBeTruthy();
  });
});

describe('/filters wizard', () => {
  const openWizard = async () => {
    await click(await screen.findByRole('button', { name: /Nuovo filtro|Crea il tuo primo filtro/ }));
    return screen.findByRole('dialog', { name: /filtro/ });
  };
  const next = () => click(screen.getByRole('button', { name: 'Avanti' }));

  it('checks each step before the next, cascades region → province, and sends the fixed body', async () => {
    const api = stubFiltersApi([]);
    renderApp('/filters');
    const dialog = await openWizard();
    expect(within(dialog).getByText('Passo 1 di 3: Nome')).toBeTruthy();
    const steps = within(within(dialog).getByRole('list', { name: 'Passaggi della creazione del filtro' }));
    expect(steps.getByText('Nome').closest('li')?.getAttribute('aria-current')).toBe('step');

    // Step 1: a name is required.
    await next();
    expect(await within(dialog).findByText('Questo campo è obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Passo 1 di 3: Nome')).toBeTruthy();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), {
        target: { value: '  Roma estate  ' },
      });
    });
    await next();
    expect(await within(dialog).findByText('Passo 2 di 3: Dettagli del torneo')).toBeTruthy();
    // Focus moves to the new step's title, so it is announced and tabbing starts from there.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Passo 2 di 3: Dettagli del torneo'),
    );

    // Step 2: the provinces of the chosen region only.
    const province = screen.getByLabelText('Provincia') as HTMLSelectElement;
    expect(province.disabled).toBe(true);
    await waitFor(() => expect((screen.getByLabelText('Regione') as HTMLSelectElement).disabled).toBe(false));
    await choose('Regione', '12');
    expect([...province.options].map((o) => o.textContent)).toEqual(LAZIO_PROVINCE_OPTIONS);
    // Filters offer only their own periods (spec §9).
    expect([...(screen.getByLabelText('Periodo') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'all',
      'next_month',
      'next_3_months',
      'next_6_months',
    ]);
    await choose('Provincia', '58');
    await choose('Tipo di competizione', '2');
    await choose('Stato', '3');
    await choose('Montepremi', '1001');
    await choose('Tipo di torneo', 'DoppioF');
    await choose('Categoria', '3');
    await choose("Fascia d'età", 'veterani');
    await choose('Periodo', 'next_6_months');
    // An end date before the start date stops the step.
    await choose('Dal giorno', '2027-07-10');
    await choose('Al giorno', '2027-07-01');
    await next();
    expect(await screen.findByText('La data di fine non può precedere la data di inizio')).toBeTruthy();
    expect(within(dialog).getByText('Passo 2 di 3: Dettagli del torneo')).toBeTruthy();
    await choose('Al giorno', '2027-07-31');
    await next();

    // Step 3: notifications and the review.
    expect(await within(dialog).findByText('Passo 3 di 3: Personalizzazione')).toBeTruthy();
    const review = within(screen.getByRole('region', { name: 'Riepilogo' }));
    expect(review.getByText('Roma estate', { exact: false })).toBeTruthy();
    expect(review.getByText('Roma (RM)')).toBeTruthy();
    expect(review.getByText('Dal 10 lug 2027 al 31 lug 2027')).toBeTruthy();
    await click(screen.getByRole('switch', { name: 'Notifiche' }));
    await click(screen.getByRole('button', { name: 'Salva il filtro' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = api.calls.find((c) => c.method === 'POST')?.body;
    expect(body).toEqual({
      name: 'Roma estate',
      notificationsEnabled: false,
      codFonte: 2,
      idStatopuc: 3,
      dataInizio: '2027-07-10',
      dataFine: '2027-07-31',
      regionId: 12,
      provinceId: 58,
      prize: 1001,
      tipoTorneo: 'DoppioF',
      catClass: 3,
      catEta: 'veterani',
      timePeriod: 'next_6_months',
      withinKm: null,
      nearPostalCode: null,
    });
    expect(Object.keys(body as object)).toEqual([
      'name',
      'notificationsEnabled',
      ...Object.keys(ALL_CRITERIA),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Filtro «Roma estate» creato')).toBeTruthy();
    expect(namesIn('Filtri non attivi')).toEqual(['Roma estate']);
  });

  it('sends "all" as 0 and null when no criterion is chosen', async () => {
    const api = stubFiltersApi([]);
    renderApp('/filters');
    const dialog = await openWizard();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), { target: { value: 'Tutto' } });
    });
    await next();
    await next();
    await click(await screen.findByRole('button', { name: 'Salva il filtro' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Tutto',
        notificationsEnabled: true,
        ...ALL_CRITERIA,
      }),
    );
  });

  it('refuses a name another filter has at step 1, whatever its case and spaces, without asking the server', async () => {
    const api = stubFiltersApi([savedFilter({ name: 'Roma' }), savedFilter({ name: 'Milano' })]);
    renderApp('/filters');
    await screen.findByRole('heading', { name: 'Roma' });
    const dialog = await openWizard();
    const name = within(dialog).getByLabelText('Nome del filtro') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(name, { target: { value: '  rOMA ' } });
    });
    await next();
    expect(await within(dialog).findByText('Esiste già un filtro con questo nome')).toBeTruthy();
    expect(within(dialog).getByText('Passo 1 di 3: Nome')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Another name goes on.
    await act(async () => {
      fireEvent.change(name, { target: { value: 'Roma estate' } });
    });
    await next();
    expect(await within(dialog).findByText('Passo 2 di 3: Dettagli del torneo')).toBeTruthy();
  });

  it('lets a filter being edited keep its own name', async () => {
    stubFiltersApi([savedFilter({ name: 'Roma' })]);
    renderApp('/filters');
    const article = (await screen.findByRole('heading', { name: 'Roma' })).closest('article') as HTMLElement;
    await click(within(article).getByRole('button', { name: /Modifica/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica filtro' });
    await next();
    expect(await within(dialog).findByText('Passo 2 di 3: Dettagli del torneo')).toBeTruthy();
  });

  it('sends the user back to step 1 with the server’s message when the name is taken meanwhile', async () => {
    // Saved from another device after this page loaded the list: only the server knows.
    stubFiltersApi([], {
      fail: [
        { method: 'POST', path: /^\/api\/filters$/, response: () => apiError('FILTER_NAME_TAKEN', 409) },
      ],
    });
    renderApp('/filters');
    const dialog = await openWizard();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), { target: { value: 'roma' } });
    });
    await next();
    await next();
    await click(await screen.findByRole('button', { name: 'Salva il filtro' }));
    expect(await within(dialog).findByText('Esiste già un filtro con questo nome')).toBeTruthy();
    expect(within(dialog).getByText('Passo 1 di 3: Nome')).toBeTruthy();
    const name = within(dialog).getByLabelText('Nome del filtro');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect((name as HTMLInputElement).value).toBe('roma');
  });

  it('puts VALIDATION_ERROR messages on their fields and returns to their step', async () => {
    stubFiltersApi([], {
      fail: [
        {
          method: 'POST',
          path: /^\/api\/filters$/,
          response: () =>
            apiError('VALIDATION_ERROR', 400, {
              fields: { provinceId: ['La provincia non appartiene alla regione scelta'] },
            }),
        },
      ],
    });
    renderApp('/filters');
    const dialog = await openWizard();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), { target: { value: 'X' } });
    });
    await next();
    await next();
    await click(await screen.findByRole('button', { name: 'Salva il filtro' }));
    expect(await within(dialog).findByText('Passo 2 di 3: Dettagli del torneo')).toBeTruthy();
    expect(within(dialog).getByText('La provincia non appartiene alla regione scelta')).toBeTruthy();
    expect(screen.getByLabelText('Provincia').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so in the user’s language, in the dialog and a toast, when the filter limit is reached', async () => {
    stubFiltersApi([], {
      fail: [
        {
          method: 'POST',
          path: /^\/api\/filters$/,
          response: () => apiError('FILTER_LIMIT_REACHED', 409, { count: 50 }),
        },
      ],
    });
    renderApp('/filters');
    const dialog = await openWizard();
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), {
        target: { value: 'Uno di troppo' },
      });
    });
    await next();
    await next();
    await click(await screen.findByRole('button', { name: 'Salva il filtro' }));
    const text = 'Hai raggiunto il numero massimo di filtri (50). Eliminane uno per crearne un altro.';
    expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(screen.getAllByText(text).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog', { name: 'Nuovo filtro' })).toBeTruthy();
  });

  it('shows "within 30 km" on the filter card and in the wizard, and saves it with its postal code', async () => {
    const near = savedFilter({ name: 'Vicino a casa', withinKm: 30, nearPostalCode: '20121' });
    const api = stubFiltersApi([near]);
    renderApp('/filters');
    expect(await screen.findByText('Entro 30 km da 20121')).toBeTruthy();
    await click(await screen.findByRole('button', { name: 'Modifica il filtro Vicino a casa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica filtro' });
    await next();
    expect((within(dialog).getByLabelText('Distanza') as HTMLSelectElement).value).toBe('30');
    expect((within(dialog).getByLabelText('CAP da cui misurare') as HTMLInputElement).value).toBe('20121');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Distanza'), { target: { value: '50' } });
    });
    await next();
    await click(await screen.findByRole('button', { name: 'Salva il filtro' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      withinKm: 50,
      nearPostalCode: '20121',
    });
  });

  it('edits a filter with the wizard prefilled and saves it with PUT', async () => {
    const roma = savedFilter({
      name: 'Roma',
      regionId: 12,
      provinceId: 58,
      catClass: 4,
      timePeriod: 'next_month',
      notificationsEnabled: false,
    });
    const api = stubFiltersApi([roma]);
    renderApp('/filters');
    await click(await screen.findByRole('button', { name: 'Modifica il filtro Roma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica filtro' });
    expect((within(dialog).getByLabelText('Nome del filtro') as HTMLInputElement).value).toBe('Roma');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Nome del filtro'), { target: { value: 'Roma città' } });
    });
    await next();
    await waitFor(() => expect((screen.getByLabelText('Provincia') as HTMLSelectElement).value).toBe('58'));
    expect((screen.getByLabelText('Regione') as HTMLSelectElement).value).toBe('12');
    expect((screen.getByLabelText('Categoria') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText('Periodo') as HTMLSelectElement).value).toBe('next_month');
    await next();
    expect(screen.getByRole('switch', { name: 'Notifiche' }).getAttribute('aria-checked')).toBe('false');
    // Back keeps what was entered.
    await click(screen.getByRole('button', { name: 'Indietro' }));
    expect((screen.getByLabelText('Categoria') as HTMLSelectElement).value).toBe('4');
    await next();
    await click(screen.getByRole('button', { name: 'Salva il filtro' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/api/filters/${roma.id}`);
    expect(put?.body).toEqual({
      name: 'Roma città',
      notificationsEnabled: false,
      codFonte: 0,
      idStatopuc: 0,
      dataInizio: null,
      dataFine: null,
      regionId: 12,
      provinceId: 58,
      prize: 0,
      tipoTorneo: null,
      catClass: 4,
      catEta: null,
      timePeriod: 'next_month',
      withinKm: null,
      nearPostalCode: null,
    });
    expect(await screen.findByRole('heading', { name: 'Roma città' })).toBeTruthy();
  });

  it('tells how many current tournaments each filter matches and opens explore with it applied', async () => {
    const lazio = savedFilter({ name: 'Lazio', regionId: 12, codFonte: 1 });
    const none = savedFilter({ name: 'Sicilia', regionId: 19 });
    stubFiltersApi([lazio, none], {
      other: (call) =>
        call.method === 'GET' && call.path === '/api/filters/match-counts'
          ? {
              items: [
                { filterId: lazio.id, count: 7 },
                { filterId: none.id, count: 0 },
              ],
            }
          : undefined,
    });
    renderApp('/filters');
    const card = within(await screen.findByRole('article', { name: 'Lazio' }));
    const link = await card.findByRole('link', { name: /7 tornei corrispondono ora/ });
    expect(link.getAttribute('href')).toBe('/explore?codFonte=1&regionId=12');
    const other = within(screen.getByRole('article', { name: 'Sicilia' }));
    expect(await other.findByRole('link', { name: /0 tornei corrispondono ora/ })).toBeTruthy();
  });
});
