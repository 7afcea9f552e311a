import type { Insertable, Kysely } from 'kysely';
import type { Database, GuardianConsentTable } from '../../db/schema';

/** A guardian's consent to the processing of a child's data: who, in what relation, which phone, when, which text. */
export const recordGuardianConsent = (trx: Kysely<Database>, consent: Insertable<GuardianConsentTable>) =>
  trx.insertInto('guardianConsent').values(consent).execute();
