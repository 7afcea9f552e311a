import { notFound } from '../../http/apiError';

export const IMAGE_NOT_FOUND = () => notFound('该图片信息不存在或已被删除');
