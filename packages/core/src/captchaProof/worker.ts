import type { CaptchaProofChallenge } from '../contract/captcha';
import { solveInThisThread } from './solve';

// A dedicated worker: one challenge in, its payload (or null) out, so the page stays responsive while the
// key derivations run.
const scope = globalThis as unknown as {
  onmessage: ((event: { data: CaptchaProofChallenge }) => void) | null;
  postMessage(message: string | null): void;
};
scope.onmessage = (event) => {
  void solveInThisThread(event.data).then(
    (payload) => scope.postMessage(payload),
    () => scope.postMessage(null),
  );
};
