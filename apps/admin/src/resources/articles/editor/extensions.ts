import { type Extensions, mergeAttributes, Node } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import { OrderedList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The article body's document schema. Every node and mark renders only tags and attributes the server's
 * sanitiser keeps, and parses only the attributes it renders, so what the editor saves comes back from the
 * sanitiser as the same document (the round-trip test holds the two together). No DOM is needed here.
 */

/** Links may point to http(s) addresses or to a path on this site; nothing else becomes a link. */
export const isAllowedLink = (address: string) => /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*|#[^\s]*)$/i.test(address.trim());

const isAllowedImage = (address: string) => /^(https?:\/\/|\/(?!\/))[^\s]+$/i.test(address);

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

export interface FigureAttributes {
  src: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
}

/**
 * An image with its alt text and an optional caption, saved as `<figure><img><figcaption>`. A bare `<img>`
 * (older bodies) becomes a figure without caption.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: { default: '', rendered: false },
      alt: { default: '', rendered: false },
      caption: { default: '', rendered: false },
      width: { default: null, rendered: false },
      height: { default: null, rendered: false },
    };
  },

  parseHTML() {
    const fromImage = (image: HTMLImageElement | null, caption: string) => {
      const src = image?.getAttribute('src') ?? '';
      if (!image || !isAllowedImage(src)) return false;
      return {
        src,
        alt: image.getAttribute('alt') ?? '',
        caption,
        width: positiveInt(image.getAttribute('width')),
        height: positiveInt(image.getAttribute('height')),
      };
    };
    return [
      {
        tag: 'figure',
        getAttrs: (element) =>
          fromImage(element.querySelector('img'), element.querySelector('figcaption')?.textContent?.trim() ?? ''),
      },
      { tag: 'img[src]', getAttrs: (element) => fromImage(element as HTMLImageElement, '') },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption, width, height } = node.attrs as FigureAttributes;
    const image = ['img', { src, alt, ...(width ? { width } : {}), ...(height ? { height } : {}) }] as const;
    return caption ? ['figure', {}, image, ['figcaption', {}, caption]] : ['figure', {}, image];
  },

  renderText({ node }) {
    return (node.attrs as FigureAttributes).caption;
  },
});

/** Cells keep only their spans: widths and alignment would be styles, which the sanitiser drops. */
const cellAttributes = () => ({
  colspan: { default: 1 },
  rowspan: { default: 1 },
  colwidth: { default: null, parseHTML: () => null, rendered: false },
});

const BodyTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
}).configure({ resizable: false });

/** Lists always start at one: `start` and `type` would not survive the sanitiser. */
const BodyOrderedList = OrderedList.extend({ addAttributes: () => ({}) });

/**
 * Links keep only their address; every link opens in a new tab that gets no handle on the console or the
 * portal (`noopener noreferrer`, the same `rel` the sanitiser writes).
 */
export const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;
const BodyLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') } };
  },
  renderHTML({ HTMLAttributes }) {
    return ['a', mergeAttributes(LINK_ATTRIBUTES, HTMLAttributes), 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  isAllowedUri: (address) => isAllowedLink(address),
  shouldAutoLink: (address) => /^https?:\/\//i.test(address),
});

export const bodyExtensions = (): Extensions => [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    // Strike, code and rules have no toolbar button (keyboard and typing shortcuts only), but bodies written
    // before this editor may hold them and the sanitiser keeps them: editing such a body must not drop them.
    // A code block keeps no language, which would be a class.
    codeBlock: { languageClassPrefix: '' },
    orderedList: false,
    link: false,
    // An empty paragraph after every closing table or image would be saved with each article; the gap
    // cursor (arrow keys) reaches the place after them instead.
    trailingNode: false,
  }),
  BodyOrderedList,
  BodyLink,
  BodyTable,
  TableRow,
  TableHeader.extend({ addAttributes: cellAttributes }),
  TableCell.extend({ addAttributes: cellAttributes }),
  Figure,
];
