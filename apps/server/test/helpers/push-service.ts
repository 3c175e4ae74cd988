import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A browser's side of a web push subscription: what it sends us, and its private key. */
export type TestSubscription = {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
  /** The VAPID public key the subscription was made with; other senders are refused. */
  applicationServerKey: string | null;
};

export type ReceivedPush = {
  subscriptionId: string;
  status: number;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  headers: { ttl?: string | undefined; urgency?: string | undefined; topic?: string | undefined };
};

export type RejectedPush = { subscriptionId: string; reason: string };

export type PushService = {
  origin: string;
  /** Trusts the service's self-signed certificate: pass to web-push as `agent`. */
  agent: https.Agent;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  /** A new subscription, as a browser creates it with `pushManager.subscribe({ applicationServerKey })`. */
  subscribe(applicationServerKey?: string): TestSubscription;
  /** What the service answers for a subscription from now on (201 by default). */
  answer(subscriptionId: string, status: number): void;
  close(): Promise<void>;
};

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A self-signed certificate for 127.0.0.1, made with the openssl CLI (node:crypto cannot). */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'radar-push-'));
  try {
    const keyPath = path.join(dir, 'key.pem');
    const certPath = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Verifies a VAPID JWT (RFC 8292: ES256, signed with the key sent as `k`). */
function verifyVapid(authorization: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt = '', key = ''] = match;
  const [header = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad vapid signature');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (parsedHeader.alg !== 'ES256') throw new Error('vapid jwt is not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`wrong audience ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('bad expiry');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('bad subject');
  return { claims, vapidPublicKey: key };
}

/** Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export function decryptPushPayload(body: Buffer, subscription: TestSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const sharedSecret = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * A local push service (RFC 8030) over HTTPS: it checks each message's VAPID signature,
 * decrypts its payload with the subscription's private key, and answers 201, or whatever
 * status a test set for that subscription (404/410 for a gone subscription, 5xx, 429).
 */
export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, TestSubscription>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  let origin = '';

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      try {
        const { claims, vapidPublicKey } = verifyVapid(request.headers.authorization, origin);
        if (subscription.applicationServerKey && vapidPublicKey !== subscription.applicationServerKey) {
          throw new Error('signed with a key other than the subscription’s applicationServerKey');
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = JSON.parse(decryptPushPayload(Buffer.concat(chunks), subscription).toString('utf8'));
        const status = answers.get(id) ?? 201;
        received.push({
          subscriptionId: id,
          status,
          payload,
          claims,
          vapidPublicKey,
          headers: {
            ttl: request.headers.ttl as string | undefined,
            urgency: request.headers.urgency as string | undefined,
            topic: request.headers.topic as string | undefined,
          },
        });
        response.writeHead(status).end();
      } catch (error) {
        rejected.push({ subscriptionId: id, reason: error instanceof Error ? error.message : String(error) });
        response.writeHead(403).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    agent: new https.Agent({ ca: cert }),
    received,
    rejected,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const subscription: TestSubscription = {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
        },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        auth,
        applicationServerKey: applicationServerKey ?? null,
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    answer(subscriptionId, status) {
      answers.set(subscriptionId, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
