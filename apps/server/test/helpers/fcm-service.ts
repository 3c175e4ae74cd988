import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ServiceAccount } from '../../src/channels/push/fcm';
import { selfSignedCertificate } from './push-service';

export type ReceivedFcmMessage = { projectId: string; message: Record<string, unknown> & { token: string } };

export type FcmService = {
  origin: string;
  /** Trusts the stub's self-signed certificate. */
  agent: https.Agent;
  /** A service-account key whose token endpoint is this stub's. */
  serviceAccount: ServiceAccount;
  /** Access tokens handed out by the token endpoint. */
  tokensIssued: number;
  received: ReceivedFcmMessage[];
  /** The next answers for a registration token (then 200); e.g. [503] or [404 UNREGISTERED]. */
  answer(token: string, ...answers: { status: number; errorCode?: string }[]): void;
  close(): Promise<void>;
};

const ACCESS_TOKEN = 'ya29.test-access-token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** Checks the signed JWT assertion (RS256, the service account's key, FCM's scope). */
function verifyAssertion(assertion: string, publicKey: KeyObject, email: string, audience: string) {
  const [header = '', body = '', signature = ''] = assertion.split('.');
  const ok = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${body}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad assertion signature');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  if (claims.iss !== email) throw new Error(`wrong issuer ${String(claims.iss)}`);
  if (claims.scope !== SCOPE) throw new Error(`wrong scope ${String(claims.scope)}`);
  if (claims.aud !== audience) throw new Error(`wrong audience ${String(claims.aud)}`);
}

/**
 * A local HTTPS stand-in for Google's OAuth token endpoint and FCM HTTP v1: it checks the
 * service account's signed assertion, hands out a bearer token, requires it on
 * `messages:send`, records each message and answers as told per registration token.
 */
export async function startFcmService(): Promise<FcmService> {
  const { key, cert } = selfSignedCertificate();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const answers = new Map<string, { status: number; errorCode?: string }[]>();
  const server = https.createServer({ key, cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service: FcmService = {
    origin,
    agent: new https.Agent({ ca: cert }),
    serviceAccount: {
      project_id: 'radar-test',
      client_email: 'push@radar-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${origin}/token`,
    },
    tokensIssued: 0,
    received: [],
    answer(token, ...next) {
      answers.set(token, [...(answers.get(token) ?? []), ...next]);
    },
    close: () =>
      new Promise((resolve) => {
        service.agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on('request', (request, response) => {
    void (async () => {
      const body = await readBody(request);
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && request.url === '/token') {
        const form = new URLSearchParams(body);
        try {
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            throw new Error('grant');
          // google-auth-library signs for Google's token endpoint whatever URL it posts to.
          verifyAssertion(
            form.get('assertion') ?? '',
            publicKey,
            service.serviceAccount.client_email,
            'https://oauth2.googleapis.com/token',
          );
        } catch (error) {
          send(400, { error: 'invalid_grant', error_description: String(error) });
          return;
        }
        service.tokensIssued += 1;
        send(200, { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' });
        return;
      }
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        send(404, { error: { status: 'NOT_FOUND' } });
        return;
      }
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        send(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'no valid token' } });
        return;
      }
      const { message } = JSON.parse(body) as { message: ReceivedFcmMessage['message'] };
      const next = answers.get(message.token)?.shift();
      if (next && next.status !== 200) {
        send(next.status, {
          error: {
            code: next.status,
            status: next.errorCode ?? 'INTERNAL',
            message: 'stub answer',
            details: next.errorCode
              ? [
                  {
                    '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                    errorCode: next.errorCode,
                  },
                ]
              : [],
          },
        });
        return;
      }
      service.received.push({ projectId: decodeURIComponent(match[1] ?? ''), message });
      send(200, { name: `projects/${match[1]}/messages/${service.received.length}` });
    })();
  });
  return service;
}
