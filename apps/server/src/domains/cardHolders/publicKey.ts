import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { CardHoldersContext } from './cardHoldersContext';

/** The public half of the card log-in key pair: the private key never leaves the server. */
export const registerPublicKey = (app: FastifyInstance, { keys }: CardHoldersContext) =>
  defineRoute(app, api.uc.publicKey, async () => ({ publicKey: keys.publicKeyPem }));
