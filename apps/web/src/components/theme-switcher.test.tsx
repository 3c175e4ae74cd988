import { STORAGE_KEYS } from '@radar/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme-context';
import { pointerDownOptions, stubColorScheme } from '../../test/test-utils';
import { ThemeSwitcher } from './theme-switcher';

const html = document.documentElement;
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

function renderSwitcher() {
  return render(
    <ThemeProvider>
      <ThemeSwitcher />
    </ThemeProvider>,
  );
}

/** Opens the menu (its code loads on the first press) and picks `option`. */
async function choose(option: string) {
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Tema' }), pointerDownOptions());
  fireEvent.click(await screen.findByRole('menuitemradio', { name: option }));
}

describe('ThemeSwitcher', () => {
  it('starts from the system preference when nothing is stored', () => {
    stubColorScheme(true);
    renderSwitcher();
    expect(html.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#111418');
  });

  it('follows a system switch made between its first render and its subscription (a slow first load)', async () => {
    const scheme = stubColorScheme(false);
    // A child's layout effect runs after the provider's render and before its subscription:
    // the switch it makes is heard by no listener yet.
    function SwitchesEarly() {
      useLayoutEffect(() => scheme.setDark(true), []);
      return null;
    }
    render(
      <ThemeProvider>
        <SwitchesEarly />
      </ThemeProvider>,
    );
    await waitFor(() => expect(html.classList.contains('dark')).toBe(true));
  });

  it('starts from the stored choice over the system preference', () => {
    stubColorScheme(true);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderSwitcher();
    expect(html.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#E4E9F1');
  });

  it('offers light, dark and system, marking the current choice', async () => {
    stubColorScheme(false);
    renderSwitcher();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Tema' }), pointerDownOptions());

    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['Chiaro', 'Scuro', 'Sistema']);
    expect(screen.getByRole('menuitemradio', { name: 'Sistema' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches to dark and back, updating the page, the browser colour and the stored choice', async () => {
    stubColorScheme(false);
    renderSwitcher();
    expect(html.classList.contains('dark')).toBe(false);

    await choose('Scuro');
    expect(html.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#111418');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');

    await choose('Chiaro');
    expect(html.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#E4E9F1');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('follows system changes only while the choice is "system"', async () => {
    const scheme = stubColorScheme(false);
    renderSwitcher();

    await choose('Chiaro');
    act(() => scheme.setDark(true));
    expect(html.classList.contains('dark')).toBe(false);

    await choose('Sistema');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(html.classList.contains('dark')).toBe(true);

    act(() => scheme.setDark(false));
    expect(html.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#E4E9F1');
  });
});
