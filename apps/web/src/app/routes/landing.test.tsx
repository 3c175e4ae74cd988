import { ACTIVE_USERS_SHOWN_FROM } from '@radar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetResources } from '@/lib/resource';
import { stubApi } from '../../../test/api-stub';
import { pointerDownOptions, renderApp } from '../../../test/test-utils';

async function renderLanding() {
  const result = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Radar Tornei' });
  return result;
}

describe('landing page', () => {
  it('presents the product with sign-up and log-in calls to action', async () => {
    await renderLanding();

    const hero = screen.getByRole('region', { name: 'Radar Tornei' });
    expect(within(hero).getByText('Non perdere mai un torneo di tennis in Italia')).toBeTruthy();
    expect(within(hero).getByRole('link', { name: 'Crea un account gratuito' }).getAttribute('href')).toBe(
      '/auth/register',
    );
    expect(within(hero).getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe('/auth/login');
  });

  it('has the language and theme switchers in its header, and switches to English', async () => {
    await renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Tema' })).toBeTruthy();

    fireEvent.pointerDown(within(header).getByRole('button', { name: 'Lingua: IT' }), pointerDownOptions());
    // The menu's code loads on the first press.
    const english = await screen.findByRole('menuitemradio', { name: 'English' });
    await act(async () => {
      fireEvent.click(english);
    });

    expect(screen.getByText('Never miss an Italian tennis tournament')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a free account' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeTruthy();
  });

  it('lists the features and the three onboarding steps', async () => {
    await renderLanding();

    const features = screen.getByRole('region', {
      name: 'Tutto quello che ti serve per programmare la stagione',
    });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Filtri intelligenti',
      'Notifiche via email e push',
      'Promemoria di iscrizione',
      'Segui i tornei',
      'La tua tessera FITP',
    ]);
    expect(within(features).getByText(/1 settimana, 3 giorni, 1 giorno e 5 ore/)).toBeTruthy();

    const steps = screen.getByRole('region', { name: 'Come funziona' });
    const items = within(within(steps).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Step 3 follows tournaments: in tennis "iscriversi" is entering one.
    expect(within(items[2] as HTMLElement).getByRole('heading', { level: 3 }).textContent).toBe(
      'Segui i tornei',
    );
    expect(items[2]?.textContent).toContain('Segui i tornei a cui partecipi');
    expect(items[2]?.textContent).not.toMatch(/iscriv/i);
  });

  it('shows which sports are supported for each competition family', async () => {
    await renderLanding();

    const table = screen.getByRole('table', { name: 'Competizioni supportate per sport' });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(columns).toEqual(['Sport', 'FITP', 'TPRA', 'Campionati a squadre']);

    const cells = (sport: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${sport}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Tennis')).toEqual(['Supportato', 'Supportato', 'Supportato']);
    // Spec §9: FITP covers tennis, padel, beach tennis and pickleball.
    for (const sport of ['Padel', 'Beach tennis', 'Pickleball']) {
      expect(cells(sport)).toEqual(['Supportato', 'In arrivo', 'In arrivo']);
    }
  });

  it('answers the FAQ in an accordion', async () => {
    await renderLanding();

    // The FAQ loads in its own chunk.
    const faq = await screen.findByRole('region', { name: 'Domande frequenti' });
    const question = within(faq).getByRole('button', { name: 'Radar Tornei è gratuito?' });
    expect(within(faq).getAllByRole('button')).toHaveLength(6);
    expect(question.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(question);

    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(faq).getByText(/gratuito e senza pubblicità/)).toBeTruthy();
  });

  it('links to privacy, terms and contact from the footer', async () => {
    await renderLanding();

    const footer = screen.getByRole('contentinfo');
    const links = within(
      within(footer).getByRole('navigation', { name: 'Informazioni legali' }),
    ).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Informativa sulla privacy', '/privacy'],
      ['Termini di servizio', '/terms'],
      ['Contatti', '/contact'],
    ]);
    const support = within(
      within(footer).getByRole('navigation', { name: 'Sostieni Radar Tornei' }),
    ).getAllByRole('link');
    expect(support.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Offrimi una birra', '/donate'],
      ['Diventa ambassador', '/ambassador'],
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Radar Tornei`)).toBeTruthy();
  });

  it('opens the privacy policy from the footer', async () => {
    const { router } = await renderLanding();

    fireEvent.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Informativa sulla privacy' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'info@radartornei.it' }).getAttribute('href')).toBe(
      'mailto:info@radartornei.it',
    );
  });

  it('shows the live figures, formatted, and the map of the regions', async () => {
    stubApi({
      'GET /stats': {
        activeTournaments: 12345,
        activeUsers: 56789,
        regions: 18,
        regionsTotal: 20,
        byRegion: [{ regionId: 12, activeTournaments: 40 }],
        countedAt: '2026-11-23T10:00:00.000Z',
      },
    });
    await renderLanding();
    const stats = within(screen.getByRole('region', { name: 'Radar Tornei in numeri' }));
    expect(await stats.findByText('12.345')).toBeTruthy();
    expect(stats.getByText('56.789')).toBeTruthy();
    expect(stats.getByText('18 su 20')).toBeTruthy();
    expect(await stats.findByRole('button', { name: 'Lazio: 40 tornei attivi' })).toBeTruthy();
    expect(stats.getByRole('button', { name: 'Sicilia: 0 tornei attivi' })).toBeTruthy();
  });

  it('hides "Utenti attivi" until they are a number worth showing; the other figures stay', async () => {
    const figures = (activeUsers: number) => ({
      'GET /stats': {
        activeTournaments: 1234,
        activeUsers,
        regions: 18,
        regionsTotal: 20,
        byRegion: [{ regionId: 12, activeTournaments: 40 }],
        countedAt: '2026-11-23T10:00:00.000Z',
      },
    });
    stubApi(figures(ACTIVE_USERS_SHOWN_FROM - 1));
    const few = await renderLanding();
    let stats = within(screen.getByRole('region', { name: 'Radar Tornei in numeri' }));
    expect(await stats.findByText('1.234')).toBeTruthy();
    expect(stats.getByText('Tornei attivi')).toBeTruthy();
    expect(stats.getByText('18 su 20')).toBeTruthy();
    expect(stats.queryByText('Utenti attivi')).toBeNull();
    expect(stats.queryByText(String(ACTIVE_USERS_SHOWN_FROM - 1))).toBeNull();
    few.unmount();

    // A later visit, with one more user.
    resetResources();
    stubApi(figures(ACTIVE_USERS_SHOWN_FROM));
    await renderLanding();
    stats = within(screen.getByRole('region', { name: 'Radar Tornei in numeri' }));
    expect(await stats.findByText('Utenti attivi')).toBeTruthy();
    expect(stats.getByText(String(ACTIVE_USERS_SHOWN_FROM))).toBeTruthy();
  });
});
