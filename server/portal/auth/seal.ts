/**
 * Values the portal keeps outside its own memory — in Redis, or in a file under DATA_DIR —
 * that must give nothing away there: sealed with AES-256-GCM under a key the caller derives
 * (decisions 0020 and 0024). `v1.<iv>.<tag>.<body>`, base64url.
 */
import { createCipheriv, createDecipheriv, createHmac, hash, randomBytes } from 'node:crypto';

/** A 256-bit key for one purpose, derived from a secret (a refresh token, SESSION_SECRET). */
export function sealKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

/** SHA-256 of a secret, base64url: how a token or a session id is named where it is kept. */
export function hashOf(secret: string): string {
  return hash('sha256', secret, 'base64url');
}

export function seal(value: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The sealed value, if `key` opens it and `check` accepts what is inside. */
export function unseal<T>(text: string, key: Buffer, check: (v: unknown) => v is T): T | undefined {
  const [v, iv, tag, body] = text.split('.');
  if (v !== 'v1' || !iv || !tag || !body) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const parsed: unknown = JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
    return check(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
