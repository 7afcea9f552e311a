import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import type { AccountsContext } from '../uc/accountsContext';
import { allowedCard } from '../uc/allowedCard';
import { creditSummary, findCreditRecords } from './creditRecordRepository';

/** The credit account of a card the token may read, and one page of its records. */
export const registerCreditBankInfo = (app: FastifyInstance, { db, tokens }: AccountsContext) =>
  defineRoute(app, api.creditBank.info, { preHandler: [tokens.require] }, async ({ query, request }) => {
    const holder = await allowedCard(db.kysely, request.cardHolder, query.cardNo);
    const records = await findCreditRecords(db.kysely, { ...query, cardNo: holder.cardNo });
    return {
      cardNo: holder.cardNo,
      name: holder.name,
      school: holder.school,
      ...(await creditSummary(db.kysely, holder.cardNo)),
      ...records,
    };
  });
