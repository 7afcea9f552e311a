import { api } from '../contract';
import { mockCall } from './handlers';

/**
 * An msw handler for the image challenge call, checked against the contract like any `mockCall`. Required
 * (the default), each request gets a new challenge numbered from 1, in its id (`challenge-number-1`, a valid
 * challenge id) and in its image's title, so a test can tell which challenge is on screen with
 * `captchaNumberOf`. Not required, it answers as a site with challenges switched off does: no id, no image.
 * The numbering is the handler's own: a fresh handler for each test starts again at 1.
 */
export const mockCaptcha = ({ required = true }: { required?: boolean } = {}) => {
  let issued = 0;
  return mockCall(api.captcha.create, () => {
    if (!required) return { captchaId: '', svg: '', required: false };
    issued += 1;
    return {
      captchaId: `challenge-number-${issued}`,
      svg: `<svg xmlns="http://www.w3.org/2000/svg"><title>${issued}</title></svg>`,
      required: true,
    };
  });
};

/** The number of the `mockCaptcha` challenge an image shows, from its `src` (a data address of the SVG). */
export const captchaNumberOf = (src: string | null | undefined): string | undefined =>
  decodeURIComponent(src ?? '').match(/<title>(\d+)<\/title>/)?.[1];
