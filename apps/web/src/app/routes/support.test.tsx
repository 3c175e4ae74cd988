import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/test-utils';

const config = (
  links: Partial<Record<'donationUrl' | 'communityUrl' | 'iosAppUrl' | 'androidAppUrl', string>> = {},
) => ({
  donationUrl: null,
  communityUrl: null,
  iosAppUrl: null,
  androidAppUrl: null,
  appUrl: 'https://radartornei.example',
  ...links,
});

describe('support pages', () => {
  it('the donation page explains the costs and links to DONATION_URL', async () => {
    stubApi({ 'GET /config/public': config({ donationUrl: 'https://donate.example/radar' }) });
    renderApp('/donate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offrimi una birra' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Perché è gratis e senza pubblicità' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quanto costa tenerlo acceso' })).toBeTruthy();
    const link = await within(screen.getByRole('main')).findByRole('link', { name: 'Offrimi una birra' });
    expect(link.getAttribute('href')).toBe('https://donate.example/radar');
  });

  it('hides the donation link when DONATION_URL is unset', async () => {
    stubApi({ 'GET /config/public': config() });
    renderApp('/donate');
    await screen.findByRole('heading', { level: 1, name: 'Offrimi una birra' });
    await screen.findByText('Non puoi donare? Aiutaci a farlo conoscere:');
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Offrimi una birra' })).toBeNull();
  });

  it('the ambassador page shares the app (copy when there is no share sheet) with its QR code; unset links are hidden', async () => {
    stubApi({
      'GET /config/public': config({
        communityUrl: 'https://chat.example/beta',
        iosAppUrl: 'https://apps.example/ios',
      }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/ambassador');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diventa ambassador' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: "Codice QR dell'indirizzo di Radar Tornei" })).toBeTruthy();
    expect(await screen.findByText('https://radartornei.example')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Condividi' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://radartornei.example');
    expect(screen.getByText('Link copiato.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entra nel gruppo' }).getAttribute('href')).toBe(
      'https://chat.example/beta',
    );
    expect(screen.getByRole('link', { name: 'Scarica per iOS' }).getAttribute('href')).toBe(
      'https://apps.example/ios',
    );
    expect(screen.queryByRole('link', { name: 'Scarica per Android' })).toBeNull();
  });
});
