/** Both processes read their environment through one reader (server/env.ts): typed, defaulted, named errors. */
import { test } from 'tap';
import { loadConfig } from '#server/portal/config.ts';
import { ConfigError } from '#server/env.ts';
import { settingsFromEnv } from '#server/homepage-api/settings.ts';

test('portal defaults', async (t) => {
  const c = loadConfig({}, []);
  t.match(c, { env: 'production', host: 'localhost', port: 3000, logLevel: 'info', homepageTimeoutMs: 60_000, trustProxy: false, shutdownDelayMs: 3_000, shutdownGraceMs: 10_000 });
  t.same(c.homepageApiUrls, [], 'no URL: the embedded API');
  t.equal(c.scheme, 'auto', 'HTTPS decided per request by default (decision 0017)');
  t.equal(c.tls, undefined);
  t.equal(c.auth.sessionSecretGenerated, true);
  t.equal(loadConfig({ COOKIE_SECURE: 'Y' }, []).scheme, 'https', 'COOKIE_SECURE=Y forces HTTPS');
  t.equal(loadConfig({ COOKIE_SECURE: 'N' }, []).scheme, 'http', 'COOKIE_SECURE=N forces plain HTTP');
  t.throws(() => loadConfig({ TLS_CERT_FILE: 'package.json' }, []), /^TLS_CERT_FILE and TLS_KEY_FILE must be set together/);
  t.throws(() => loadConfig({ TLS_CERT_FILE: 'package.json', TLS_KEY_FILE: 'no-such.pem' }, []), /^TLS_KEY_FILE names a file that does not exist/);
  t.same(loadConfig({ HOMEPAGE_API_URL: 'http://127.0.0.1:4000/base/' }, []).homepageApiUrls, ['http://127.0.0.1:4000/base']);
  t.same(
    loadConfig({ HOMEPAGE_API_URL: 'http://homepage-api-a:4000, http://homepage-api-b:4000/' }, []).homepageApiUrls,
    ['http://homepage-api-a:4000', 'http://homepage-api-b:4000'],
    'several alike instances, comma-separated (decision 0130)',
  );
  t.throws(() => loadConfig({ HOMEPAGE_API_URL: 'http://a:4000,ftp://b' }, []), /^HOMEPAGE_API_URL must be an absolute http\(s\) URL, got "ftp:\/\/b"/);
  t.same(loadConfig({ REDIRECT_ALLOWED_HOSTS: ' Sso.Example.kr , ,lib.example.kr' }, []).auth.redirectHosts, ['sso.example.kr', 'lib.example.kr']);
  t.same(loadConfig({ REDIRECT_ALLOWED_HOSTS: '도서관.example,SSO.example.kr:8443' }, []).auth.redirectHosts, ['xn--zb0b81k2qm.example', 'sso.example.kr:8443'], 'IDN hosts as punycode (what the URL parser compares)');
  t.equal(loadConfig({ TRUST_PROXY: '1', PORT: ' 8080 ' }, []).port, 8080);
  t.equal(loadConfig({ PORT: '' }, []).port, 3000, 'empty counts as unset');
});

test('TRUST_PROXY: no proxy, a hop count or proxy addresses; Y (every hop) is refused (decision 0011)', async (t) => {
  t.equal(loadConfig({ TRUST_PROXY: 'N' }, []).trustProxy, false);
  t.equal(loadConfig({ TRUST_PROXY: '0' }, []).trustProxy, false);
  t.equal(loadConfig({ TRUST_PROXY: '2' }, []).trustProxy, 2);
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1/128,loopback' }, []).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1/128', 'loopback']);
  t.throws(() => loadConfig({ TRUST_PROXY: 'Y' }, []), /^TRUST_PROXY=Y \(every hop\) is no longer accepted: set the proxies' addresses/);
});

test('a wrong value names its variable', async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'x' }, /^PORT must be an integer between 0 and 65535, got "x"$/],
    [{ PORT: '70000' }, /^PORT must be/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be N, a number of proxy hops/],
    [{ TRUST_PROXY: '300.1.1.1' }, /^TRUST_PROXY must be N/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY must be N/],
    [{ TRUST_PROXY: '11' }, /^TRUST_PROXY must be N/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of fatal/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be production, development or test/],
    [{ SESSION_SECRET: 'short' }, /^SESSION_SECRET must be at least 32 characters/],
    [{ HOMEPAGE_API_URL: 'ftp://x' }, /^HOMEPAGE_API_URL must be an absolute http\(s\) URL/],
    [{ SHUTDOWN_DELAY_MS: '10000', SHUTDOWN_GRACE_MS: '10000' }, /^SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_GRACE_MS \(10000\)/],
    [{ REDIRECT_ALLOWED_HOSTS: 'sso.example.kr/login' }, /^REDIRECT_ALLOWED_HOSTS must be comma-separated host names/],
    [{ REDIRECT_ALLOWED_HOSTS: 'user@sso.example.kr' }, /^REDIRECT_ALLOWED_HOSTS must be comma-separated host names/],
  ];
  for (const [env, message] of cases) t.throws(() => loadConfig(env, []), message, JSON.stringify(env));
  try {
    loadConfig({ PORT: 'x' }, []);
  } catch (err) {
    t.type(err, ConfigError);
  }
});

test('the reference API reads its variables the same way', async (t) => {
  t.match(settingsFromEnv({ POINTS_MONTHLY_CAP: '100' }), { accessTtlS: 1800, rules: { monthlyCap: 100, yearlyCap: 60_000 } });
  t.throws(() => settingsFromEnv({ ACCESS_TOKEN_TTL_S: 'soon' }), /^ACCESS_TOKEN_TTL_S must be an integer/);
  t.throws(() => settingsFromEnv({ LOGOUT_URL: '//evil.example' }), /^LOGOUT_URL must be a same-origin path/);
});
