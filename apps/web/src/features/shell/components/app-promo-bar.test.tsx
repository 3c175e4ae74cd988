import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { publicConfig } from '@/lib/public-config';
import { PROMO_DELAY_MS, PROMO_REMIND_MS, PROMO_REMIND_STORAGE_KEY } from '../lib/app-promo';
import { AppPromoBar } from './app-promo-bar';

const IOS = 'https://apps.apple.com/it/app/radar-tornei/id000';
const ANDROID = 'https://play.google.com/store/apps/details?id=it.radartornei';
const COMMUNITY = 'https://chat.example/radar-beta';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

function screenOf(options: { width: 'mobile' | 'wide'; standalone?: boolean; userAgent?: string }) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        media: query,
        matches: query.includes('standalone')
          ? Boolean(options.standalone)
          : query.includes('max-width: 767') && options.width === 'mobile',
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: options.userAgent ?? PIXEL });
}

function renderBar(
  config: Partial<Record<'iosAppUrl' | 'androidAppUrl' | 'communityUrl', string | null>> = {},
) {
  publicConfig.set({
    donationUrl: null,
    communityUrl: COMMUNITY,
    iosAppUrl: IOS,
    androidAppUrl: ANDROID,
    appUrl: 'https://radartornei.it',
    ...config,
  });
  return render(<AppPromoBar />);
}

const bar = () => screen.queryByRole('region', { name: 'App Radar Tornei' });

describe('app promotion bar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'userAgent');
  });

  it('appears 2 s after load', () => {
    screenOf({ width: 'wide' });
    renderBar();
    expect(bar()).toBeNull();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS - 1));
    expect(bar()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(bar()).not.toBeNull();
  });

  it('never shows in installed mode', () => {
    screenOf({ width: 'mobile', standalone: true });
    renderBar();
    act(() => vi.advanceTimersByTime(60_000));
    expect(bar()).toBeNull();
  });

  it('Remind me later hides it for 7 days', () => {
    screenOf({ width: 'wide' });
    const first = renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Ricordamelo più tardi' }));
    expect(bar()).toBeNull();
    expect(window.localStorage.getItem(PROMO_REMIND_STORAGE_KEY)).toBe(String(Date.now()));
    first.unmount();

    // Just under 7 days later: still hidden.
    vi.setSystemTime(Date.now() + PROMO_REMIND_MS - 1000);
    const second = renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(bar()).toBeNull();
    second.unmount();

    // 7 days on: back.
    vi.setSystemTime(Date.now() + 1000);
    renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(bar()).not.toBeNull();
  });

  it('under 768 px: one Get the app button to this device’s store (Apple for iOS)', () => {
    screenOf({ width: 'mobile', userAgent: IPHONE });
    const iphone = renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    const link = screen.getByRole('link', { name: "Scarica l'app" });
    expect(link.getAttribute('href')).toBe(IOS);
    expect(screen.queryByRole('button', { name: /iOS/ })).toBeNull();
    iphone.unmount();

    screenOf({ width: 'mobile', userAgent: PIXEL });
    renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(screen.getByRole('link', { name: "Scarica l'app" }).getAttribute('href')).toBe(ANDROID);
    // The close button is the phone's 'remind me later'.
    expect(screen.queryByRole('button', { name: 'Ricordamelo più tardi' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Chiudi la promozione dell'app" }));
    expect(bar()).toBeNull();
    expect(window.localStorage.getItem(PROMO_REMIND_STORAGE_KEY)).toBe(String(Date.now()));
  });

  it('wider: iOS and Android buttons open a sheet with a 200 px QR code, the store button and Remind me later', async () => {
    screenOf({ width: 'wide' });
    renderBar();
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(screen.queryByRole('link', { name: "Scarica l'app" })).toBeNull();
    expect(within(bar() as HTMLElement).getByText('Beta chiusa')).not.toBeNull();
    expect(
      screen.getByRole('link', { name: 'Unisciti alla community dei beta tester' }).getAttribute('href'),
    ).toBe(COMMUNITY);

    fireEvent.click(screen.getByRole('button', { name: /Android/ }));
    // The sheet's code loads on the first press (fake timers: wait for the import itself).
    await act(() => vi.dynamicImportSettled());
    const sheet = screen.getByRole('dialog', { name: 'Radar Tornei per Android (beta chiusa)' });
    const qr = within(sheet).getByRole('img', { name: 'Codice QR del link allo store' });
    expect(qr.getAttribute('width')).toBe('200');
    expect(qr.getAttribute('height')).toBe('200');
    expect(within(sheet).getByRole('link', { name: 'Apri Google Play' }).getAttribute('href')).toBe(ANDROID);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ricordamelo più tardi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bar()).toBeNull();
    expect(window.localStorage.getItem(PROMO_REMIND_STORAGE_KEY)).not.toBeNull();
  });

  it('the iOS sheet links the App Store; in English', async () => {
    await i18n.changeLanguage('en');
    screenOf({ width: 'wide' });
    renderBar({ androidAppUrl: null });
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(screen.queryByRole('button', { name: /Android/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'iOS' }));
    // The sheet's code loads on the first press (fake timers: wait for the import itself).
    await act(() => vi.dynamicImportSettled());
    const sheet = screen.getByRole('dialog', { name: 'Radar Tornei for iPhone and iPad' });
    expect(within(sheet).getByRole('link', { name: 'Open the App Store' }).getAttribute('href')).toBe(IOS);
    expect(within(sheet).getByRole('button', { name: 'Remind me later' })).not.toBeNull();
  });

  it('shows nothing without any store link configured', () => {
    screenOf({ width: 'wide' });
    renderBar({ iosAppUrl: null, androidAppUrl: null });
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS));
    expect(bar()).toBeNull();
  });
});
