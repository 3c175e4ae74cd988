import type { FitpCard, FitpSyncResponse } from '@radar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, stubApi, testUser } from '../../../../test/api-stub';
import { fitpCard } from '../../../../test/fixtures/fitp';
import { renderInApp } from '../../../../test/test-utils';
import { FitpCardPanel } from './fitp-card-panel';

const noSync: FitpSyncResponse = { toAdd: [], toRemove: [] };
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Settings › FITP', () => {
  it('goes from not connected to entering, checks the format, connects and opens the sync', async () => {
    let connected: FitpCard | null = null;
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': () => ({ card: connected }),
      'POST /fitp/validate': (call: ApiCall) => {
        connected = fitpCard({ membershipCard: (call.body as { membershipCard: string }).membershipCard });
        return { card: connected };
      },
      'GET /fitp/status': { connected: true },
      'GET /fitp/sync': noSync,
    });
    renderInApp(<FitpCardPanel />);
    expect(await screen.findByText(/Nessuna tessera collegata/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Collega la tessera' }));

    type('Numero di tessera FITP', '');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    expect(screen.getByText('Inserisci il tuo numero di tessera')).toBeTruthy();
    type('Numero di tessera FITP', '1234');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    expect(screen.getByText('Il numero di tessera è troppo corto')).toBeTruthy();
    type('Numero di tessera FITP', '12a45678');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    expect(screen.getByText('La tessera deve contenere solo numeri')).toBeTruthy();
    expect(calls.some((c) => c.path === '/fitp/validate')).toBe(false);

    type('Numero di tessera FITP', '445 537 108');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    expect(calls.find((c) => c.path === '/fitp/validate')?.body).toEqual({ membershipCard: '445537108' });
    const player = await screen.findByTestId('fitp-player');
    expect(within(player).getByText('Alberto Giordano')).toBeTruthy();
    expect(within(player).getByText('Circolo Tennis Trapani')).toBeTruthy();
    expect(within(player).getByText('4.2 (2019)')).toBeTruthy();
    expect(screen.getByText('Tessera verificata')).toBeTruthy();
    // Spec §4: connecting opens the sync dialog.
    expect(
      await screen.findByRole('dialog', { name: 'Allinea i tornei con le tue iscrizioni' }),
    ).toBeTruthy();
    expect(await screen.findByText(/Tutto allineato/)).toBeTruthy();
  });

  it('says why a card failed (unknown, already in another account) and offers the owner a report', async () => {
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': { card: null },
      'POST /fitp/validate': apiError('FITP_CARD_IN_USE', 409),
      'POST /fitp/report-mismatch': {
        code: 'FITP_MISMATCH_REPORTED',
        message: 'Grazie per la segnalazione! Verificheremo i dati e ti risponderemo via email.',
      },
    });
    renderInApp(<FitpCardPanel />);
    await click(await screen.findByRole('button', { name: 'Collega la tessera' }));
    type('Numero di tessera FITP', '445537108');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/già collegata a un altro account/);
    await click(within(alert).getByRole('button', { name: 'Segnalalo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Segnala dati errati' });
    fireEvent.change(within(dialog).getByLabelText('Messaggio'), { target: { value: 'È la mia tessera' } });
    await click(within(dialog).getByRole('button', { name: 'Invia segnalazione' }));
    expect(await within(dialog).findByText(/Grazie per la segnalazione/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/fitp/report-mismatch')?.body).toEqual({
      message: 'È la mia tessera',
      membershipCard: '445537108',
    });
  });

  it('keeps the form with a retry when the federation is down while connecting', async () => {
    let down = true;
    stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': { card: null },
      'POST /fitp/validate': () =>
        down
          ? new Response(
              JSON.stringify({
                code: 'FEDERATION_UNAVAILABLE',
                message: 'giù',
                status: 503,
                serviceDown: true,
              }),
              { status: 503, headers: { 'Content-Type': 'application/json' } },
            )
          : { card: fitpCard() },
      'GET /fitp/sync': noSync,
      'GET /fitp/status': { connected: true },
    });
    renderInApp(<FitpCardPanel />);
    await click(await screen.findByRole('button', { name: 'Collega la tessera' }));
    type('Numero di tessera FITP', '445537108');
    await click(screen.getByRole('button', { name: 'Verifica e collega' }));
    expect(await screen.findByText(/Servizio della federazione non disponibile/)).toBeTruthy();
    down = false;
    await click(screen.getByRole('button', { name: 'Riprova il collegamento' }));
    expect(await screen.findByTestId('fitp-player')).toBeTruthy();
  });

  it('shows the saved data under the degraded notice when the federation is down', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': () =>
        new Response(
          JSON.stringify({
            serviceDown: true,
            data: { card: fitpCard() },
            message: 'Il servizio della federazione non è al momento raggiungibile',
          }),
          { status: 207, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderInApp(<FitpCardPanel />);
    expect(await screen.findByText(/non è al momento raggiungibile/)).toBeTruthy();
    expect(within(screen.getByTestId('fitp-player')).getByText('Alberto Giordano')).toBeTruthy();
  });

  it('disconnects after confirmation and turns automatic follows off', async () => {
    let card: FitpCard | null = fitpCard();
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': () => ({ card }),
      'PATCH /fitp/settings': (call: ApiCall) => {
        card = fitpCard({ autoFollow: (call.body as { autoFollow: boolean }).autoFollow });
        return { card };
      },
      'DELETE /fitp/card': () => {
        card = null;
        return null;
      },
      'GET /fitp/status': { connected: false },
    });
    renderInApp(<FitpCardPanel />);
    const toggle = await screen.findByRole('switch', { name: /Segui automaticamente/ });
    await click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ autoFollow: false }));
    await click(screen.getByRole('button', { name: 'Scollega la tessera' }));
    await click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Scollega' }));
    expect(await screen.findByText(/Nessuna tessera collegata/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/fitp/card')).toBe(true);
  });
});
