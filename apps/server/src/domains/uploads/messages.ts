import { DOCUMENT_UPLOAD_LIMITS, UPLOAD_LIMITS } from '@lianmeng/core';
import { ApiError, badRequest } from '../../http/apiError';

const megabytes = UPLOAD_LIMITS.maxBytes / 1024 / 1024;
const tenThousandPixels = UPLOAD_LIMITS.maxPixels / 10_000;

export const UPLOAD_MESSAGES = {
  noFile: '请选择要上传的图片（表单字段 file）',
  malformed: '上传内容的格式有误（multipart/form-data 不完整或缺少分隔符），请重新选择文件上传',
  empty: '上传的文件是空的',
  unsupported: `只能上传 ${UPLOAD_LIMITS.acceptedFormats.join('、')} 图片（按文件内容判断，与文件名无关）`,
  damaged: '图片文件已损坏或不完整，无法读取',
  tooLarge: `图片文件不能超过 ${megabytes} MB`,
  tooManyPixels: `图片像素过多：宽×高不能超过 ${tenThousandPixels} 万像素`,
} as const;

export const uploadRefused = {
  noFile: () => badRequest(UPLOAD_MESSAGES.noFile),
  malformed: () => badRequest(UPLOAD_MESSAGES.malformed),
  empty: () => badRequest(UPLOAD_MESSAGES.empty),
  unsupported: () => badRequest(UPLOAD_MESSAGES.unsupported),
  damaged: () => badRequest(UPLOAD_MESSAGES.damaged),
  tooLarge: () => new ApiError(413, UPLOAD_MESSAGES.tooLarge),
  tooManyPixels: () => new ApiError(413, UPLOAD_MESSAGES.tooManyPixels),
};

const documentMegabytes = DOCUMENT_UPLOAD_LIMITS.maxBytes / 1024 / 1024;

export const DOCUMENT_MESSAGES = {
  noFile: '请选择要上传的文件（表单字段 file）',
  empty: '上传的文件是空的',
  noName: '文件缺少文件名',
  nameTooLong: `文件名不能超过 ${DOCUMENT_UPLOAD_LIMITS.maxNameLength} 个字符`,
  unsupported: `只能上传 ${DOCUMENT_UPLOAD_LIMITS.acceptedFormats.join('、')} 文件（按文件内容判断）`,
  extensionMismatch: (kind: string) =>
    `文件扩展名与文件内容不符：内容是 ${kind.toUpperCase()} 文件，请使用 .${kind} 扩展名`,
  tooLarge: `附件不能超过 ${documentMegabytes} MB`,
} as const;

export const documentRefused = {
  noFile: () => badRequest(DOCUMENT_MESSAGES.noFile),
  empty: () => badRequest(DOCUMENT_MESSAGES.empty),
  noName: () => badRequest(DOCUMENT_MESSAGES.noName),
  nameTooLong: () => badRequest(DOCUMENT_MESSAGES.nameTooLong),
  unsupported: () => badRequest(DOCUMENT_MESSAGES.unsupported),
  extensionMismatch: (kind: string) => badRequest(DOCUMENT_MESSAGES.extensionMismatch(kind)),
  tooLarge: () => new ApiError(413, DOCUMENT_MESSAGES.tooLarge),
};
