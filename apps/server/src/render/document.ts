import { HYDRATION_ELEMENT_ID, jsonScriptElement, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@lianmeng/core';

export const SITE_NAME = '全国学校体育联盟（机器人运动）';
export const SITE_DESCRIPTION =
  '全国学校体育联盟（机器人运动）官方门户：新闻公告、教育教学、赛事活动、交流活动与学分银行';
/** Must match the portal's own id (apps/portal/src/app/hydration.ts). */
export { HYDRATION_ELEMENT_ID };

const ELDERLY_CLASS = 'elderly-mode';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface PageHead {
  title?: string;
  description?: string;
  /** Absolute url of the page without what does not change its content. */
  canonical: string;
  /** Absolute url of the picture a shared link shows. */
  image?: string;
  /** Images to fetch before the body is read: the page's largest picture, and what its script shows at once. */
  preloadImages?: PreloadImage[];
}

/** An image for the head to preload; `media` when only screens it matches show it (a `<picture>`'s source). */
export interface PreloadImage {
  href: string;
  media?: string;
}

export interface PageParts {
  head: PageHead;
  /** The markup inside `#root`. */
  html: string;
  /**
   * The `<style>` elements of the antd components in `html`, written by the renderer from antd's own theme (no
   * visitor's text). They go before the site's stylesheet, where antd would inject them, so the site's rules
   * still win over antd's.
   */
  styles?: string;
  /** The loaders' data for hydration; none on a page the browser renders by itself. */
  hydration?: unknown;
  elderly: boolean;
  runtimeConfig: RuntimeConfig;
}

const ROOT = '<div id="root"></div>';

/**
 * The built index.html with the rendered page in `#root`, its own title, description, canonical link and Open
 * Graph tags, and the runtime configuration and hydration data as JSON blocks (never executable script: the
 * content security policy allows none inline, and the escaping keeps any text inside its block).
 */
export const pageDocument = (template: string, parts: PageParts): string => {
  const title = parts.head.title ? `${parts.head.title} - ${SITE_NAME}` : SITE_NAME;
  const description = parts.head.description?.trim() || SITE_DESCRIPTION;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(parts.head.canonical)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(parts.head.canonical)}" />`,
    ...(parts.head.image ? [`<meta property="og:image" content="${escapeHtml(parts.head.image)}" />`] : []),
    ...(parts.head.preloadImages ?? []).map(
      ({ href, media }) =>
        `<link rel="preload" as="image" href="${escapeHtml(href)}"${media ? ` media="${escapeHtml(media)}"` : ''} fetchpriority="high" />`,
    ),
    ...(parts.styles ? [parts.styles] : []),
  ].join('\n    ');
  const blocks = [
    jsonScriptElement(RUNTIME_CONFIG_ELEMENT_ID, parts.runtimeConfig),
    ...(parts.hydration === undefined ? [] : [jsonScriptElement(HYDRATION_ELEMENT_ID, parts.hydration)]),
  ].join('');
  return template
    .replace(/<html([^>]*)>/, (_all, attributes: string) =>
      parts.elderly ? `<html${attributes} class="${ELDERLY_CLASS}">` : `<html${attributes}>`,
    )
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => tags)
    .replace(ROOT, () => `<div id="root">${parts.html}</div>${blocks}`);
};

/** What a visitor sees when the server cannot render a page: Chinese, calm, never a stack. */
export const FAILURE_HTML = `<div class="page-fallback" role="alert">
<h1>服务器暂时无法显示此页面</h1>
<p>请稍后刷新重试，或返回首页继续浏览。</p>
<a href="/index">返回首页</a>
</div>`;
