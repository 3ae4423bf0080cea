/**
 * Password hashes: scrypt from node:crypto (async, so the event loop keeps serving),
 * a random 16-byte salt per member, compared with timingSafeEqual.
 * Stored as `scrypt$N$r$p$<salt b64url>$<hash b64url>`.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEYLEN = 32;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, KEYLEN, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length !== KEYLEN) return undefined;
  return { N, r, p, salt, key };
}

/** A hash of a password nobody knows, checked when the id is unknown (same timing). */
const DUMMY = parse('scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$oRkL2m5ZsmUwt5vmFKu2jZyhCq1Ghq-vNF1NDxhEzyE');

/**
 * True when `password` matches `stored`. A missing or unusable hash is checked
 * against a dummy hash so every answer costs one scrypt.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = (stored ? parse(stored) : undefined) ?? DUMMY;
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  const same = timingSafeEqual(key, parsed.key);
  return same && parsed !== DUMMY;
}
