import type { FitpCard } from '@radar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, stubApi, testUser } from '../../../../test/api-stub';
import { fitpCard } from '../../../../test/fixtures/fitp';
import { renderInApp } from '../../../../test/test-utils';
import { FitpCardPanel } from './fitp-card-panel';

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

describe('Settings › FITP › gender and birth year (decision 206)', () => {
  it('asks for both with one line saying why, checks the year and saves them', async () => {
    let card: FitpCard = fitpCard();
    const calls = stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': () => ({ card }),
      'PATCH /fitp/settings': (call: ApiCall) => {
        card = { ...card, ...(call.body as Partial<FitpCard>) };
        return { card };
      },
    });
    renderInApp(<FitpCardPanel />);
    const form = within(await screen.findByRole('form', { name: 'Sesso e anno di nascita' }));
    expect(form.getByText('Servono per dirti se puoi iscriverti a un tabellone.')).toBeTruthy();
    const gender = form.getByLabelText('Sesso') as HTMLSelectElement;
    const year = form.getByLabelText('Anno di nascita') as HTMLInputElement;
    // Never guessed: both start as not given.
    expect(gender.value).toBe('');
    expect(year.value).toBe('');
    expect([...gender.options].map((o) => o.text)).toEqual(['Non indicato', 'Maschile', 'Femminile']);

    fireEvent.change(year, { target: { value: '1850' } });
    await click(form.getByRole('button', { name: 'Salva' }));
    expect(form.getByText("Scrivi un anno di nascita tra il 1900 e l'anno in corso")).toBeTruthy();
    fireEvent.change(year, { target: { value: '19a0' } });
    await click(form.getByRole('button', { name: 'Salva' }));
    expect(form.getByText("Scrivi un anno di nascita tra il 1900 e l'anno in corso")).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(gender, { target: { value: 'F' } });
    fireEvent.change(year, { target: { value: '1994' } });
    await click(form.getByRole('button', { name: 'Salva' }));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ gender: 'F', birthYear: 1994 });
    expect(await screen.findByText('Sesso e anno di nascita salvati')).toBeTruthy();

    // Cleared: null, not a guess.
    fireEvent.change(gender, { target: { value: '' } });
    fireEvent.change(year, { target: { value: '' } });
    await click(form.getByRole('button', { name: 'Salva' }));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ gender: null, birthYear: null });
  });

  it('shows what was saved, and the server’s message for a refused value', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /fitp/data': { card: fitpCard({ gender: 'M', birthYear: 1988 }) },
      'PATCH /fitp/settings': () =>
        apiError('VALIDATION_ERROR', 400, {
          fields: { birthYear: ['Anno di nascita rifiutato dal server'] },
        }),
    });
    renderInApp(<FitpCardPanel />);
    const form = within(await screen.findByRole('form', { name: 'Sesso e anno di nascita' }));
    expect((form.getByLabelText('Sesso') as HTMLSelectElement).value).toBe('M');
    expect((form.getByLabelText('Anno di nascita') as HTMLInputElement).value).toBe('1988');
    await click(form.getByRole('button', { name: 'Salva' }));
    expect(await form.findByText('Anno di nascita rifiutato dal server')).toBeTruthy();
  });
});
