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
}

export interface ConsoleSessionTable {
  /** SHA-256 of the cookie value: a stolen database does not hold usable sessions. */
  idHash: string;
  userId: number;
  createTime: string;
  lastSeenTime: string;
  expiresTime: string;
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
  payloadReplayGuard: PayloadReplayGuardTable;
}

export type ArticleRow = Selectable<ArticleTable>;
export type NewArticle = Insertable<ArticleTable>;
export type ArticlePatch = Updateable<ArticleTable>;

export type ImageMessageRow = Selectable<ImageMessageTable>;
export type NewImageMessage = Insertable<ImageMessageTable>;
export type ImageMessagePatch = Updateable<ImageMessageTable>;
export type ConsoleUserRow = Selectable<ConsoleUserTable>;
