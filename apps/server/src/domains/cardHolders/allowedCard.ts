import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/apiError';
import type { CardHolderIdentity } from '../../sessions/cardHolderTokens';
import { type CardHolderRow, findCardHolder } from './cardHolderRepository';

type CardRow = CardHolderRow & { institutionStatus: string | null };

/**
 * The card a token may read or act for: its own card, or, after a phone log-in, any card of that phone.
 * Asking for another card is refused with `refusal`.
 */
export const allowedCard = async <Row extends CardRow = CardRow>(
  db: Kysely<Database>,
  identity: CardHolderIdentity | null,
  cardNo: string | undefined,
  refusal = '无权查看该卡号的信息',
  /** How the card is read: a caller that needs more of it in the same read passes its own query. */
  find: (db: Kysely<Database>, cardNo: string) => Promise<Row | undefined> = findCardHolder as never,
): Promise<Row> => {
  if (!identity) throw unauthorized();
  const wanted = cardNo ?? identity.cardNo;
  const row = await find(db, wanted);
  const mayRead =
    row && (row.cardNo === identity.cardNo || (identity.loginPhone !== null && row.phone === identity.loginPhone));
  if (!row || !mayRead) throw forbidden(refusal);
  return row;
};
