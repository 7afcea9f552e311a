import { UPLOAD_LIMITS } from '@lianmeng/core';
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
