// Reached only through the `@lianmeng/core/articleHtml` subpath, never from the root barrel: the server
// cleans every body with it and the console's tests check the editor's output against it, while the browser
// bundles must not carry sanitize-html and its parser.
import sanitize from 'sanitize-html';

/**
 * What an article body may hold: text formatting, headings, lists, tables, links and images. Scripts,
 * event handlers, styles and javascript: urls never survive.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'pre',
    'code',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link with any target may open another browsing context (`_blank`, `_BLANK`, a named window): it
    // must not hand that page a handle on ours, nor tell it where the reader came from.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === undefined ? attribs : { ...attribs, rel: 'noopener noreferrer' },
    }),
  },
};

export const sanitizeArticleHtml = (html: string) => sanitize(html, OPTIONS);
