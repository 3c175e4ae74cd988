import type { FitpSyncItem, FitpSyncResult } from '@radar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, stubApi, testUser } from '../../../../test/api-stub';
import { renderInApp } from '../../../../test/test-utils';
import { CardStatusCard } from './card-status-card';
import { SyncDialog } from './sync-dialog';

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const item = (n: number, name: string): FitpSyncItem => ({
  competitionGuid: `25C6CC33-AE3A-447E-A55B-FBE66FBAFC8${n}`,
  tournamentUuid: `A1E2C3D4-0000-4000-8000-00000000000${n}`,
  competitionName: name,
  tournamentDescription: 'Singolare Maschile 4a categoria',
  tournamentDraw: { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
  startDate: '2026-12-12',
  endDate: '2026-12-14',
  city: 'Trapani',
  provinceSigla: 'TP',
  subscriptionDate: '2026-11-21T09:02:00.000Z',
});

describe('the sync dialog', () => {
  it('lists both sides with choices and ends in partial success, saying what failed', async () => {
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/sync': {
        toAdd: [item(1, 'Torneo di Natale'), item(2, 'Open di Erice')],
        toRemove: [item(3, 'Coppa Marsala')],
      },
      'POST /fitp/sync': (call: ApiCall): FitpSyncResult => {
        const body = call.body as { add: { tournamentUuid: string }[]; remove: { tournamentUuid: string }[] };
        return {
          outcome: 'partial',
          items: [
            ...body.add.map((r) => ({
              action: 'add' as const,
              competitionGuid: 'x',
              tournamentUuid: r.tournamentUuid,
              ok: true,
              code: null,
              message: null,
            })),
            ...body.remove.map((r) => ({
              action: 'remove' as const,
              competitionGuid: 'x',
              tournamentUuid: r.tournamentUuid,
              ok: false,
              code: 'NOT_SUBSCRIBED',
              message: 'Non segui questo torneo.',
            })),
          ],
        };
      },
    });
    renderInApp(<SyncDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Allinea i tornei con le tue iscrizioni' });
    const toAdd = await within(dialog).findByRole('group', { name: 'Iscritto, non seguito: da seguire (2)' });
    expect(
      within(toAdd)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true]);
    expect(within(toAdd).getAllByText(/Trapani \(TP\)/)).toHaveLength(2);
    within(dialog).getByRole('group', { name: 'Non più in lista: da non seguire più (1)' });
    // The user leaves one out.
    await click(within(toAdd).getByLabelText(/Open di Erice/));
    await click(within(dialog).getByRole('button', { name: 'Applica (2)' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      add: [{ competitionGuid: item(1, '').competitionGuid, tournamentUuid: item(1, '').tournamentUuid }],
      remove: [{ competitionGuid: item(3, '').competitionGuid, tournamentUuid: item(3, '').tournamentUuid }],
    });
    const outcome = await within(dialog).findByTestId('fitp-sync-outcome');
    expect(outcome.textContent).toMatch(/Allineamento parziale: 1 di 2 aggiornati/);
    expect(outcome.textContent).toMatch(/Non rimosso: Non segui questo torneo/);
  });

  it('says so when the federation is down, and “Review later” defers it; the dashboard reminds', async () => {
    let deferred = false;
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/sync': { toAdd: [item(1, 'Torneo di Natale')], toRemove: [] },
      'POST /fitp/sync/defer': () => {
        deferred = true;
        return status();
      },
      'GET /fitp/status': () => status(),
    });
    const status = () => ({
      connected: true,
      membershipCard: '445537108',
      name: 'Alberto Giordano',
      ranking: '4.5',
      syncPending: deferred,
      syncDeferredAt: deferred ? '2026-11-23T10:00:00.000Z' : null,
    });
    renderInApp(<CardStatusCard />);
    const card = await screen.findByRole('region', { name: 'Tessera FITP' });
    expect(await within(card).findByText('Alberto Giordano')).toBeTruthy();
    expect(within(card).queryByText(/iscrizioni da rivedere/)).toBeNull();
    expect(
      within(card)
        .getByRole('link', { name: /Gestisci la tessera/ })
        .getAttribute('href'),
    ).toBe('/settings?tab=fitp');

    deferred = true;
    window.sessionStorage.setItem('fitpSyncPrompted', '1');
    renderInApp(<CardStatusCard />);
    const reminder = await screen.findAllByText(/Hai iscrizioni da rivedere/);
    await click(
      within(reminder[0]?.closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Rivedi ora',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await click(await within(dialog).findByRole('button', { name: 'Rivedi più tardi' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/fitp/sync/defer')).toBe(true);
  });

  it('opens the dialog by itself when the radar found differences not put off, once per session', async () => {
    window.sessionStorage.removeItem('fitpSyncPrompted');
    stubApi({
      'GET /user': testUser(),
      'GET /fitp/sync': { toAdd: [item(1, 'Torneo di Natale')], toRemove: [] },
      'GET /fitp/status': {
        connected: true,
        membershipCard: '445537108',
        name: 'Alberto Giordano',
        ranking: '4.5',
        syncPending: true,
        syncDeferredAt: null,
      },
    });
    const first = renderInApp(<CardStatusCard />);
    const dialog = await screen.findByRole('dialog', { name: 'Allinea i tornei con le tue iscrizioni' });
    expect(await within(dialog).findByText('Torneo di Natale')).toBeTruthy();
    first.unmount();
    renderInApp(<CardStatusCard />);
    expect(await screen.findByText(/Hai iscrizioni da rivedere/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('invites to connect a card from the dashboard', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /fitp/status': {
        connected: false,
        membershipCard: null,
        name: null,
        ranking: null,
        syncPending: false,
        syncDeferredAt: null,
      },
    });
    renderInApp(<CardStatusCard />);
    const link = await screen.findByRole('link', { name: /Collega la tessera/ });
    expect(link.getAttribute('href')).toBe('/settings?tab=fitp');
  });
});
