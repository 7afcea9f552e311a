import { api } from '@lianmeng/core';
import { ALL_SESSION_KEYS } from '@lianmeng/core/session';
import { failure, mockCall } from '@lianmeng/core/testing';
import { HttpResponse, http as mswHttp } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CallFailure, errorBus } from '../../app/errorBus';
import { checkStoredSession } from './sessionActions';
import { HOLDER, logInAs } from './testing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** Runs the check with a listener on the error bus: what the error modal would have shown. */
const checkListening = async () => {
  const failures: CallFailure[] = [];
  const unsubscribe = errorBus.subscribe((seen) => failures.push(seen));
  const alive = await checkStoredSession();
  unsubscribe();
  return { alive, failures };
};

describe('the quiet check of a stored token at start', () => {
  it('asks nothing without a session', async () => {
    // onUnhandledRequest: 'error' fails the test if any call goes out.
    expect(await checkListening()).toEqual({ alive: false, failures: [] });
  });

  it('keeps a session whose token the account centre still knows, sending that token', async () => {
    logInAs();
    const sent: (string | null)[] = [];
    server.use(
      mockCall(api.uc.info, ({ request }) => {
        sent.push(request.headers.get('Authorization'));
        return HOLDER;
      }),
    );
    expect(await checkListening()).toEqual({ alive: true, failures: [] });
    expect(sent).toEqual(['token-abc']);
    expect(localStorage.getItem('token')).toBe('token-abc');
  });

  it('clears a dead token’s session, all seven keys, without a word to the error modal', async () => {
    logInAs();
    server.use(mockCall(api.uc.info, () => failure(401, '登录已过期，请重新登录')));
    expect(await checkListening()).toEqual({ alive: false, failures: [] });
    for (const key of ALL_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps the session when the check cannot be made (network failure proves nothing)', async () => {
    logInAs();
    server.use(mswHttp.get('*/api/uc/user/info', () => HttpResponse.error()));
    expect(await checkListening()).toEqual({ alive: true, failures: [] });
    expect(localStorage.getItem('token')).toBe('token-abc');
  });
});
