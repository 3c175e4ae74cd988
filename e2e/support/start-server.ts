/**
 * Starts the real server for one Playwright worker (support/app-server.ts), on its data dir
 * (PGlite) or, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database of its own. The
 * databases of earlier runs are dropped first (a run's workers share its E2E_RUN_ID, so none
 * drops another's), so none is left behind for more than one run. With E2E_OIDC_PORT it also
 * runs the local OpenID provider the social sign-in journey uses.
 */
import pg from 'pg';

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const run = process.env.E2E_RUN_ID ?? String(Date.now());
  const name = `radar_e2e_${run}_${process.env.E2E_DATABASE_SUFFIX ?? '0'}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'radar\\_e2e\\_%'",
  );
  for (const row of rows) {
    if (!row.datname.startsWith(`radar_e2e_${run}_`) || row.datname === name) {
      await client.query(`drop database if exists "${row.datname}" with (force)`);
    }
  }
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

// The Playwright worker that started this server holds the other end of its stdin: when the worker
// goes, however it goes, the server stops too instead of running on, orphaned.
if (process.env.E2E_EXIT_WITH_STDIN === '1') {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}

// The journeys' stand-in for Google: a real OpenID provider on loopback (see playwright.config.ts).
if (process.env.E2E_OIDC_PORT) {
  const { startTestOidcProvider } = await import('../../apps/server/test/helpers/oidc-provider');
  const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT}`;
  await startTestOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    clients: [
      {
        clientId: process.env.GOOGLE_CLIENT_ID ?? 'radar-tornei-e2e',
        clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'radar-tornei-e2e-secret',
        redirectUris: [`${publicUrl}/api/auth/google/callback`],
      },
    ],
  });
}

await import('../../apps/server/src/main');
