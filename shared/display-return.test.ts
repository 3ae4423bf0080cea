import { describe, expect, it } from 'vitest';
import { DISPLAY_RETURN_MAX, displayBackPath, displayReturnOf } from './display-return.ts';

describe('화면 설정’s way back (decision 0131)', () => {
  it('is the page the member was reading', () => {
    expect(displayReturnOf('/activity/activity', '?x=1')).toBe('/activity/activity?x=1');
    expect(displayBackPath('/board/notice/homenotice')).toBe('/board/notice/homenotice');
  });

  it('opened on 화면 설정 itself, keeps that page’s way back instead of nesting it', () => {
    const once = displayReturnOf('/activity/activity', '');
    let search = `?returnTo=${encodeURIComponent(once)}`;
    for (let i = 0; i < 60; i++) {
      const next = displayReturnOf('/service/display', search);
      expect(next).toBe('/activity/activity');
      search = `?returnTo=${encodeURIComponent(next)}`;
    }
  });

  it('is never 화면 설정 itself, another site, an API, or longer than the bound', () => {
    expect(displayBackPath('/service/display?returnTo=%2Fmain%2Fhomemain')).toBeUndefined();
    expect(displayBackPath('/settings/display')).toBeUndefined();
    expect(displayBackPath('/login/login')).toBe('/login/login');
    expect(displayBackPath('/api/v1/homepage/user/point')).toBeUndefined();
    expect(displayBackPath('//evil.example/')).toBeUndefined();
    expect(displayBackPath(`/board/notice/homenotice?q=${'가'.repeat(DISPLAY_RETURN_MAX)}`)).toBeUndefined();
    expect(displayReturnOf('/service/display', '')).toBe('/main/homemain');
    expect(displayReturnOf('/service/display', '?returnTo=%2Fservice%2Fdisplay')).toBe('/main/homemain');
  });
});
