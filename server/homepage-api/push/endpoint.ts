/**
 * Which Web Push endpoints the API posts to (decisions 0110, 0116): an
 * `https:` address on port 443 of a known push service, with no credentials, that the two URL
 * parsers in play read alike — the WHATWG parser (new URL) that checks it here, and Node's
 * legacy url.parse that web-push uses to open the connection and to name the VAPID audience.
 * A subscription is checked when it is stored (400 otherwise) and again before every send,
 * and what is stored and sent is the normalised address that was checked (URL.href).
 */
import { isIP } from 'node:net';
import { parse as legacyUrlParse, type Url } from 'node:url';

/** Why an endpoint is refused (for logs; members get one message). */
export type EndpointProblem =
  | 'characters'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'host'
  | 'ip'
  | 'fragment'
  | 'unknown_service'
  | 'parsers_differ';

export type EndpointCheck =
  | { ok: true; href: string; hostname: string }
  /** hostname: what the WHATWG parser reads as the host, when it parses — the only part of a refused endpoint fit for a log. */
  | { ok: false; problem: EndpointProblem; hostname: string | null };

/** Printable ASCII except the backslash: no white space, no controls, no non-ASCII look-alikes. */
const PRINTABLE = /^[\x21-\x5b\x5d-\x7e]+$/;
/** A DNS name of letters, digits and hyphens, at least two labels, no empty label (no trailing dot). */
const DNS_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
/** A last label the WHATWG parser reads as a number makes the whole host an IPv4 address (0x7f.1, 2130706433). */
const NUMERIC_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|[0-9]+)$/i;

/** The host is one of the push services (or a subdomain of one). */
function knownService(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * Node's legacy parser, as web-push calls it. Node 24 warns (DEP0169) the first time code
 * outside node_modules calls it; that warning is about url.parse's looseness, which this
 * module exists to guard against, so it is silenced for this one call.
 */
function legacyParse(href: string): Url {
  const before = process.noDeprecation;
  process.noDeprecation = true;
  try {
    return legacyUrlParse(href);
  } finally {
    process.noDeprecation = before;
  }
}

/** Whether web-push, reading `href` with url.parse, connects to, signs for and requests what `url` says. */
function parsersAgree(url: URL, href: string): boolean {
  const legacy = legacyParse(href);
  return (
    legacy.protocol === url.protocol &&
    legacy.hostname === url.hostname &&
    (legacy.port ?? '') === url.port &&
    legacy.host === url.host &&
    legacy.auth === null &&
    legacy.path === url.pathname + url.search &&
    legacy.hash === null
  );
}

/** Checks a subscription's endpoint against the push services' hosts; answers the address to store and send to. */
export function checkEndpoint(raw: string, serviceHosts: readonly string[]): EndpointCheck {
  const url = URL.parse(raw);
  const refuse = (problem: EndpointProblem): EndpointCheck => ({ ok: false, problem, hostname: url?.hostname ?? null });
  if (!PRINTABLE.test(raw)) return refuse('characters');
  if (!raw.startsWith('https://')) return refuse('scheme');
  const rest = raw.slice('https://'.length);
  const authority = rest.slice(0, rest.search(/[/?#]|$/));
  if (authority.includes('@')) return refuse('credentials');
  if (authority.startsWith('[')) return refuse('ip');
  const colon = authority.lastIndexOf(':');
  const host = colon < 0 ? authority : authority.slice(0, colon);
  if (colon >= 0 && authority.slice(colon + 1) !== '443') return refuse('port');
  if (raw.includes('#')) return refuse('fragment');
  // Percent-encoding, dots at either end and anything else outside a DNS name.
  if (!DNS_NAME.test(host)) return refuse(isIP(host) ? 'ip' : 'host');
  if (NUMERIC_LABEL.test(host)) return refuse('ip');

  // What the WHATWG parser makes of it must be what was just checked, and a push service.
  if (!url || url.protocol !== 'https:') return refuse('scheme');
  if (url.username !== '' || url.password !== '') return refuse('credentials');
  if (url.port !== '') return refuse('port'); // 443 is https's default, so the parser leaves it out
  if (isIP(url.hostname) !== 0) return refuse('ip');
  if (url.hostname !== host.toLowerCase() || url.hash !== '') return refuse('parsers_differ');
  if (!knownService(url.hostname, serviceHosts)) return refuse('unknown_service');
  // And web-push's url.parse must read the address to be sent alike.
  if (!parsersAgree(url, url.href)) return refuse('parsers_differ');
  return { ok: true, href: url.href, hostname: url.hostname };
}

/** A host name of PUSH_SERVICE_HOSTS: a DNS name (an IP address is no push service). */
export function isServiceHostName(host: string): boolean {
  return DNS_NAME.test(host) && !NUMERIC_LABEL.test(host);
}
