import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { App } from '#client/app.tsx';
import { createServerSessionStore } from '#client/session/store.ts';
import { testConfig } from '#client/shell/test-utils.tsx';
import LoginPage, { action } from './login-page.tsx';

function renderLogin(config = testConfig) {
  const store = createServerSessionStore(null);
  const router = createMemoryRouter(
    [
      { path: '/login/login', element: <LoginPage />, action },
      { path: '/main/homemain', element: <p>home</p> },
      { path: '/agree/agree', element: <p>agree</p> },
    ],
    { initialEntries: ['/login/login'] },
  );
  render(
    <App config={config} store={store}>
      <RouterProvider router={router} />
    </App>,
  );
  return { router, store };
}

const success = { result: 'success', msg: '', expired: false, userId: 'reader01', username: '김서연', userNo: '1', userAuth: [], userKey: 'K', agreeYn: 'Y', noticeYn: 'N' };

beforeEach(() => {
  window.localStorage.clear();
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'autoLogin=; max-age=0; path=/';
});

describe('login screen', () => {
  it('signs in automatically when the autoLogin cookie is "true"', async () => {
    document.cookie = 'autoLogin=true; path=/';
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(success))));
    vi.stubGlobal('fetch', fetchMock);
    const { router, store } = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/homemain'));
    expect(fetchMock).toHaveBeenCalledWith('/api/token/refresh/auto', expect.objectContaining({ method: 'POST' }));
    expect(store.getState().user?.user_id).toBe('reader01');
  });

  it('a failed auto-login is only logged', async () => {
    document.cookie = 'autoLogin=true; path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"error","msg":"로그인이 만료되었습니다. 다시 로그인해 주세요.","expired":true}', { status: 401 }))));
    const { router } = renderLogin();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/login/login');
    expect(document.querySelector('dialog[open]')).toBeNull();
    warn.mockRestore();
  });

  it('no auto-login without the cookie', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the test-login button exists only with the flag', () => {
    renderLogin();
    expect(screen.queryByText('테스트 로그인')).toBeNull();
  });

  it('shows the server message of an error answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"error","msg":"휴면 상태인 계정입니다."}'))));
    renderLogin({ ...testConfig, testLogin: true });
    expect(screen.getByText('테스트 로그인')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('아이디'), { target: { value: 'dormant01' } });
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '로그인' })));
    await waitFor(() => expect(screen.getByText('휴면 상태인 계정입니다.')).toBeTruthy());
  });

  it('an empty id is refused before any request, with the spec\'s alert', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '로그인' })));
    await waitFor(() => expect(screen.getByText('아이디를 입력해 주세요.')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the form posts, so the password never goes into the address bar', () => {
    renderLogin();
    const form = screen.getByLabelText('비밀번호').closest('form');
    expect(form?.getAttribute('method')).toBe('post');
  });
});
