/** The business constants and the names the apps and the server share. One place, never re-typed. */

export const IMAGE_SORT = { banner: 2, partner: 3 } as const;
export type ImageSortId = (typeof IMAGE_SORT)[keyof typeof IMAGE_SORT];
export const IMAGE_SORT_IDS: readonly ImageSortId[] = [IMAGE_SORT.banner, IMAGE_SORT.partner];
/** The fields of an image message an update may change (which of them each role may change: `@lianmeng/core/policy`). */
export const IMAGE_UPDATABLE_FIELDS = [
  'belongSortid',
  'isOpen',
  'photoAddress',
  'smallPhotoAddress',
  'photoTitle',
  'urlAddress',
  'showFrom',
  'showUntil',
] as const;
export type ImageUpdatableField = (typeof IMAGE_UPDATABLE_FIELDS)[number];
export const IMAGE_SORT_NAMES: Record<ImageSortId, string> = { 2: '顶部横幅', 3: '合作伙伴' };

/** Banner and partner page size: the layout asks for everything in one page. */
export const IMAGE_LIST_PAGE_SIZE = 999;
export const MAX_PAGE_SIZE = 999;
export const DEFAULT_PAGE_SIZE = 10;

export const BANNER = {
  heightPx: 405,
  openMs: 3000,
  holdMs: 1000,
  closeMs: 3000,
  recommendedWidthPx: 1000,
  recommendedHeightPx: 405,
} as const;

export const MARQUEE = { tickMs: 20, stepPx: 1, startDelayMs: 30 } as const;

export const PARTNER_TILE = { widthPx: 190, heightPx: 50 } as const;

/** The home page's focus area: how many of the newest covered articles it shows, and how long each stays. */
export const FOCUS_AREA = { size: 5, intervalMs: 5000 } as const;

export const CONSOLE_BASE_PATH = '/admin/' as const;

export const ROUTES = {
  index: '/index',
  home: '/home',
  creditBankLogin: '/creditBank/login',
  creditBankInfo: '/creditBank/info',
  login: '/login',
} as const;
export const DEFAULT_LOGIN_DESTINATION = ROUTES.creditBankInfo;

export const ERROR_MODAL = { title: '提示信息', topPx: 250 } as const;

export const HEADERS = {
  console: 'X-Lianmeng-Console',
  xsrf: 'X-XSRF-TOKEN',
  authorization: 'Authorization',
} as const;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CONSOLE_SESSION_COOKIE = 'lm_console';

export const CONSOLE_ROLES = ['admin', 'editor', 'staff'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export const CONSOLE_ROLE_NAMES: Record<ConsoleRole, string> = {
  admin: '管理员',
  editor: '编辑',
  staff: '内容运营',
};

export const TEXT_LIMITS = {
  photoTitle: 100,
  url: 2048,
  username: 32,
  password: { min: 8, max: 128 },
} as const;

/** SMS log-in codes: their length, lifetime, tries and sending limits; the portal's send button counts down `resendSeconds`. */
export const SMS_CODE_RULES = {
  digits: 6,
  validMs: 5 * 60 * 1000,
  maxTries: 5,
  resendSeconds: 60,
  perPhonePerDay: 10,
} as const;

/** How far the card log-in payload's timestamp may be from the server's clock. */
export const CARD_PAYLOAD_MAX_SKEW_MS = 5 * 60 * 1000;
/**
 * Image uploads (POST /lianmeng/img/upload): the server refuses a file over `maxBytes` (413) or an
 * image of more than `maxPixels` (413), and keeps images referenced by nothing for `orphanMaxAgeHours`.
 * The small image fits inside `small` without being enlarged: twice the partner tile's 190×50 for
 * sharp screens, and a banner thumbnail of 400×162.
 */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  acceptedFormats: ['PNG', 'JPEG', 'WebP', 'GIF'],
  small: { widthPx: 400, heightPx: 200 },
  orphanMaxAgeHours: 24,
} as const;

/**
 * Document uploads for article attachments (POST /lianmeng/img/uploadDocument): the type is read from the
 * file's bytes and its extension must agree with it. A file over `maxBytes` is refused with 413 while it
 * streams in; the original name (at most `maxNameLength` characters) is kept for the download.
 */
export const DOCUMENT_UPLOAD_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxNameLength: 200,
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip'],
  acceptedFormats: ['PDF', 'Word（DOC/DOCX）', 'Excel（XLS/XLSX）', 'PowerPoint（PPT/PPTX）', 'TXT', 'ZIP'],
} as const;
export type DocumentExtension = (typeof DOCUMENT_UPLOAD_LIMITS.extensions)[number];
