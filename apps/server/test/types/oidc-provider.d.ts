/** The few parts of oidc-provider (which ships no types) that the test OpenID provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Interaction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string; details: Record<string, unknown> };
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    interactions?: { url?: (ctx: unknown, interaction: Interaction) => string };
    cookies?: { keys?: string[] };
    conformIdTokenClaims?: boolean;
    pkce?: { required?: () => boolean };
    responseTypes?: string[];
    ttl?: Record<string, number>;
    adapter?: unknown;
    jwks?: { keys: Record<string, unknown>[] };
    renderError?: (ctx: { type: string; body: string }, out: Record<string, string>, error: Error) => void;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => Grant;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** oidc-provider's in-memory storage, as an adapter class. */
  export function createMemoryAdapter(clockTolerance?: number): unknown;
}
