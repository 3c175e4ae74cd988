import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, testUser } from '../../../test/api-stub';
import { renderApp } from '../../../test/test-utils';

const form = async () => within(await screen.findByRole('form', { name: 'Modulo di contatto' }));

describe('contact page', () => {
  it('gives the contact address as a mailto link', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contattaci' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'info@radartornei.it' }).getAttribute('href')).toBe(
      'mailto:info@radartornei.it',
    );
  });

  it('sends name, email, subject and message and shows the confirmation', async () => {
    const calls = stubApi({
      'POST /contact': {
        code: 'CONTACT_MESSAGE_SENT',
        message: 'Messaggio inviato. Ti risponderemo al più presto.',
      },
    });
    renderApp('/contact');
    const f = await form();
    fireEvent.change(f.getByLabelText('Nome'), { target: { value: 'Giulia' } });
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'giulia@example.it' } });
    fireEvent.change(f.getByLabelText('Oggetto'), { target: { value: 'Un torneo manca' } });
    fireEvent.change(f.getByLabelText('Messaggio'), {
      target: { value: 'Il torneo di Pescara non compare.' },
    });
    await act(async () => {
      fireEvent.click(f.getByRole('button', { name: 'Invia il messaggio' }));
    });
    expect((await screen.findByRole('status')).textContent).toContain('Messaggio inviato.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Giulia',
      email: 'giulia@example.it',
      subject: 'Un torneo manca',
      message: 'Il torneo di Pescara non compare.',
      website: '',
    });
  });

  it('refuses a message over 5000 characters and a missing field, before sending', async () => {
    const calls = stubApi({});
    renderApp('/contact');
    const f = await form();
    fireEvent.change(f.getByLabelText('Nome'), { target: { value: 'Giulia' } });
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'giulia@example.it' } });
    fireEvent.change(f.getByLabelText('Messaggio'), { target: { value: 'x'.repeat(5001) } });
    await act(async () => {
      fireEvent.click(f.getByRole('button', { name: 'Invia il messaggio' }));
    });
    expect(
      await f.findByText('Il messaggio è troppo lungo. Mantienilo sotto i 5000 caratteri.'),
    ).toBeTruthy();
    expect(f.getByText('Questo campo è obbligatorio')).toBeTruthy();
    expect(calls.some((c) => c.path === '/contact')).toBe(false);
  });

  it('fills in a signed-in user and says when the server could not send', async () => {
    stubApi({
      'GET /user': testUser({ username: 'mario', email: 'mario@example.it' }),
      'POST /contact': () => apiError('CONTACT_SEND_FAILED', 502),
    });
    renderApp('/contact');
    const f = await form();
    expect(((await f.findByLabelText('Email')) as HTMLInputElement).value).toBe('mario@example.it');
    expect((f.getByLabelText('Nome') as HTMLInputElement).value).toBe('mario');
    fireEvent.change(f.getByLabelText('Oggetto'), { target: { value: 'Ciao' } });
    fireEvent.change(f.getByLabelText('Messaggio'), { target: { value: 'Un messaggio.' } });
    await act(async () => {
      fireEvent.click(f.getByRole('button', { name: 'Invia il messaggio' }));
    });
    expect((await f.findByRole('alert')).textContent).toBe(
      'Non è stato possibile inviare il messaggio. Riprova più tardi.',
    );
  });
});
