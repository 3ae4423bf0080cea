/**
 * pino options shared by the portal and the reference API: JSON to stdout, ISO time,
 * and no secrets — cookies, tokens and passwords are redacted wherever they appear.
 */
import type { LoggerOptions } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.user_pass',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
] as const;

export function loggerOptions(opts: { level: string; name?: string }): LoggerOptions {
  return {
    level: opts.level,
    ...(opts.name ? { name: opts.name } : {}),
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: [...REDACT_PATHS], censor: '[REDACTED]' },
    serializers: {
      req(req: { method?: string; url?: string; id?: string; ip?: string; headers?: Record<string, unknown> }) {
        const ua = req.headers?.['user-agent'];
        return {
          method: req.method,
          url: stripQuerySecrets(req.url ?? ''),
          ip: req.ip,
          ...(typeof ua === 'string' ? { userAgent: ua } : {}),
        };
      },
    },
  };
}

/** Query strings may carry SSO tokens (/sso/sso?token=…): keep the keys, drop the values. */
export function stripQuerySecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (/token|key|pass|secret|code/i.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}
