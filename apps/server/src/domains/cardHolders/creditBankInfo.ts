import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { allowedCard } from './allowedCard';
import type { CardHoldersContext } from './cardHoldersContext';
import { creditSummary, findCreditRecords } from './creditRecordRepository';

/** The credit account of a card the token may read, and one page of its records. */
export const registerCreditBankInfo = (app: FastifyInstance, { db }: CardHoldersContext) =>
  defineRoute(app, api.creditBank.info, async ({ query, request }) => {
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
