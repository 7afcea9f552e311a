import { api, type CaptchaChallenge, isCaptchaRefusal } from '@lianmeng/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { quietHttp } from '../../app/api';

/** The challenge's fields a guarded call carries beside its own: the id, the typed characters, the solved proof. */
export type CaptchaAnswer = { captchaId?: string; captchaCode?: string; captchaProof?: string };

export interface CaptchaState {
  /** Whether the form shows the challenge (asked for it, and the site has challenges switched on). */
  shown: boolean;
  /** The challenge on screen; null while it loads, after a failed load, or when the site needs none. */
  challenge: CaptchaChallenge | null;
  /** The last load failed (the picture says so; 换一张 tries again). */
  failed: boolean;
  /** The server's last refusal of a missing or wrong answer, a new object each time, for the field to show. */
  refusal: { message: string } | null;
  /** A new challenge in place of the one on screen. */
  refresh(): Promise<void>;
  /**
   * The fields to send beside the form's own (the typed characters and the solved proof of work, waited
   * for if the worker is still at it), or none while no challenge is on screen or nothing is typed.
   */
  fields(code: unknown): Promise<CaptchaAnswer>;
  /**
   * After a call: a challenge that was sent is used up, so a new one is shown; a refusal that asks for a
   * challenge shows one from now on. Says whether the answer box should be emptied.
   */
  settle(result: { ok: boolean; status: number; message?: string }, sent: CaptchaAnswer): boolean;
}

/**
 * The image challenge of one form. `initiallyShown`: from the start (before an SMS code is sent); otherwise
 * once the server asks for it after repeated failures.
 */
export const useCaptcha = (initiallyShown: boolean): CaptchaState => {
  const [wanted, setWanted] = useState(initiallyShown);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [failed, setFailed] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  // The proof of work of the challenge on screen, solved while the visitor reads the picture.
  const proof = useRef<Promise<string | null>>(Promise.resolve(null));

  // Quiet: a failed load is shown in place of the picture, not as a modal over the form.
  const refresh = useCallback(async () => {
    const result = await quietHttp.call(api.captcha.create);
    const next = result.ok ? result.data : null;
    const work = next?.proof;
    // The solver (and its worker) is loaded only once a challenge is on screen: no page carries it otherwise.
    proof.current = work
      ? import('@lianmeng/core/captchaProof').then(({ solveCaptchaProof }) => solveCaptchaProof(work)).catch(() => null)
      : Promise.resolve(null);
    setChallenge(next);
    setFailed(!result.ok);
  }, []);

  useEffect(() => {
    if (wanted) void refresh();
  }, [wanted, refresh]);

  // Nothing is shown until the server has said whether challenges are on; a failed load shows the box with
  // its retry, so the visitor is not left without a way on.
  const shown = wanted && (failed || challenge?.required === true);
  const live = challenge?.required ? challenge : null;
  return {
    shown,
    challenge: live,
    failed,
    refusal,
    refresh,
    fields: async (code) => {
      if (!(shown && live && typeof code === 'string' && code.trim())) return {};
      const solved = await proof.current;
      return { captchaId: live.captchaId, captchaCode: code.trim(), ...(solved ? { captchaProof: solved } : {}) };
    },
    settle(result, sent) {
      const asked = !result.ok && isCaptchaRefusal({ ...result, message: result.message ?? '' });
      setRefusal(asked ? { message: result.message ?? '' } : null);
      if (!asked && !sent.captchaId) return false;
      if (wanted) void refresh();
      else setWanted(true);
      return true;
    },
  };
};
