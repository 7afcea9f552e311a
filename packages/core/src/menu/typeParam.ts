/**
 * A menu item's typeId travels as a path segment: `12` alone, or joined with the item's index as `12-3`
 * (the portal's menu links use both forms). One parser reads both.
 */
export interface TypeParam {
  typeId: number;
  index?: number;
}

const SEGMENT = /^(\d{1,9})(?:-(\d{1,4}))?$/;

export const parseTypeParam = (segment: string | undefined | null): TypeParam | null => {
  if (!segment) return null;
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const typeId = Number(match[1]);
  if (typeId < 1) return null;
  return match[2] === undefined ? { typeId } : { typeId, index: Number(match[2]) };
};

export const formatTypeParam = ({ typeId, index }: TypeParam): string =>
  index === undefined ? String(typeId) : `${typeId}-${index}`;
