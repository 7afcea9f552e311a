import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { findHolderCredits, holderSummary } from '../credits/holderView';
import { beijingDate } from '../credits/policy';
import { allowedCard } from './allowedCard';
import type { CardHoldersContext } from './cardHoldersContext';

/** The credit account of a card the token may read, and one page of its records with their provenance. */
export const registerCreditBankInfo = (app: FastifyInstance, { db, now }: CardHoldersContext) =>
  defineRoute(app, api.creditBank.info, async ({ query, request }) => {
    const holder = await allowedCard(db.kysely, request.cardHolder, query.cardNo);
    // Independent reads: on PostgreSQL they run on separate pooled connections at once.
    const [records, summary] = await Promise.all([
      findHolderCredits(db.kysely, { ...query, cardNo: holder.cardNo }, beijingDate(now())),
      holderSummary(db.kysely, holder.cardNo),
    ]);
    return { cardNo: holder.cardNo, name: holder.name, school: holder.school, ...summary, ...records };
  });
