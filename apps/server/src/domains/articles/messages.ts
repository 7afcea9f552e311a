import { notFound } from '../../http/apiError';

export const ARTICLE_NOT_FOUND = () => notFound('该文章不存在或尚未发布');
