import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      fitpBaseUrl: undefined,
      smtpUrl: undefined,
      role: 'both',
    });
    expect(config.mailFrom).toContain('@');
  });

  it('reads the fixed variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/radar',
      DATABASE_URL: 'postgres://u:p@db:5432/radar',
      PUBLIC_URL: 'https://radartornei.it/',
      FITP_BASE_URL: 'https://fitp.example/',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Radar <a@b.it>',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/radar',
      databaseUrl: 'postgres://u:p@db:5432/radar',
      publicUrl: 'https://radartornei.it',
      fitpBaseUrl: 'https://fitp.example/',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Radar <a@b.it>',
    });
  });

  it('enables a social sign-in provider only with both its client id and secret', () => {
    expect(loadConfig({}).oidc).toEqual({ google: null, apple: null });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).oidc.google).toBeNull();
    expect(
      loadConfig({
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        APPLE_CLIENT_ID: 'a',
        APPLE_CLIENT_SECRET: 'b',
      }).oidc,
    ).toEqual({
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
      apple: { clientId: 'a', clientSecret: 'b', issuer: 'https://appleid.apple.com' },
    });
  });

  it('has attempt limits that tests and deployments can change', () => {
    expect(loadConfig({}).authRateLimit).toEqual({
      ipMax: 30,
      accountMax: 10,
      backoffAfter: 5,
      windowMs: 900_000,
    });
    expect(
      loadConfig({
        AUTH_RATE_LIMIT_IP_MAX: '5',
        AUTH_RATE_LIMIT_ACCOUNT_MAX: '2',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
      }).authRateLimit,
    ).toEqual({ ipMax: 5, accountMax: 2, backoffAfter: 5, windowMs: 60_000 });
    expect(() => loadConfig({ AUTH_RATE_LIMIT_IP_MAX: '0' })).toThrow(/AUTH_RATE_LIMIT_IP_MAX/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('names every wrong variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', ROLE: 'boss' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/ROLE/);
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('reads the contact address, its limit and the optional links (unset or empty: null)', () => {
    expect(loadConfig({}).contact).toEqual({
      to: 'info@radartornei.it',
      rateLimit: { max: 5, windowMs: 3_600_000 },
    });
    expect(loadConfig({}).links).toEqual({
      donationUrl: null,
      communityUrl: null,
      iosAppUrl: null,
      androidAppUrl: null,
    });
    const config = loadConfig({
      CONTACT_TO: 'team@example.it',
      CONTACT_RATE_LIMIT_MAX: '2',
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: '60',
      DONATION_URL: 'https://donate.example/x',
      COMMUNITY_URL: '',
      IOS_APP_URL: 'https://apps.example/ios',
      ANDROID_APP_URL: 'https://play.example/android',
    });
    expect(config.contact).toEqual({ to: 'team@example.it', rateLimit: { max: 2, windowMs: 60_000 } });
    expect(config.links).toEqual({
      donationUrl: 'https://donate.example/x',
      communityUrl: null,
      iosAppUrl: 'https://apps.example/ios',
      androidAppUrl: 'https://play.example/android',
    });
    expect(() => loadConfig({ CONTACT_TO: 'not-an-address' })).toThrow(/CONTACT_TO/);
    expect(() => loadConfig({ DONATION_URL: 'not a url' })).toThrow(/DONATION_URL/);
  });
});
