/**
 * A write form (write-form.tsx, issue 38): its fields kept on the device as they are typed,
 * brought back with a note after a reload, discarded on request; the write's key kept with the
 * draft (the same on every retry) and a new one once the server confirmed the write.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WRITE_CONFIRMED_EVENT } from '#shared/pwa.ts';
import type { SessionUser } from '#shared/session.ts';
import { renderAt } from '../shell/test-utils.tsx';
import { CharCounterTextarea } from './char-counter.tsx';
import { readDraft, removeDraftByKey, saveDraft, WRITE_KEY_FIELD } from './drafts.ts';
import { WriteForm } from './write-form.tsx';

const reader: SessionUser = {
  user_id: 'reader01', user_name: '김서연', user_no: '1', user_key: 'k', user_auth: [], isHomeLoggedIn: true, isHomeAgreeYn: 'Y', isHomeNoticeYn: 'N',
};

function Diary() {
  return (
    <WriteForm draft={{ id: 'diary:9788936434120', kind: 'diary' }} aria-label="diary">
      <input type="hidden" name="isbn" value="9788936434120" />
      <CharCounterTextarea id="c" name="content" counter={(n) => `${n}/200자`} max={200} aria-label="내용" />
      <input name="read_pages" aria-label="쪽수" />
    </WriteForm>
  );
}

const keyField = () => document.querySelector<HTMLInputElement>(`input[name="${WRITE_KEY_FIELD}"]`);

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('a write form keeps what the member writes', () => {
  it('saves the fields as they are typed, with the write\'s key; not the hidden fields', async () => {
    renderAt(<Diary />, '/activity/diary', { user: reader });
    await waitFor(() => expect(keyField()?.value).not.toBe(''));
    const key = keyField()?.value;
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '버스에서 읽은 부분' } });
    fireEvent.input(screen.getByLabelText('내용'));
    await waitFor(() => expect(readDraft('reader01', 'diary:9788936434120')?.fields['content']).toBe('버스에서 읽은 부분'));
    const draft = readDraft('reader01', 'diary:9788936434120');
    expect(draft?.key).toBe(key);
    expect(draft?.fields).not.toHaveProperty('isbn');
    expect(draft?.fields).not.toHaveProperty(WRITE_KEY_FIELD);
  });

  it('brings a kept draft back after a reload, says so, counts it, and keeps its key', async () => {
    saveDraft('reader01', 'diary:9788936434120', { key: 'kept-key', fields: { content: '어제 쓰던 독서일지', read_pages: '12' }, at: 1 });
    renderAt(<Diary />, '/activity/diary', { user: reader });
    await waitFor(() => expect((screen.getByLabelText('내용') as HTMLTextAreaElement).value).toBe('어제 쓰던 독서일지'));
    expect((screen.getByLabelText('쪽수') as HTMLInputElement).value).toBe('12');
    expect(screen.getByText(/작성 중이던 독서일지를 불러왔어요/)).toBeTruthy();
    // The counter (React's state) follows the restored text.
    expect(screen.getByText('10/200자')).toBeTruthy();
    expect(keyField()?.value).toBe('kept-key');
  });

  it('a discarded draft is gone, the form empty again, with a new key', async () => {
    saveDraft('reader01', 'diary:9788936434120', { key: 'kept-key', fields: { content: '지울 내용' }, at: 1 });
    renderAt(<Diary />, '/activity/diary', { user: reader });
    const discard = await screen.findByRole('button', { name: '불러온 내용 지우기' });
    fireEvent.click(discard);
    await waitFor(() => expect((screen.getByLabelText('내용') as HTMLTextAreaElement).value).toBe(''));
    expect(readDraft('reader01', 'diary:9788936434120')).toBeNull();
    await waitFor(() => expect(keyField()?.value).not.toBe('kept-key'));
    expect(keyField()?.value).not.toBe('');
  });

  it('the server confirmed the write: the next write gets a new key', async () => {
    renderAt(<Diary />, '/activity/diary', { user: reader });
    await waitFor(() => expect(keyField()?.value).not.toBe(''));
    const first = keyField()?.value ?? '';
    act(() => {
      dispatchEvent(new CustomEvent(WRITE_CONFIRMED_EVENT, { detail: 'someone-else' }));
    });
    expect(keyField()?.value).toBe(first);
    act(() => {
      dispatchEvent(new CustomEvent(WRITE_CONFIRMED_EVENT, { detail: first }));
    });
    expect(keyField()?.value).not.toBe(first);
  });

  it('a write stored as sent: its text is not kept again as a draft; an earlier version stored (422): the text is the next write\'s draft', async () => {
    renderAt(<Diary />, '/activity/diary', { user: reader });
    await waitFor(() => expect(keyField()?.value).not.toBe(''));
    const typed = async (text: string) => {
      fireEvent.change(screen.getByLabelText('내용'), { target: { value: text } });
      fireEvent.input(screen.getByLabelText('내용'));
      await waitFor(() => expect(readDraft('reader01', 'diary:9788936434120')?.fields['content']).toBe(text));
    };
    await typed('저장된 독서일지');
    const stored = keyField()?.value ?? '';
    // write.ts on a success: the draft removed, then the confirmation told.
    act(() => {
      removeDraftByKey(stored);
      dispatchEvent(new CustomEvent(WRITE_CONFIRMED_EVENT, { detail: stored }));
    });
    expect(readDraft('reader01', 'diary:9788936434120')).toBeNull();
    await waitFor(() => expect(keyField()?.value).not.toBe(stored));

    await typed('고친 독서일지');
    const earlier = keyField()?.value ?? '';
    // write.ts on 422 idempotency_key_reused: the draft kept, the confirmation told.
    act(() => {
      dispatchEvent(new CustomEvent(WRITE_CONFIRMED_EVENT, { detail: earlier }));
    });
    const next = readDraft('reader01', 'diary:9788936434120');
    expect(next?.fields['content']).toBe('고친 독서일지');
    expect(next?.key).not.toBe(earlier);
  });

  it('drafts are the member\'s own: another member on the same phone sees none', async () => {
    saveDraft('reader02', 'diary:9788936434120', { key: 'theirs', fields: { content: '다른 회원의 글' }, at: 1 });
    renderAt(<Diary />, '/activity/diary', { user: reader });
    await waitFor(() => expect(keyField()?.value).not.toBe(''));
    expect((screen.getByLabelText('내용') as HTMLTextAreaElement).value).toBe('');
    expect(keyField()?.value).not.toBe('theirs');
  });
});
