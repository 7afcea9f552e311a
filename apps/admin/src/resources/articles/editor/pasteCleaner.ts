/**
 * Cleans HTML pasted from Word, WPS or a WeChat article down to structure: headings, paragraphs, lists,
 * tables, links and bold/italic/underline. Office markup (`<o:p>`, conditional comments, list bullets Word
 * draws itself), styles, classes, fonts, `data-*` and spans go; bold, italic and underline written as
 * inline styles become the tags. Pasted images are dropped: they point at another site or at the author's
 * disk, and an article image must be uploaded here with its alt text.
 */

const DROPPED = new Set(['style', 'script', 'meta', 'link', 'title', 'xml', 'head', 'noscript', 'template']);
const MEDIA = new Set(['img', 'picture', 'svg', 'video', 'audio', 'iframe', 'object', 'embed', 'canvas']);
// Block containers (div, section) stay, bare: they still separate paragraphs.
const UNWRAPPED = new Set(['span', 'font', 'label', 'small', 'big']);
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const RENAMED: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4', b: 'strong', i: 'em' };

export interface CleanedPaste {
  html: string;
  droppedImages: number;
}

const rename = (element: Element, tag: string) => {
  const replacement = element.ownerDocument.createElement(tag);
  for (const attribute of Array.from(element.attributes)) replacement.setAttribute(attribute.name, attribute.value);
  replacement.append(...Array.from(element.childNodes));
  element.replaceWith(replacement);
  return replacement;
};

const unwrap = (element: Element) => element.replaceWith(...Array.from(element.childNodes));

/** Wraps the element's children in the tags its inline style stands for (bold, italic, underline). */
const styleToTags = (element: Element) => {
  const style = (element.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '');
  const tags: string[] = [];
  if (/font-weight:(bold|bolder|[6-9]00)/.test(style)) tags.push('strong');
  if (/font-style:italic/.test(style)) tags.push('em');
  if (/text-decoration(-line)?:[^;]*underline/.test(style)) tags.push('u');
  for (const tag of tags) {
    const wrapper = element.ownerDocument.createElement(tag);
    wrapper.append(...Array.from(element.childNodes));
    element.append(wrapper);
  }
};

export const cleanPastedHtml = (html: string): CleanedPaste => {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;
  let droppedImages = 0;

  const comments = document.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const found: ChildNode[] = [];
  while (comments.nextNode()) found.push(comments.currentNode as ChildNode);
  for (const comment of found) comment.remove();

  // Deepest first, so an element is handled after everything inside it.
  const elements = Array.from(body.querySelectorAll('*')).reverse();
  for (const original of elements) {
    let element: Element = original;
    const tag = element.tagName.toLowerCase();
    const style = (element.getAttribute('style') ?? '').toLowerCase();
    if (DROPPED.has(tag) || tag.includes(':') || /mso-list:\s*ignore/.test(style)) {
      element.remove();
      continue;
    }
    if (MEDIA.has(tag)) {
      if (tag === 'img') droppedImages += 1;
      element.remove();
      continue;
    }
    styleToTags(element);
    if (UNWRAPPED.has(tag)) {
      unwrap(element);
      continue;
    }
    const renamed = RENAMED[tag];
    if (renamed) element = rename(element, renamed);
    const kept = KEPT_ATTRIBUTES[element.tagName.toLowerCase()] ?? [];
    for (const attribute of Array.from(element.attributes)) {
      if (!kept.includes(attribute.name)) element.removeAttribute(attribute.name);
    }
  }
  return { html: body.innerHTML, droppedImages };
};
