import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are ISO-8601 UTC text in both databases, so they sort and compare the same everywhere. */
export interface ImageMessageTable {
  id: Generated<number>;
  belongSortid: number;
  isOpen: number;
  photoAddress: string;
  smallPhotoAddress: string;
  photoTitle: string;
  urlAddress: string;
  createTime: string;
  updateTime: string;
  /** Ascending; ties fall back to newest first. */
  displayOrder: Generated<number>;
  /** UTC instants (ISO 8601 with Z); null: no bound. */
  showFrom: string | null;
  showUntil: string | null;
}

export interface ConsoleUserTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  role: string;
  displayName: string;
  disabled: number;
  createTime: string;
  updateTime: string;
  /** 1 after an administrator reset the password: the next sign-in must choose a new one. */
  mustChangePassword: Generated<number>;
}

export interface ConsoleSessionTable {
  /** SHA-256 of the cookie value: a stolen database does not hold usable sessions. */
  idHash: string;
  userId: number;
  createTime: string;
  lastSeenTime: string;
  expiresTime: string;
  /** When the session's user last gave the password again (account administration asks for it). */
  reauthTime: Generated<string | null>;
}

export interface AuditLogTable {
  id: Generated<number>;
  userId: number | null;
  username: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  createTime: string;
  /** The institution the step was taken for, and the holder whose records it concerns, when there are. */
  institutionId: Generated<number | null>;
  holderCardNo: Generated<string | null>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SiteSettingTable {
  key: string;
  value: string;
  updateTime: string;
}

export interface ArticleTable {
  id: Generated<number>;
  typeId: number;
  title: string;
  summary: string;
  /** Sanitised HTML: it is cleaned on the way in, never on the way out. */
  body: string;
  publishTime: string;
  source: string;
  author: string;
  coverImage: string;
  /** JSON list of {name, url, size?}. */
  attachments: string;
  published: number;
  createTime: string;
  updateTime: string;
}

export interface UploadTable {
  id: Generated<number>;
  /** File names in DATA_DIR/uploads, named by the hash of their content. */
  photoFile: string;
  smallFile: string;
  width: number;
  height: number;
  bytes: number;
  userId: number | null;
  createTime: string;
}

export interface DocumentUploadTable {
  id: Generated<number>;
  /** The file in DATA_DIR/uploads, named by the hash of its content. */
  file: string;
  /** The name the file was sent with, offered by its download. */
  originalName: string;
  contentType: string;
  bytes: number;
  userId: number | null;
  createTime: string;
}

export interface CardHolderTable {
  cardNo: string;
  name: string;
  school: string;
  phone: string;
  passwordHash: string;
  operator: number;
  institution: number;
  createTime: string;
  updateTime: string;
  /** For an institution account: the institution it acts for. */
  institutionId: Generated<number | null>;
  /** `pending` from a roster until the holder activates the card; `active` otherwise. */
  activationState: Generated<string>;
  activatedTime: Generated<string | null>;
  /** YYYY-MM-DD, from a roster. */
  birthDate: Generated<string | null>;
  gender: Generated<string>;
  grade: Generated<string>;
  /** The phones a roster gave; `phone` is the one verified at activation. */
  rosterPhone: Generated<string>;
  guardianPhone: Generated<string>;
}

export interface InstitutionTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: string;
  province: string;
  city: string;
  county: string;
  status: string;
  createTime: string;
  updateTime: string;
}

export interface RosterBatchTable {
  id: Generated<number>;
  institutionId: number;
  /** SHA-256 of the committed file. */
  fileHash: string;
  fileName: string;
  rowCount: number;
  opened: number;
  linked: number;
  /** The card number of the account that committed it. */
  createdBy: string;
  createTime: string;
}

export interface InstitutionMemberTable {
  institutionId: number;
  cardNo: string;
  /** `opened` from this institution's roster, or `linked` (an existing card). */
  how: string;
  batchId: number | null;
  linkTime: string;
  /** The holder's `activationState`, mirrored for the list's index. */
  activationState: string;
}

export interface ActivationCodeTable {
  cardNo: string;
  /** Keyed hash of the code. */
  codeHash: string;
  createTime: string;
  expiresTime: string;
  usedTime: string | null;
}

export interface GuardianConsentTable {
  id: Generated<number>;
  cardNo: string;
  guardianName: string;
  relation: string;
  guardianPhone: string;
  consentVersion: string;
  address: string;
  consentTime: string;
}

export interface CardNoCounterTable {
  name: string;
  nextNo: number;
}

export interface InstitutionImportTable {
  fileHash: string;
  fileName: string;
  created: number;
  createdBy: string;
  createTime: string;
}

export interface CreditRecordTable {
  id: Generated<number>;
  cardNo: string;
  /** YYYY-MM-DD. */
  date: string;
  activity: string;
  category: string;
  credits: number;
  issuer: string;
  certificateNo: string;
  /** submitted | returned | posted | reversed. */
  state: Generated<string>;
  institutionId: Generated<number | null>;
  catalogueId: Generated<number | null>;
  /** The catalogue item's kind key and level, copied when recorded. */
  kind: Generated<string>;
  level: Generated<string>;
  batchId: Generated<number | null>;
  /** On a reversal: the record it reverses. */
  reversesId: Generated<number | null>;
  /** On a reversed record: its posted reversal. */
  reversedById: Generated<number | null>;
  /** A reversal's reason, or the reviewer's reason for returning. */
  reason: Generated<string>;
  submittedBy: Generated<string>;
  submitTime: Generated<string>;
  reviewedBy: Generated<string>;
  reviewingUnit: Generated<string>;
  decidedTime: Generated<string | null>;
  /** YYYY-MM-DD (Beijing) it was posted; '' until then. */
  postedDate: Generated<string>;
  evidenceId: Generated<number | null>;
  objectionOpen: Generated<number>;
}

export interface CreditCatalogueTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: string;
  level: string;
  defaultCredits: number;
  maxCredits: number;
  evidenceRequired: number;
  status: string;
  createTime: string;
  updateTime: string;
}

export interface MatchEventTable {
  id: Generated<number>;
  name: string;
  /** The year, e.g. 2026. */
  season: string;
  /** regular | creative. */
  type: string;
  /** 校级 … 国家级. */
  level: string;
  organizerId: number;
  approvalNo: string;
  description: Generated<string>;
  /** ISO 8601 UTC instants. */
  registrationOpens: string;
  registrationCloses: string;
  /** A Beijing date, YYYY-MM-DD. */
  resultsFrom: string;
  objectionDays: number;
  catalogueId: number;
  visible: Generated<number>;
  /** When the results were published; null until then. */
  resultsPublishedTime: Generated<string | null>;
  /** When the results became final (certificates and credits); null until then. */
  resultsFinalTime: Generated<string | null>;
  /** The operator who made them final. */
  finalisedBy: Generated<string | null>;
  createTime: string;
  updateTime: string;
}

export interface MatchEventItemTable {
  id: Generated<number>;
  eventId: number;
  name: string;
  minMembers: number;
  maxMembers: number;
  needsReport: Generated<number>;
  needsPhotos: Generated<number>;
  needsVideo: Generated<number>;
  /** The item's place in its event's list, from 0. */
  position: number;
}

export interface MatchTeamTable {
  id: Generated<number>;
  eventId: number;
  itemId: number;
  institutionId: number;
  name: string;
  coach: string;
  /** draft | submitted | returned | approved. */
  state: string;
  returnReason: Generated<string>;
  submittedTime: string | null;
  reviewedTime: string | null;
  /** The reviewer's card number. */
  reviewedBy: string | null;
  createdBy: string;
  createTime: string;
  updateTime: string;
  /** A team carried into this event from a lower level's (晋级): the team it came from. */
  carriedFromTeamId: Generated<number | null>;
}

export interface MatchTeamMemberTable {
  teamId: number;
  /** The team's item, repeated so one index keeps a pupil to one team per item. */
  itemId: number;
  cardNo: string;
  position: number;
}

export interface MatchTeamFileTable {
  id: Generated<number>;
  teamId: number;
  /** report | photo | video. */
  kind: string;
  fileName: string;
  contentType: string;
  size: number;
  durationSeconds: number | null;
  sha256: string;
  storedName: string;
  createdBy: string;
  createTime: string;
}

export interface MatchTeamUploadTable {
  /** 32 random hex digits, also the staging file's name. */
  id: string;
  teamId: number;
  institutionId: number;
  /** report | photo | video. */
  kind: string;
  fileName: string;
  size: number;
  received: number;
  /** The request writing now, and until when its claim holds. */
  writer: string | null;
  writerUntil: string | null;
  createdBy: string;
  createTime: string;
  expireTime: string;
}

export interface MatchResultTable {
  teamId: number;
  eventId: number;
  itemId: number;
  rank: number | null;
  /** first | second | third | merit; null for none. */
  award: string | null;
  enteredBy: string;
  enteredTime: string;
}

/** A member's certificate of an award, issued when the event's results became final. */
export interface MatchCertificateTable {
  id: Generated<number>;
  certificateNo: string;
  eventId: number;
  teamId: number;
  cardNo: string;
  /** The holder's name when issued: the certificate prints it. */
  holderName: string;
  /** first | second | third | merit. */
  award: string;
  /** The ledger record posting the award's credit. */
  recordId: number;
  issueTime: string;
}

export interface MatchObjectionTable {
  id: Generated<number>;
  eventId: number;
  teamId: number;
  /** The institution that objected. */
  institutionId: number;
  reason: string;
  createdBy: string;
  receivedTime: string;
  answer: Generated<string>;
  answeredTime: string | null;
  answeredBy: string | null;
}

export interface CreditBatchTable {
  id: Generated<number>;
  institutionId: number;
  fileHash: string;
  fileName: string;
  rowCount: number;
  recorded: number;
  duplicates: number;
  /** submitted | decided. */
  state: string;
  createdBy: string;
  createTime: string;
  decidedBy: Generated<string>;
  decidedTime: string | null;
}

export interface CreditEvidenceTable {
  id: Generated<number>;
  institutionId: number;
  fileName: string;
  contentType: string;
  size: number;
  data: Buffer;
  createdBy: string;
  createTime: string;
}

export interface HolderCreditTotalTable {
  cardNo: string;
  total: number;
  recordCount: number;
}

/** Grows with every change to what a holder's credit views show (kept by triggers). */
export interface HolderLedgerVersionTable {
  cardNo: string;
  /** bigint: pg answers it as text. */
  version: number | string;
}

export interface CreditObjectionTable {
  id: Generated<number>;
  recordId: number;
  cardNo: string;
  institutionId: number | null;
  reason: string;
  /** open | kept | reversal. */
  state: string;
  answer: Generated<string>;
  answeredBy: Generated<string>;
  createTime: string;
  answerTime: string | null;
}

export interface CreditProofTable {
  id: Generated<number>;
  /** The 16-character verification code, ungrouped, upper case. */
  code: string;
  cardNo: string;
  holderName: string;
  school: string;
  /** JSON array of the listed records' ids, in the printed order. */
  recordIds: string;
  recordCount: number;
  totalCredits: number;
  issueTime: string;
  /** The last Beijing date on which it verifies as valid. */
  validUntil: string;
  revokeTime: string | null;
  pdf: Buffer;
}

export interface CreditProofCheckTable {
  id: Generated<number>;
  proofId: number;
  checkTime: string;
}

export interface MessageTable {
  id: Generated<number>;
  cardNo: string;
  title: string;
  body: string;
  recordId: number | null;
  readTime: string | null;
  createTime: string;
}

export interface CardTokenTable {
  /** SHA-256 of the token: a stolen database does not hold usable tokens. */
  tokenHash: string;
  cardNo: string;
  loginPhone: string | null;
  createTime: string;
  lastSeenTime: string;
  expiresTime: string;
}

export interface SmsCodeTable {
  phone: string;
  codeHash: string;
  triesLeft: number;
  createTime: string;
  expiresTime: string;
}

export interface SsoCodeTable {
  codeHash: string;
  cardNo: string;
  returnPrefix: string;
  createTime: string;
  expiresTime: string;
}

export interface CaptchaChallengeTable {
  id: string;
  answerHash: string;
  createTime: string;
  expiresTime: string;
}

export interface AttemptEventTable {
  id: Generated<number>;
  rule: string;
  subject: string;
  createTime: string;
}

export interface PayloadReplayGuardTable {
  digest: string;
  expiresTime: string;
}

/** A console or card account's TOTP secret; `account` is `console:<id>` or `card:<card number>`. */
export interface SecondFactorTable {
  account: string;
  secret: string;
  enrolledTime: string;
  /** The time step of the last code accepted (bigint: pg answers it as text); null before the first. */
  lastTimeStep: Generated<number | string | null>;
}

export interface RecoveryCodeTable {
  account: string;
  codeHash: string;
  usedTime: string | null;
}

export interface SecondFactorTicketTable {
  ticketHash: string;
  account: string;
  pendingSecret: string | null;
  loginPhone: string | null;
  triesLeft: number;
  createTime: string;
  expiresTime: string;
}

/** The one-time link that creates a production site's first administrator. */
export interface SetupLinkTable {
  tokenHash: string;
  createTime: string;
  expiresTime: string;
  usedTime: string | null;
}

/** Articles per column and state, kept by triggers (migration 0007_article_totals). */
export interface ArticleTotalTable {
  typeId: number;
  published: number;
  n: number;
}

export interface Database {
  imageMessage: ImageMessageTable;
  consoleUser: ConsoleUserTable;
  consoleSession: ConsoleSessionTable;
  auditLog: AuditLogTable;
  appMeta: AppMetaTable;
  siteSetting: SiteSettingTable;
  article: ArticleTable;
  articleTotal: ArticleTotalTable;
  upload: UploadTable;
  documentUpload: DocumentUploadTable;
  cardHolder: CardHolderTable;
  creditRecord: CreditRecordTable;
  cardToken: CardTokenTable;
  smsCode: SmsCodeTable;
  attemptEvent: AttemptEventTable;
  captchaChallenge: CaptchaChallengeTable;
  ssoCode: SsoCodeTable;
  payloadReplayGuard: PayloadReplayGuardTable;
  institution: InstitutionTable;
  rosterBatch: RosterBatchTable;
  institutionMember: InstitutionMemberTable;
  activationCode: ActivationCodeTable;
  guardianConsent: GuardianConsentTable;
  cardNoCounter: CardNoCounterTable;
  institutionImport: InstitutionImportTable;
  creditCatalogue: CreditCatalogueTable;
  matchEvent: MatchEventTable;
  matchEventItem: MatchEventItemTable;
  matchTeam: MatchTeamTable;
  matchTeamMember: MatchTeamMemberTable;
  matchTeamFile: MatchTeamFileTable;
  matchResult: MatchResultTable;
  matchObjection: MatchObjectionTable;
  matchCertificate: MatchCertificateTable;
  matchTeamUpload: MatchTeamUploadTable;
  creditBatch: CreditBatchTable;
  creditEvidence: CreditEvidenceTable;
  holderCreditTotal: HolderCreditTotalTable;
  holderLedgerVersion: HolderLedgerVersionTable;
  creditObjection: CreditObjectionTable;
  creditProof: CreditProofTable;
  creditProofCheck: CreditProofCheckTable;
  message: MessageTable;
  secondFactor: SecondFactorTable;
  recoveryCode: RecoveryCodeTable;
  secondFactorTicket: SecondFactorTicketTable;
  setupLink: SetupLinkTable;
}

export type ArticleRow = Selectable<ArticleTable>;
export type NewArticle = Insertable<ArticleTable>;
export type ArticlePatch = Updateable<ArticleTable>;

export type ImageMessageRow = Selectable<ImageMessageTable>;
export type NewImageMessage = Insertable<ImageMessageTable>;
export type ImageMessagePatch = Updateable<ImageMessageTable>;
export type ConsoleUserRow = Selectable<ConsoleUserTable>;
