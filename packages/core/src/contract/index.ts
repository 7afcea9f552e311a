export * from './call';
export * from './captcha';
export * from './certificates';
export * from './console';
export * from './consoleAuth';
export * from './content';
export * from './creditBank';
export * from './credits';
export * from './envelope';
export * from './eventRules';
export * from './events';
export * from './fields';
export * from './img';
export * from './institutions';
export * from './proofs';
export * from './registrations';
export * from './results';
export * from './secondFactor';
export * from './site';
export * from './uc';

import { captcha } from './captcha';
import { matchCertificates, matchFinal } from './certificates';
import { consoleApi } from './console';
import { consoleAuth } from './consoleAuth';
import { content } from './content';
import { creditBank } from './creditBank';
import { creditHolder, creditReview, creditWorkbench } from './credits';
import { matchEvents } from './events';
import { img } from './img';
import { activation, institutionWorkbench } from './institutions';
import { proofs } from './proofs';
import { matchLadder, matchOrganiser, matchRegistration, matchReview } from './registrations';
import { matchObjections, matchPublicResults, matchResults } from './results';
import { site } from './site';
import { sso, uc } from './uc';

/** Every call the apps make and the server answers, by area. */
export const api = {
  img,
  consoleAuth,
  consoleApi,
  uc,
  sso,
  creditBank,
  content,
  site,
  captcha,
  institutionWorkbench,
  activation,
  creditWorkbench,
  creditReview,
  creditHolder,
  proofs,
  matchEvents,
  matchRegistration,
  matchOrganiser,
  matchReview,
  matchLadder,
  matchResults,
  matchObjections,
  matchPublicResults,
  matchFinal,
  matchCertificates,
} as const;
