import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/apiError';
import type { AttemptLimiter, AttemptRule } from '../../security/attemptLimiter';
import { recordAuditAlone } from './auditRepository';

const HOUR = 60 * 60 * 1000;

/**
 * Entries written for requests nobody is signed in to (failed and refused sign-ins) are capped: per address
 * and for the whole site an hour. Past a cap the event is still in the log, which rotates, while the audit
 * table, which does not, cannot be grown without end by anyone who can reach the sign-in form.
 */
export const ANONYMOUS_AUDIT_RULES = {
  perAddress: { name: 'audit-anonymous:address', max: 30, windowMs: HOUR, message: '' },
  site: { name: 'audit-anonymous:site', max: 1000, windowMs: HOUR, message: '' },
} as const satisfies Record<string, AttemptRule>;

export const recordAnonymousAudit = async (
  db: Db,
  limiter: AttemptLimiter,
  address: string,
  entry: Parameters<typeof recordAuditAlone>[1],
  log: FastifyBaseLogger,
) => {
  try {
    await limiter.take([
      { rule: ANONYMOUS_AUDIT_RULES.perAddress, subject: address },
      { rule: ANONYMOUS_AUDIT_RULES.site, subject: 'site' },
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log.info(
      { action: entry.action, address },
      'audit entry of an anonymous request skipped: its hourly cap is reached',
    );
    return;
  }
  await recordAuditAlone(db, entry);
};
