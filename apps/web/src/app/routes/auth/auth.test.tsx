import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, stubApi, testUser } from '../../../../test/api-stub';
import { renderApp } from '../../../../test/test-utils';

/** The first sign-in on the page opens the onboarding guide (issue 15); skip it as a user would. */
async function skipOnboardingGuide() {
  const guide = await screen.findByRole('dialog');
  await act(async () => {
    fireEvent.click(within(guide).getByRole('button', { name: 'Salta' }));
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const lastCall = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path).at(-1);

describe('login and registration screen', () => {
  it('signs in and lands on /home with the greeting', async () => {
    const calls = stubApi({ 'POST /login': testUser({ username: 'giulia' }) });
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    type('Email o nome utente', 'giulia');
    type('Password', 'Tennis2024');
    await click('Accedi');
    await skipOnboardingGuide();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, giulia!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(lastCall(calls, '/login')?.body).toEqual({ email: 'giulia', password: 'Tennis2024' });
  });

  it('continues to the redirect target after signing in', async () => {
    stubApi({ 'POST /login': testUser() });
    const { router } = renderApp('/filters');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    type('Email o nome utente', 'mario@example.it');
    type('Password', 'Tennis2024');
    await click('Accedi');
    await skipOnboardingGuide();
    expect(await screen.findByRole('heading', { level: 1, name: 'Filtri' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/filters');
  });

  it('says what is missing before calling the server, and translates its answers', async () => {
    const calls = stubApi({ 'POST /login': apiError('INVALID_CREDENTIALS', 401) });
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    await click('Accedi');
    expect(await screen.findAllByText('Questo campo è obbligatorio')).toHaveLength(2);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === '/login')).toBe(false);

    type('Email o nome utente', 'mario');
    type('Password', 'Sbagliata1');
    await click('Accedi');
    expect((await screen.findByRole('alert')).textContent).toContain('Credenziali non valide.');
    // Still a visitor, still here.
    expect(screen.getByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeTruthy();
  });

  it('offers the verification to an unverified account', async () => {
    stubApi({ 'POST /login': apiError('EMAIL_NOT_VERIFIED', 403, { email: 'anna@example.it' }) });
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    type('Email o nome utente', 'anna');
    type('Password', 'Tennis2024');
    await click('Accedi');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Verifica la tua email prima di accedere',
    );
    await click('Verifica la tua email');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' })).toBeTruthy();
    expect(router.state.location.search).toBe('?email=anna%40example.it');
    // Nothing was sent on this path: the screen does not claim it was, and offers a new code.
    expect(screen.getByText(/L’indirizzo anna@example.it non è ancora verificato/)).toBeTruthy();
    expect(screen.queryByText(/Abbiamo inviato/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Invia un nuovo codice' })).toBeTruthy();
  });

  it('shows Google and Apple only when the server has them', async () => {
    stubApi({ 'GET /auth/providers': { providers: ['google', 'apple'] } });
    renderApp('/auth/login?redirect=%2Ffilters');
    const google = await screen.findByRole('link', { name: 'Continua con Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/google/start?redirect=%2Ffilters');
    expect(screen.getByRole('link', { name: 'Continua con Apple' }).getAttribute('href')).toBe(
      '/api/auth/apple/start?redirect=%2Ffilters',
    );
  });

  it('has no social buttons when none is configured', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    expect(screen.queryByRole('link', { name: /Continua con/ })).toBeNull();
  });

  it('registers with the password rule of spec §5, then asks for the emailed code', async () => {
    const calls = stubApi({ 'POST /register': { email: 'luca@example.it' } });
    const { router } = renderApp('/auth/login?redirect=%2Fexplore');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Registrati' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=%2Fexplore');

    type('Nome utente', 'luca rossi');
    type('Email', 'luca@example');
    type('Password', 'password');
    type('Conferma la password', 'passwor');
    await click('Crea l’account');
    expect(await screen.findByText('Usa solo lettere, numeri, trattini bassi e trattini')).toBeTruthy();
    expect(screen.getByText('Inserisci un indirizzo email valido')).toBeTruthy();
    expect(
      screen.getAllByText('Usa almeno 8 caratteri, con una lettera maiuscola, una minuscola e un numero')
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Le password non coincidono')).toBeTruthy();

    type('Nome utente', 'luca_rossi');
    type('Email', 'Luca@Example.it');
    type('Password', 'Tennis2024');
    type('Conferma la password', 'Tennis2024');
    await click('Crea l’account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' })).toBeTruthy();
    expect(lastCall(calls, '/register')?.body).toEqual({
      username: 'luca_rossi',
      email: 'luca@example.it',
      password: 'Tennis2024',
      confirmPassword: 'Tennis2024',
      language: 'it',
    });
    expect(router.state.location.search).toBe('?email=luca%40example.it&redirect=%2Fexplore');
    expect(screen.getByText(/Abbiamo inviato un codice a 6 cifre a luca@example.it/)).toBeTruthy();
    // The code was just sent: resending waits for the countdown.
    const resend = screen.getByRole('button', { name: /Nuovo codice tra \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('puts a taken email on its field', async () => {
    stubApi({ 'POST /register': apiError('EMAIL_ALREADY_EXISTS', 409) });
    renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Crea il tuo account' });
    type('Nome utente', 'luca');
    type('Email', 'luca@example.it');
    type('Password', 'Tennis2024');
    type('Conferma la password', 'Tennis2024');
    await click('Crea l’account');
    expect(await screen.findByText('Email già registrata.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('email verification screen', () => {
  it('verifies the code and signs the user in', async () => {
    const calls = stubApi({ 'POST /verify-email': testUser({ username: 'luca' }) });
    const { router } = renderApp('/auth/verify?email=luca%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' });
    type('Codice a 6 cifre', '12ab');
    await click('Verifica');
    expect(await screen.findByText('Formato non valido')).toBeTruthy();
    type('Codice a 6 cifre', '123456');
    await click('Verifica');
    await skipOnboardingGuide();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, luca!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(lastCall(calls, '/verify-email')?.body).toEqual({ email: 'luca@example.it', code: '123456' });
  });

  it('says how many tries are left on a wrong code', async () => {
    stubApi({ 'POST /verify-email': apiError('INVALID_VERIFICATION_CODE', 400, { attemptsLeft: 3 }) });
    renderApp('/auth/verify?email=luca%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' });
    type('Codice a 6 cifre', '000000');
    await click('Verifica');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Codice di verifica non valido.');
    expect(alert.textContent).toContain('Tentativi rimasti per questo codice: 3');
  });

  it('resends a code, and restarts the countdown from what the server says', async () => {
    let answers = 0;
    const calls = stubApi({
      'POST /resend-verification': () => {
        answers += 1;
        return answers === 1
          ? apiError('RESEND_TOO_SOON', 429, { secondsLeft: 42 })
          : { code: 'VERIFICATION_CODE_RESENT', message: 'x' };
      },
    });
    renderApp('/auth/verify?email=luca%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' });
    await click('Invia un nuovo codice');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Attendi prima di richiedere un altro codice.',
    );
    expect(screen.getByRole('button', { name: 'Nuovo codice tra 42 s' }).hasAttribute('disabled')).toBe(true);
    expect(lastCall(calls, '/resend-verification')?.body).toEqual({ email: 'luca@example.it' });
  });

  it('sends the success of a resend as a message', async () => {
    stubApi({ 'POST /resend-verification': { code: 'VERIFICATION_CODE_RESENT', message: 'x' } });
    renderApp('/auth/verify?email=luca%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Verifica la tua email' });
    await click('Invia un nuovo codice');
    expect(await screen.findByText('Ti abbiamo inviato un nuovo codice di verifica.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nuovo codice tra 60 s/ })).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('asks for the email, then the code and a new password, then says it worked', async () => {
    const calls = stubApi({
      'POST /request-reset': { code: 'PASSWORD_RESET_CODE_SENT', message: 'x' },
      'POST /reset-password': { code: 'PASSWORD_RESET_SUCCESS', message: 'x' },
    });
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' });
    type('Email o nome utente', 'anna@example.it');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reimposta la password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.it');
    await click('Invia il codice');

    expect(await screen.findByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/auth/reset-password/confirm?email=anna%40example.it',
    );
    expect(screen.getByRole('button', { name: /Nuovo codice tra \d+ s/ }).hasAttribute('disabled')).toBe(
      true,
    );

    type('Codice a 6 cifre', '654321');
    type('Nuova password', 'Nuova2024');
    type('Conferma la password', 'Nuova2024');
    await click('Reimposta la password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Password reimpostata' })).toBeTruthy();
    expect(screen.getByText('Password reimpostata. Ora puoi accedere.')).toBeTruthy();
    expect(lastCall(calls, '/reset-password')?.body).toEqual({
      email: 'anna@example.it',
      code: '654321',
      password: 'Nuova2024',
      confirmPassword: 'Nuova2024',
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Vai all’accesso' }));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?email=anna%40example.it'));
    expect((screen.getByLabelText('Email o nome utente') as HTMLInputElement).value).toBe('anna@example.it');
  });

  it('translates a wrong or expired code', async () => {
    stubApi({ 'POST /reset-password': apiError('INVALID_OR_EXPIRED_CODE', 400, { attemptsLeft: 4 }) });
    renderApp('/auth/reset-password/confirm?email=anna%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Scegli una nuova password' });
    type('Codice a 6 cifre', '111111');
    type('Nuova password', 'Nuova2024');
    type('Conferma la password', 'Nuova2024');
    await click('Reimposta la password');
    expect((await screen.findByRole('alert')).textContent).toContain('Codice non valido o scaduto.');
  });

  it('says when a new code is sent while one is active', async () => {
    stubApi({ 'POST /request-reset': { code: 'PASSWORD_RESET_CODE_RESENT', message: 'x' } });
    renderApp('/auth/reset-password/confirm?email=anna%40example.it');
    await screen.findByRole('heading', { level: 1, name: 'Scegli una nuova password' });
    await click('Invia un nuovo codice');
    expect(await screen.findByText('Ti abbiamo inviato un nuovo codice.')).toBeTruthy();
  });
});
