import { describe, expect, it } from 'vitest';
import { detectInApp, externalOpenUrl } from './inapp.ts';

describe('in-app browsers (docs/decisions/D4-behaviour-details.md)', () => {
  it('detects the apps of docs/decisions/D4-behaviour-details.md and nothing else', () => {
    expect(detectInApp('Mozilla/5.0 ... KAKAOTALK 10.8.4')).toBe('kakaotalk');
    expect(detectInApp('Mozilla/5.0 ... NAVER(inapp; search; 1000; 12.5.6)')).toBe('naver');
    expect(detectInApp('Mozilla/5.0 ... Safari Line/14.3.0')).toBe('line');
    expect(detectInApp('... [FBAN/FBIOS;FBAV/440.0]')).toBe('facebook');
    expect(detectInApp('... Instagram 309.0')).toBe('instagram');
    expect(detectInApp('... DaumApps/7.9.0')).toBe('daum');
    expect(detectInApp('... BAND/14.0.0')).toBe('band');
    expect(detectInApp('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36')).toBeNull();
    expect(detectInApp(undefined)).toBeNull();
  });
  it('offers each app its way out', () => {
    const url = 'https://portal.example/service/service?a=1';
    expect(externalOpenUrl('kakaotalk', '', url)).toBe(`kakaotalk://web/openExternal?url=${encodeURIComponent(url)}`);
    expect(externalOpenUrl('line', '', url)).toBe('https://portal.example/service/service?a=1&openExternalBrowser=1');
    expect(externalOpenUrl('naver', 'Mozilla/5.0 (Linux; Android 14)', url)).toBe(
      'intent://portal.example/service/service?a=1#Intent;scheme=https;package=com.android.chrome;end',
    );
    expect(externalOpenUrl('instagram', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', url)).toBeNull();
  });
});
