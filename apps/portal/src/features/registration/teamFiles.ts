import {
  EVENT_LIMITS,
  type EventItem,
  TEAM_FILE_KIND_LABELS,
  TEAM_FILE_LIMITS,
  type TeamFile,
  type TeamFileKind,
} from '@lianmeng/core';

const MB = 1024 * 1024;

/** The attachments an item asks for, in the order the editor lists them. */
export const kindsOf = (item: Pick<EventItem, 'needsReport' | 'needsPhotos' | 'needsVideo'>): TeamFileKind[] => [
  ...(item.needsReport ? (['report'] as const) : []),
  ...(item.needsPhotos ? (['photo'] as const) : []),
  ...(item.needsVideo ? (['video'] as const) : []),
];

/** What each kind of attachment must be, in the words the registration page uses. */
export const KIND_RULES: Record<TeamFileKind, string> = {
  report: `PDF，${TEAM_FILE_LIMITS.report.maxBytes / MB} MB 以内，1 份`,
  photo: `JPEG 或 PNG，${EVENT_LIMITS.photos.min}–${EVENT_LIMITS.photos.max} 张，每张 ${TEAM_FILE_LIMITS.photo.maxBytes / MB} MB 以内`,
  video: `MP4 或 MOV，${EVENT_LIMITS.video.maxSeconds / 60} 分钟、${EVENT_LIMITS.video.maxBytes / MB} MB 以内，1 段`,
};

/** The file types the chooser offers; the server judges the bytes whatever the chooser let through. */
export const KIND_ACCEPT: Record<TeamFileKind, string> = {
  report: '.pdf,application/pdf',
  photo: '.jpg,.jpeg,.png,image/jpeg,image/png',
  video: '.mp4,.mov,video/mp4,video/quicktime',
};

/** An item's attachments in a few words: 设计报告 PDF、照片 2–5 张、视频 3 分钟 200 MB 以内. */
export const materialsText = (item: Pick<EventItem, 'needsReport' | 'needsPhotos' | 'needsVideo'>) => {
  const words: Record<TeamFileKind, string> = {
    report: '设计报告 PDF',
    photo: `照片 ${EVENT_LIMITS.photos.min}–${EVENT_LIMITS.photos.max} 张`,
    video: `视频 ${EVENT_LIMITS.video.maxSeconds / 60} 分钟 ${EVENT_LIMITS.video.maxBytes / MB} MB 以内`,
  };
  const kinds = kindsOf(item);
  return kinds.length > 0 ? kinds.map((kind) => words[kind]).join('、') : '无需附件';
};

/** An item's team size: `3 人` or `2–4 人`. */
export const teamSizeText = (item: Pick<EventItem, 'minMembers' | 'maxMembers'>) =>
  item.minMembers === item.maxMembers ? `${item.minMembers} 人` : `${item.minMembers}–${item.maxMembers} 人`;

/** A file's size as a person reads it: 512 B, 12.3 KB, 4.5 MB. */
export const sizeText = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
};

/** A video's length as m:ss (2:05). */
export const durationText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Why a file is refused before it is sent (too large for its kind, or one more than the kind allows), or null.
 * The server checks the bytes again; this only spares a long upload that would be refused anyway.
 */
export const preCheck = (kind: TeamFileKind, size: number, already: number): string | null => {
  const limits = TEAM_FILE_LIMITS[kind];
  const label = TEAM_FILE_KIND_LABELS[kind];
  if (already >= limits.count.max)
    return `${label}最多 ${limits.count.max} ${kind === 'photo' ? '张' : '份'}，请先删除再上传`;
  if (size > limits.maxBytes) return `${label}不能超过 ${limits.maxBytes / MB} MB，所选文件为 ${sizeText(size)}`;
  if (size === 0) return '文件是空的，请重新选择';
  return null;
};

/** The files of one kind, in the order the server gave them. */
export const filesOf = (files: TeamFile[], kind: TeamFileKind) => files.filter((file) => file.kind === kind);
