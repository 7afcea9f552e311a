import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/apiError';
import { randomToken, safeEqual } from '../security/tokens';

/**
 * Double-submit anti-forgery (PRODUCT.md): the server gives every client a random `XSRF-TOKEN` cookie;
 * state-changing calls that rely on a cookie must echo it in `X-XSRF-TOKEN`.
 */
export const registerXsrfCookie = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.cookies[XSRF_COOKIE]) return;
    reply.setCookie(XSRF_COOKIE, randomToken(), {
      path: '/',
      sameSite: 'strict',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
  });
};

export const requireXsrf = async (request: FastifyRequest, _reply: FastifyReply) => {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[HEADERS.xsrf.toLowerCase()];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw forbidden('安全校验未通过，请刷新页面后重试');
  }
};
