import { XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { CookiePolicy } from '../security/cookies';
import { randomToken } from '../security/tokens';

/**
 * Gives every client a random `XSRF-TOKEN` cookie that our pages can read and echo in `X-XSRF-TOKEN`;
 * the calls whose definition asks for it check the echo (http/access.ts).
 */
export const registerXsrfCookie = (app: FastifyInstance, cookies: CookiePolicy) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'strict',
        secure: cookies.secure(request),
        httpOnly: false,
      });
    }
    done();
  });
};
