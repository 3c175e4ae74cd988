import { STORAGE_KEYS } from '@radar/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { pointerDownOptions } from '../../test/test-utils';
import { LanguageSwitcher } from './language-switcher';

function Tagline() {
  const { t } = useTranslation();
  return <p>{t('app.tagline')}</p>;
}

function renderSwitcher() {
  return render(
    <>
      <LanguageSwitcher />
      <Tagline />
    </>,
  );
}

async function choose(trigger: string, option: string) {
  fireEvent.pointerDown(screen.getByRole('button', { name: trigger }), pointerDownOptions());
  // The menu's code loads on the first press.
  const item = await screen.findByRole('menuitemradio', { name: option });
  await act(async () => {
    fireEvent.click(item);
  });
}

describe('LanguageSwitcher', () => {
  it('shows Italian by default and offers Italiano and English', async () => {
    renderSwitcher();
    expect(screen.getByText('Non perdere mai un torneo di tennis in Italia')).toBeTruthy();

    fireEvent.pointerDown(screen.getByRole('button', { name: 'Lingua: IT' }), pointerDownOptions());
    expect((await screen.findAllByRole('menuitemradio')).map((option) => option.textContent)).toEqual([
      'Italiano',
      'English',
    ]);
    expect(screen.getByRole('menuitemradio', { name: 'Italiano' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches the visible texts, stores the choice and sets the page language', async () => {
    renderSwitcher();

    await choose('Lingua: IT', 'English');

    expect(screen.getByText('Never miss an Italian tennis tournament')).toBeTruthy();
    expect(screen.queryByText('Non perdere mai un torneo di tennis in Italia')).toBeNull();
    expect(screen.getByRole('button', { name: 'Language: EN' })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await choose('Language: EN', 'Italiano');
    expect(screen.getByText('Non perdere mai un torneo di tennis in Italia')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('it');
  });
});
