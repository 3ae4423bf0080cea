/**
 * A member's browser, as far as the stack test and the stack bench need one: a cookie jar,
 * the portal's own request headers (same origin, `x-portal-request`), and connections from a
 * loopback address of its own (127.0.0.x), so that Caddy's X-Forwarded-For gives each member
 * its own client address, as members have, and the per-address sign-in limit of compose's
 * settings applies per member rather than to the whole test.
 */
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import pg from 'pg';
import { Agent, request } from 'undici';
import { MEMBER_PASSWORD } from '#test/fixtures/members.ts';

export { MEMBER_PASSWORD };

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: unknown;
  ms: number;
}

/** The n-th loopback address past 127.0.0.1 (n ≥ 1): 127.0.0.2, … 127.0.1.1, … */
export function loopbackAddress(n: number): string {
  const k = n + 1;
  return `127.0.${Math.floor(k / 250)}.${(k % 250) + 2}`;
}

/**
 * What a member's browser asks for: Chrome's Accept-Encoding over HTTPS, as production serves it.
 * The stack bench's figure then includes compressing every answer, as members' answers are
 * (decision 0165: a bench whose load asked for none missed 3 ms a page of brotli).
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A body as the browser reads it: undone from the Content-Encoding it came in. */
function decoded(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case '':
    case 'identity':
      return body;
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'zstd':
      return zstdDecompressSync(body);
    default:
      throw new Error(`an answer in an encoding the browser did not ask for: ${encoding}`);
  }
}

export class StackMember {
  readonly #agent: Agent;
  readonly #jar = new Map<string, string>();
  readonly base: string;
  readonly userId: string;

  constructor(base: string, userId: string, sourceAddress: string) {
    this.base = base;
    this.userId = userId;
    this.#agent = new Agent({ localAddress: sourceAddress, connections: 4, keepAliveTimeout: 5_000 });
  }

  /** The cookies a browser would send now. */
  cookies(): string {
    return [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Holds these cookies (`name=value; …`, as `cookies()` gives them): a second browser with a copy of a session. */
  useCookies(header: string): void {
    this.#jar.clear();
    for (const pair of header.split('; ').filter(Boolean)) {
      const eq = pair.indexOf('=');
      this.#jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  async send(method: 'GET' | 'POST', path: string, opts: { json?: unknown; html?: boolean } = {}): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = {
      accept: opts.html ? 'text/html' : 'application/json',
      origin: this.base,
      'x-portal-request': '1',
      'sec-fetch-site': 'same-origin',
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
    };
    if (this.#jar.size > 0) headers['cookie'] = this.cookies();
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${this.base}${path}`, {
      method,
      headers,
      body: opts.json === undefined ? null : JSON.stringify(opts.json),
      dispatcher: this.#agent,
      headersTimeout: 90_000,
      bodyTimeout: 90_000,
    });
    const text = decoded(Buffer.from(await res.body.arrayBuffer()), String(res.headers['content-encoding'] ?? '')).toString('utf8');
    const setCookie = res.headers['set-cookie'];
    for (const header of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0\b/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) this.#jar.delete(name);
      else this.#jar.set(name, value);
    }
    let json: unknown;
    try {
      json = String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, json, ms: performance.now() - started };
  }

  async signIn(password = MEMBER_PASSWORD): Promise<Answer> {
    return this.send('POST', '/api/login/login', { json: { user_id: this.userId, user_pass: password } });
  }

  async signOut(): Promise<Answer> {
    return this.send('POST', '/api/login/logout');
  }

  /** A book diary (the earning write of the programme: 50 points, 200 the first ever, once a Seoul day). */
  async writeDiary(isbn: string, content: string): Promise<Answer> {
    return this.send('POST', '/api/v1/homepage/activity/bookdiary', { json: { isbn, content } });
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

/** The ISBN of a seeded book, found through the gateway's book search as a member would. */
export async function seededIsbn(member: StackMember): Promise<string> {
  const answer = await member.send('GET', `/api/v1/homepage/book/search?query=${encodeURIComponent('소년이 온다')}`);
  const isbn = (answer.json as { book_list?: { isbn?: string }[] } | undefined)?.book_list?.[0]?.isbn;
  if (!isbn) throw new Error(`the book search found nothing (${answer.status}): ${answer.text.slice(0, 200)}`);
  return isbn;
}

/**
 * `count` members who can sign in with MEMBER_PASSWORD: reader01 and admin01 (the seed's), then
 * generated members (member101…), who have no password in the seed: they are given reader01's
 * hash in the stack's throwaway database, so a test or a bench has as many members as it needs.
 */
export async function membersWhoCanSignIn(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const generated = Array.from({ length: Math.max(0, count - 2) }, (_, i) => `member${String(101 + i).padStart(3, '0')}`);
    const updated = await client.query<{ user_id: string }>(
      `UPDATE members SET password_hash = (SELECT password_hash FROM members WHERE user_id = 'reader01')
        WHERE user_id = ANY($1::text[]) AND status = 'active' AND agree_yn = 'Y' RETURNING user_id`,
      [generated],
    );
    if (updated.rowCount !== generated.length) throw new Error(`only ${updated.rowCount} of ${generated.length} generated members can take part`);
    return ['reader01', 'admin01', ...generated].slice(0, count);
  } finally {
    await client.end();
  }
}
