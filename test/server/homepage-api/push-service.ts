/**
 * A local push service stand-in (RFC 8030) for the reminder tests, and a browser's side of a
 * subscription. The service is an HTTPS server on a free loopback port with a certificate
 * made for the test run (selfsigned), trusted only by the https.Agent it hands out. Its
 * endpoints are addressed as a push service's are — https on port 443 of a host name
 * (PUSH_HOST, a reserved .test name) — and the agent connects whatever it is asked for to the
 * loopback port, so the API's endpoint check (port 443, no IP addresses) applies unchanged. It records
 * what arrives and answers 201, or the status a test set for a subscription (410: gone).
 * It checks a request as a push service and a browser would, with node:crypto only: the VAPID
 * JWT (RFC 8292, ES256) and the aes128gcm payload (RFC 8188, RFC 8291).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { Agent, createServer, type AgentOptions, type RequestOptions } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface Received {
  /** The subscription's name (the last path segment). */
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The push service's host name: what serviceHosts must name. */
export const PUSH_HOST = 'push.example.test';

/** An https.Agent that opens every connection to one loopback port, verifying the certificate as PUSH_HOST's. */
class LoopbackAgent extends Agent {
  readonly #port: number;
  constructor(port: number, opts: AgentOptions) {
    super(opts);
    this.#port = port;
  }
  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    return super.createConnection({ ...options, host: '127.0.0.1', port: this.#port, servername: PUSH_HOST }, callback);
  }
}

export interface PushService {
  /** https://PUSH_HOST: the audience of the VAPID JWT. */
  origin: string;
  /** Trusts the service's certificate; give it to webPushSender. */
  agent: Agent;
  received: Received[];
  endpoint(name: string): string;
  /** The status the service answers for a subscription (default 201). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

export async function pushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: PUSH_HOST }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: PUSH_HOST }] }],
  });
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').split('/').pop() ?? '';
      received.push({ name, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(name) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${PUSH_HOST}`;
  const agent = new LoopbackAgent(port, { ca: pems.cert });
  return {
    origin,
    agent,
    received,
    endpoint: (name) => `${origin}/push/${name}`,
    answer: (name, status) => void answers.set(name, status),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's subscription: its P-256 key pair and auth secret, and the JSON it sends (fcm_token). */
export interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function browser(endpoint: string): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } } };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer | string, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info, 'latin1') : info, length));

/** The plaintext of an aes128gcm body (one record), decrypted as the browser would (RFC 8291 §3.4). */
export function decrypt(body: Buffer, b: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength); // the sender's ephemeral public key
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const secret = b.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), b.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(secret, b.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the key is the server's,
 * the JWT is ES256 and its signature verifies with that key. Answers the JWT's claims.
 */
export function vapidClaims(headers: IncomingHttpHeaders, publicKey: string): VapidClaims {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID authorization: ${headers.authorization ?? '(none)'}`);
  if (m[2] !== publicKey) throw new Error('k is not the server’s public key');
  const [head = '', payload = '', signature = ''] = m[1].split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`alg ${String(header.alg)}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the JWT signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VapidClaims;
}
