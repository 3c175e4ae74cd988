import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google
 * and Apple in the API tests and the browser journeys. Its sign-in page asks for the email
 * and name to sign in as (no password): submitting it finishes login and consent at once.
 */
export type TestOidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProvider = {
  issuer: string;
  close(): Promise<void>;
};

type TestAccount = { email: string; name: string; emailVerified: boolean };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The subject the provider gives an email, unless the sign-in form names one. */
export const subjectForEmail = (email: string) =>
  `sub-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

const signInPage = (uid: string, clientId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test OpenID provider</title></head>
<body style="font:16px system-ui;max-width:420px;margin:3rem auto">
<h1>Test OpenID provider</h1>
<p>Sign in to <strong>${escapeHtml(clientId)}</strong></p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>Name <input name="name"></label></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button name="action" value="login">Continue</button> <button name="action" value="deny" formnovalidate>Deny</button></p>
</form></body></html>`;

export async function startTestOidcProvider(options: {
  clients: TestOidcClient[];
  port?: number;
  host?: string;
}): Promise<TestOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const accounts = new Map<string, TestAccount>();
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      // Apple's scope for the user's name.
      name: ['name'],
    },
    // Google and Apple put email and name in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    // State in memory and a signing key of its own: what a test provider needs, said explicitly.
    adapter: createMemoryAdapter(),
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    cookies: { keys: ['radar-tornei-test-oidc-provider'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name || undefined,
        }),
      };
    },
  });
  const callback = provider.callback();

  handle = (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const match = url.pathname.match(/^\/interaction\/([\w-]+)$/);
    if (!match) {
      callback(request, response);
      return;
    }
    void (async () => {
      try {
        const interaction = await provider.interactionDetails(request, response);
        const clientId = String(interaction.params.client_id ?? '');
        if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(signInPage(interaction.uid, clientId));
          return;
        }
        const form = await readForm(request);
        if (form.get('action') === 'deny') {
          await provider.interactionFinished(
            request,
            response,
            { error: 'access_denied', error_description: 'The user said no.' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const email = (form.get('email') ?? '').trim();
        const accountId = form.get('subject')?.trim() || subjectForEmail(email);
        accounts.set(accountId, {
          email,
          name: (form.get('name') ?? '').trim(),
          emailVerified: form.get('email_verified') === 'true',
        });
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(`interaction failed: ${(error as Error).message}`);
      }
    })();
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
