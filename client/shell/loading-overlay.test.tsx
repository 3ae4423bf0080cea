import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loading } from '../api/loading.ts';
import { LoadingOverlay } from './loading-overlay.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  loading.reset();
});

describe('loading overlay', () => {
  it('shows after 150 ms while any request is in flight, and hides when all are done', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByTestId('loading-overlay');
    const status = screen.getByRole('status');
    expect(overlay.className).not.toContain('is-visible');

    act(() => loading.begin());
    act(() => vi.advanceTimersByTime(149));
    expect(overlay.className).not.toContain('is-visible');
    act(() => vi.advanceTimersByTime(1));
    expect(overlay.className).toContain('is-visible');
    expect(status.textContent).toBe('불러오는 중입니다.');

    act(() => loading.begin());
    act(() => loading.end());
    expect(overlay.className).toContain('is-visible');
    act(() => loading.end());
    expect(overlay.className).not.toContain('is-visible');
    expect(status.textContent).toBe('');
  });

  it('never appears for a request faster than 150 ms', () => {
    render(<LoadingOverlay />);
    act(() => loading.begin());
    act(() => vi.advanceTimersByTime(100));
    act(() => loading.end());
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('loading-overlay').className).not.toContain('is-visible');
  });

  it('a new busy spell waits its own 150 ms', () => {
    render(<LoadingOverlay />);
    act(() => loading.begin());
    act(() => vi.advanceTimersByTime(200));
    act(() => loading.end());
    act(() => loading.begin());
    expect(screen.getByTestId('loading-overlay').className).not.toContain('is-visible');
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByTestId('loading-overlay').className).toContain('is-visible');
    act(() => loading.end());
  });
});

describe('a long wait has words (issue 38)', () => {
  it('after five seconds a write says what it waits for, with its own words', () => {
    render(<LoadingOverlay />);
    const status = screen.getByRole('status');
    const words = '독서일지를 보내고 있어요. 연결이 느려 시간이 걸리고 있어요. 1분까지 기다린 뒤 알려 드릴게요.';
    act(() => loading.begin(words));
    act(() => vi.advanceTimersByTime(200));
    expect(status.textContent).toBe('불러오는 중입니다.');
    act(() => vi.advanceTimersByTime(4_800));
    expect(status.textContent).toBe(words);
    act(() => loading.end(words));
    expect(status.textContent).toBe('');
  });

  it('a read that names nothing stays "불러오는 중입니다."', () => {
    render(<LoadingOverlay />);
    act(() => loading.begin());
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByRole('status').textContent).toBe('불러오는 중입니다.');
    act(() => loading.end());
  });
});
