import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DialogProvider, useDialogs } from './dialogs.tsx';

beforeAll(() => {
  // jsdom draws no modal: an open attribute is enough here.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

function Twice({ words, done }: { words: [string, string]; done: (which: string) => void }) {
  const dialogs = useDialogs();
  useEffect(() => {
    void dialogs.alert(words[0]).then(() => done('first'));
    void dialogs.alert(words[1]).then(() => done('second'));
  }, [dialogs, words, done]);
  return null;
}

describe('dialogs', () => {
  it('says the same alert once: both callers wait for the one dialog', async () => {
    const closed: string[] = [];
    const words: [string, string] = ['로그인이 만료되었습니다.', '로그인이 만료되었습니다.'];
    render(
      <DialogProvider>
        <Twice words={words} done={(w) => closed.push(w)} />
      </DialogProvider>,
    );
    expect(await screen.findAllByText('로그인이 만료되었습니다.')).toHaveLength(1);
    await act(async () => screen.getByRole('button', { name: '확인', hidden: true }).click());
    expect(closed.sort()).toEqual(['first', 'second']);
    expect(screen.queryByText('로그인이 만료되었습니다.')).toBeNull();
  });

  it('says two different alerts one after the other', async () => {
    const closed: string[] = [];
    const words: [string, string] = ['첫째 알림', '둘째 알림'];
    render(
      <DialogProvider>
        <Twice words={words} done={(w) => closed.push(w)} />
      </DialogProvider>,
    );
    await screen.findByText('첫째 알림');
    await act(async () => screen.getByRole('button', { name: '확인', hidden: true }).click());
    expect(closed).toEqual(['first']);
    await screen.findByText('둘째 알림');
    await act(async () => screen.getByRole('button', { name: '확인', hidden: true }).click());
    expect(closed).toEqual(['first', 'second']);
  });
});
