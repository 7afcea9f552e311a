import { api } from '../contract';
import { mockCall } from './handlers';

/**
 * A proof-of-work challenge a test solves in a few tries (one PBKDF2 round, a one-digit prefix), shaped as
 * the server sends it; the handler does not check the solution, the server's tests do.
 */
const easyProof = (captchaId: string) => ({
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: '00112233445566778899aabbccddeeff',
    salt: 'ffeeddccbbaa99887766554433221100',
    cost: 1,
    keyLength: 32,
    keyPrefix: '0',
    data: { captchaId },
  },
  signature: 'test-signature',
});

/**
 * An msw handler for the image challenge call, checked against the contract like any `mockCall`. Required
 * (the default), each request gets a new challenge numbered from 1, in its id (`challenge-number-1`, a valid
 * challenge id) and in its picture (a data address whose bytes read `challenge-1`), so a test can tell which
 * challenge is on screen with `captchaNumberOf`; its proof of work is an easy one. Not required, it answers
 * as a site with challenges switched off does: no id, no image, no proof. The numbering is the handler's
 * own: a fresh handler for each test starts again at 1.
 */
export const mockCaptcha = ({ required = true }: { required?: boolean } = {}) => {
  let issued = 0;
  return mockCall(api.captcha.create, () => {
    if (!required) return { captchaId: '', image: '', proof: null, required: false };
    issued += 1;
    const captchaId = `challenge-number-${issued}`;
    return {
      captchaId,
      image: `data:image/png;base64,${btoa(`challenge-${issued}`)}`,
      proof: easyProof(captchaId),
      required: true,
    };
  });
};

/** The number of the `mockCaptcha` challenge an image shows, from its `src` (a data address). */
export const captchaNumberOf = (src: string | null | undefined): string | undefined => {
  const encoded = /^data:image\/png;base64,(.*)$/.exec(src ?? '')?.[1];
  return encoded ? /^challenge-(\d+)$/.exec(atob(encoded))?.[1] : undefined;
};
