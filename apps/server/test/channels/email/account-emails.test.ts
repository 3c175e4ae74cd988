import { usernameSchema } from '@radar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderAccountEmail } from '../../../src/channels/email/templates/account-emails';
import { usernameBase } from '../../../src/modules/auth/usernames';

describe('account emails', () => {
  it('carry the code in the subject, the text and the HTML, in each language', () => {
    const it_ = renderAccountEmail('it', { kind: 'password-reset', username: 'mario', code: '042917' });
    expect(it_.subject).toBe('Il tuo codice per reimpostare la password: 042917');
    expect(it_.text).toContain('Ciao mario,');
    expect(it_.text).toContain('042917');
    expect(it_.html).toContain('042917');
    expect(it_.html).toContain('<html lang="it">');

    const en = renderAccountEmail('en', { kind: 'verification', username: 'mario', code: '123456' });
    expect(en.subject).toBe('Your Radar Tornei verification code: 123456');
    expect(en.text).toContain('The code expires in 15 minutes.');
  });

  it('escape what the user typed', () => {
    const welcome = renderAccountEmail('en', {
      kind: 'welcome',
      username: '<script>alert(1)</script>',
      appUrl: 'https://radartornei.it/home',
    });
    expect(welcome.html).not.toContain('<script>');
    expect(welcome.html).toContain('&lt;script&gt;');
    expect(welcome.html).toContain('href="https://radartornei.it/home"');
    expect(welcome.text).toContain('https://radartornei.it/home');
  });
});

describe('generated usernames', () => {
  it('are always valid usernames, with room for a suffix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        const base = usernameBase(source);
        expect(usernameSchema.safeParse(base).success).toBe(true);
        expect(usernameSchema.safeParse(`${base}_1234`).success).toBe(true);
      }),
    );
  });

  it('keep the readable part of a name or email', () => {
    expect(usernameBase('Giulia Bianchi')).toBe('Giulia_Bianchi');
    expect(usernameBase('Niccolò  D’Amico')).toBe('Niccolo_DAmico');
    expect(usernameBase('a.b')).toBe('player_ab');
    expect(usernameBase('李')).toBe('player');
  });
});
