import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/test-utils';

describe('contact page', () => {
  it('gives the contact address as a mailto link', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contattaci' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'info@radartornei.it' }).getAttribute('href')).toBe(
      'mailto:info@radartornei.it',
    );
  });
});
