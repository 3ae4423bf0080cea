import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCER_ID, announce, arrived, onArrival } from './announce.ts';

describe('the announcer (decision 0143)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div id="${ANNOUNCER_ID}" aria-live="polite">old</div>`;
  });
  afterEach(() => vi.useRealTimers());
  const region = () => document.getElementById(ANNOUNCER_ID);

  it('clears the region, then writes the sentence a moment later (the same sentence twice is spoken twice)', () => {
    announce('50P가 적립되었어요.');
    expect(region()?.textContent).toBe('');
    vi.advanceTimersByTime(100);
    expect(region()?.textContent).toBe('50P가 적립되었어요.');
    announce('50P가 적립되었어요.');
    expect(region()?.textContent).toBe('');
    vi.advanceTimersByTime(100);
    expect(region()?.textContent).toBe('50P가 적립되었어요.');
  });

  it('speaks from inside an open modal dialog, whose page behind is inert', () => {
    const dialog = document.createElement('dialog');
    dialog.innerHTML = '<p aria-live="polite"></p>';
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    announce('화면 설정을 적용했습니다.');
    vi.advanceTimersByTime(100);
    expect(dialog.querySelector('[aria-live]')?.textContent).toBe('화면 설정을 적용했습니다.');
    expect(region()?.textContent).toBe('old');
  });

  it('runs what a navigation left to do once it has arrived, once', () => {
    const act = vi.fn();
    onArrival(act);
    arrived();
    arrived();
    expect(act).toHaveBeenCalledTimes(1);
  });
});
