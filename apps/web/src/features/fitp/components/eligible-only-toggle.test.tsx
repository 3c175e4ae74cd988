import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { renderInApp } from '../../../../test/test-utils';
import { EligibleOnlyToggle } from './eligible-only-toggle';

const status = (ranking: string | null, profileComplete = true) => ({
  connected: true,
  membershipCard: '5445537108',
  name: 'Alberto Giordano',
  ranking,
  syncPending: false,
  syncDeferredAt: null,
  profileComplete,
});

describe('Explore › only tournaments I can enter', () => {
  it('says the card’s ranking inside its sentence, never as a "(4.5)" after it', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /fitp/status': status('4.5') });
    renderInApp(<EligibleOnlyToggle checked={false} onCheckedChange={() => {}} />);
    const toggle = await screen.findByRole('switch', { name: 'Solo tornei a cui posso iscrivermi' });
    const hint = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Con le iscrizioni aperte, per la tua classifica 4.5, il tuo sesso e la tua età.',
    );
    expect(hint?.textContent).not.toContain('(');

    const { i18n } = await import('@/lib/i18n');
    await act(() => i18n.changeLanguage('en'));
    expect(hint?.textContent).toBe('With registration open, for your ranking 4.5, gender and age.');
  });

  it('without a ranking on the card, says what it goes by', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /fitp/status': status(null) });
    renderInApp(<EligibleOnlyToggle checked={false} onCheckedChange={() => {}} />);
    const toggle = await screen.findByRole('switch', { name: 'Solo tornei a cui posso iscrivermi' });
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Con le iscrizioni aperte, per la tua tessera, il tuo sesso e la tua età.',
    );
  });

  it('asks for gender and birth year when the card holder has not given them (decision 206)', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /fitp/status': status('4.5', false) });
    renderInApp(<EligibleOnlyToggle checked={false} onCheckedChange={() => {}} />);
    const link = await screen.findByRole('link', {
      name: 'Indica sesso e anno di nascita in Impostazioni › FITP',
    });
    expect(link.getAttribute('href')).toBe('/settings?tab=fitp');
  });
});
