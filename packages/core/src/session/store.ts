import type { UcUserInfo } from '../contract/uc';

/** The seven localStorage keys a card-holder session lives in; logout removes every one. */
export const SESSION_KEYS = {
  ucUserInfo: 'ucUserInfo',
  token: 'token',
  cardNoOfData: 'cardNoOfData',
  cardNo: 'cardNo',
  operator: 'operator',
  institution: 'institution',
  isLogin: 'isLogin',
} as const;
export const ALL_SESSION_KEYS = Object.values(SESSION_KEYS);

/** Written by the route guard, read and removed once after a log-in. */
export const REDIRECT_URL_KEY = 'redirectUrl';

export type LoginMethod = 'card' | 'phone';

export interface StoredSession {
  token: string;
  ucUserInfo: UcUserInfo;
  cardNo: string;
  cardNoOfData: string[] | null;
  operator: boolean;
  institution: boolean;
}

export interface SessionStore {
  /** User info and token saved, the flag set; cardNoOfData only after a log-in not by card (a phone may hold several). */
  saveLogin(input: { token: string; ucUserInfo: UcUserInfo; cardNoOfData?: string[]; method: LoginMethod }): void;
  read(): StoredSession | null;
  isLoggedIn(): boolean;
  token(): string | null;
  /** Removes all seven keys. */
  clear(): void;
}

const parseJson = <T>(text: string | null): T | null => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

export const createSessionStore = (storage: Storage): SessionStore => {
  const read = (): StoredSession | null => {
    if (storage.getItem(SESSION_KEYS.isLogin) !== 'true') return null;
    const token = storage.getItem(SESSION_KEYS.token);
    const ucUserInfo = parseJson<UcUserInfo>(storage.getItem(SESSION_KEYS.ucUserInfo));
    if (!token || !ucUserInfo || typeof ucUserInfo.cardNo !== 'string') return null;
    return {
      token,
      ucUserInfo,
      cardNo: storage.getItem(SESSION_KEYS.cardNo) ?? ucUserInfo.cardNo,
      cardNoOfData: parseJson<string[]>(storage.getItem(SESSION_KEYS.cardNoOfData)),
      operator: storage.getItem(SESSION_KEYS.operator) === 'true',
      institution: storage.getItem(SESSION_KEYS.institution) === 'true',
    };
  };

  const clear = () => {
    for (const key of ALL_SESSION_KEYS) storage.removeItem(key);
  };

  return {
    saveLogin({ token, ucUserInfo, cardNoOfData, method }) {
      clear();
      storage.setItem(SESSION_KEYS.ucUserInfo, JSON.stringify(ucUserInfo));
      storage.setItem(SESSION_KEYS.token, token);
      storage.setItem(SESSION_KEYS.cardNo, ucUserInfo.cardNo);
      storage.setItem(SESSION_KEYS.operator, String(ucUserInfo.operator));
      storage.setItem(SESSION_KEYS.institution, String(ucUserInfo.institution));
      if (method !== 'card')
        storage.setItem(SESSION_KEYS.cardNoOfData, JSON.stringify(cardNoOfData ?? [ucUserInfo.cardNo]));
      storage.setItem(SESSION_KEYS.isLogin, 'true');
    },
    read,
    isLoggedIn: () => read() !== null,
    token: () => read()?.token ?? null,
    clear,
  };
};
