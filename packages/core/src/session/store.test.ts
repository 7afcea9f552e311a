import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_SESSION_KEYS, createSessionStore, SESSION_KEYS } from './store';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const user = {
  cardNo: '10000001',
  name: '张三',
  school: '示例中学',
  phone: '13800000000',
  operator: false,
  institution: true,
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('the session store', () => {
  it('has exactly the seven session keys', () => {
    expect([...ALL_SESSION_KEYS].sort()).toEqual(
      ['cardNo', 'cardNoOfData', 'institution', 'isLogin', 'operator', 'token', 'ucUserInfo'].sort(),
    );
  });

  it('saves user info and token and sets the flag after a card log-in, without cardNoOfData', () => {
    const store = createSessionStore(storage);
    store.saveLogin({ token: 't1', ucUserInfo: user, method: 'card' });
    expect(JSON.parse(storage.getItem(SESSION_KEYS.ucUserInfo) ?? '')).toEqual(user);
    expect(storage.getItem(SESSION_KEYS.token)).toBe('t1');
    expect(storage.getItem(SESSION_KEYS.isLogin)).toBe('true');
    expect(storage.getItem(SESSION_KEYS.cardNo)).toBe('10000001');
    expect(storage.getItem(SESSION_KEYS.cardNoOfData)).toBeNull();
    expect(store.read()).toMatchObject({ token: 't1', operator: false, institution: true, cardNoOfData: null });
    expect(store.isLoggedIn()).toBe(true);
  });

  it('stores cardNoOfData after a log-in not by card number', () => {
    const store = createSessionStore(storage);
    store.saveLogin({ token: 't2', ucUserInfo: user, cardNoOfData: ['10000001', '10000002'], method: 'phone' });
    expect(JSON.parse(storage.getItem(SESSION_KEYS.cardNoOfData) ?? '')).toEqual(['10000001', '10000002']);
  });

  it('removes all seven keys at logout and leaves other keys alone', () => {
    const store = createSessionStore(storage);
    store.saveLogin({ token: 't2', ucUserInfo: user, cardNoOfData: ['10000001'], method: 'phone' });
    storage.setItem('elderlyMode', 'on');
    store.clear();
    for (const key of ALL_SESSION_KEYS) expect(storage.getItem(key), key).toBeNull();
    expect(storage.getItem('elderlyMode')).toBe('on');
    expect(store.isLoggedIn()).toBe(false);
  });

  it('is not logged in when the stored data is broken', () => {
    storage.setItem(SESSION_KEYS.isLogin, 'true');
    storage.setItem(SESSION_KEYS.token, 't');
    storage.setItem(SESSION_KEYS.ucUserInfo, '{not json');
    expect(createSessionStore(storage).read()).toBeNull();
  });
});
