import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/defineRoute';
import { findHolderCredits, holderSummary } from '../credits/holderView';
import { createHolderViewCache } from '../credits/holderViewCache';
import { beijingDate } from '../credits/policy';
import { allowedCard } from './allowedCard';
import { findCardHolderWithLedgerVersion } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';

/**
 * The credit account of a card the token may read, and one page of its records with their provenance. The
 * answer is kept per holder, filters and Beijing day (which records may still be objected to changes with the
 * day) until the holder's ledger version changes.
 */
export const registerCreditBankInfo = (app: FastifyInstance, { db, now }: CardHoldersContext) => {
  const views = createHolderViewCache(app.cache);
  defineRoute(app, api.creditBank.info, async ({ query, request }) => {
    const holder = await allowedCard(
      db.kysely,
      request.cardHolder,
      query.cardNo,
      undefined,
      findCardHolderWithLedgerVersion,
    );
    const today = beijingDate(now());
    const { pageNum, pageSize, category, kind, level, from, to } = query;
    const key = JSON.stringify([today, pageNum, pageSize, category, kind, level, from, to]);
    return views.view(holder, key, async () => {
      // Independent reads: on PostgreSQL they run on separate pooled connections at once.
      const [records, summary] = await Promise.all([
        findHolderCredits(db.kysely, { ...query, cardNo: holder.cardNo }, today),
        holderSummary(db.kysely, holder.cardNo),
      ]);
      return { cardNo: holder.cardNo, name: holder.name, school: holder.school, ...summary, ...records };
    });
  });
};
