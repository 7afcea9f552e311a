/**
 * jsdom does no layout, and ProseMirror asks for rectangles and hit-tests when it scrolls the selection into
 * view or handles a click: tests of the editor give it empty answers.
 */
export const stubLayoutForEditor = () => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint = () => null;
};
