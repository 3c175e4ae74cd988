import { type AuthLinkError, OIDC_PROVIDERS, type OidcProvider } from '@radar/shared';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config';

/** What each provider is asked for. Apple sends name and email only with response_mode=form_post. */
const PROVIDER_SETTINGS: Record<OidcProvider, { scope: string; responseMode?: 'form_post' }> = {
  google: { scope: 'openid email profile' },
  apple: { scope: 'openid email name', responseMode: 'form_post' },
};

/** How long a sign-in may take at the provider before its transaction cookie expires. */
export const OIDC_TRANSACTION_TTL_SECONDS = 10 * 60;

/** The checks of one sign-in, kept in an httpOnly cookie between the start and the callback. */
export const oidcTransactionSchema = z.object({
  provider: z.enum(OIDC_PROVIDERS),
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
  redirect: z.string(),
});
export type OidcTransaction = z.infer<typeof oidcTransactionSchema>;

export function encodeTransaction(transaction: OidcTransaction): string {
  return Buffer.from(JSON.stringify(transaction)).toString('base64url');
}

export function decodeTransaction(value: string | undefined): OidcTransaction | null {
  if (!value) return null;
  try {
    const parsed = oidcTransactionSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The identity a provider vouched for. */
export type ProviderIdentity = {
  provider: OidcProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** A sign-in that could not finish, with the `?error=` value the login screen shows. */
export class OidcError extends Error {
  constructor(
    readonly linkError: AuthLinkError,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

/**
 * OpenID Connect sign-in (authorization code + PKCE, with state and nonce checked) against
 * the providers configured in the environment. Discovery happens on first use and is kept.
 */
export function createOidcClient(config: Pick<Config, 'oidc' | 'publicUrl' | 'isProduction'>) {
  const discovered = new Map<OidcProvider, Promise<client.Configuration>>();

  const enabledProviders = OIDC_PROVIDERS.filter((provider) => config.oidc[provider] !== null);

  function settingsOf(provider: OidcProvider) {
    const settings = config.oidc[provider];
    if (!settings) throw new OidcError('provider_unavailable', `${provider} sign-in is not configured`);
    return settings;
  }

  function configurationOf(provider: OidcProvider): Promise<client.Configuration> {
    let pending = discovered.get(provider);
    if (!pending) {
      const settings = settingsOf(provider);
      const issuer = new URL(settings.issuer);
      // Plain http is only for a provider run locally in tests and development.
      const insecure = issuer.protocol === 'http:' && !config.isProduction;
      pending = client
        .discovery(
          issuer,
          settings.clientId,
          { client_secret: settings.clientSecret },
          client.ClientSecretPost(settings.clientSecret),
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered.delete(provider);
          throw new OidcError('provider_unavailable', `${provider} discovery failed`, { cause: error });
        });
      discovered.set(provider, pending);
    }
    return pending;
  }

  const callbackUrl = (provider: OidcProvider) => `${config.publicUrl}/api/auth/${provider}/callback`;

  return {
    enabledProviders,

    isEnabled(provider: OidcProvider): boolean {
      return config.oidc[provider] !== null;
    },

    callbackUrl,

    /** The provider's authorization URL and the checks to keep until the callback. */
    async start(
      provider: OidcProvider,
      redirect: string,
    ): Promise<{ url: URL; transaction: OidcTransaction }> {
      const configuration = await configurationOf(provider);
      const codeVerifier = client.randomPKCECodeVerifier();
      const transaction: OidcTransaction = {
        provider,
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirect,
      };
      const { scope, responseMode } = PROVIDER_SETTINGS[provider];
      const parameters: Record<string, string> = {
        redirect_uri: callbackUrl(provider),
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      };
      if (responseMode) parameters.response_mode = responseMode;
      return { url: client.buildAuthorizationUrl(configuration, parameters), transaction };
    },

    /**
     * Exchanges the authorization code of the callback (its query parameters) for the
     * ID token, checking state, PKCE and nonce, and returns who signed in.
     */
    async finish(transaction: OidcTransaction, parameters: URLSearchParams): Promise<ProviderIdentity> {
      const { provider } = transaction;
      const providerError = parameters.get('error');
      if (providerError) {
        throw new OidcError(
          providerError === 'access_denied' ? 'access_denied' : 'sign_in_failed',
          `${provider} answered ${providerError}`,
        );
      }
      const configuration = await configurationOf(provider);
      const currentUrl = new URL(callbackUrl(provider));
      for (const [key, value] of parameters) currentUrl.searchParams.append(key, value);
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OidcError('sign_in_failed', `${provider} code exchange failed`, { cause: error });
      }
      if (!claims?.sub) throw new OidcError('sign_in_failed', `${provider} sent no subject`);
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
      // Apple sends email_verified as the string "true".
      const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
      return { provider, subject: claims.sub, email: email || null, emailVerified, name };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
