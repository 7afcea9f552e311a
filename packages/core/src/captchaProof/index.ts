import type { CaptchaProofChallenge } from '../contract/captcha';
import { solveInThisThread } from './solve';

export { solveInThisThread } from './solve';

/**
 * Solves a challenge's proof of work in a Web Worker (in this thread where there is none, as in a unit
 * test), answering the `captchaProof` payload to send with the answer, or null. Loaded by the forms only
 * when a challenge is on screen, so a page without one carries none of it.
 */
export const solveCaptchaProof = async (challenge: CaptchaProofChallenge): Promise<string | null> => {
  if (typeof Worker === 'undefined') return solveInThisThread(challenge);
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<string | null>((resolve) => {
      worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
      // A worker that cannot start (a strict policy, an old browser) leaves the work to this thread.
      worker.onerror = () => resolve(solveInThisThread(challenge));
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
};
