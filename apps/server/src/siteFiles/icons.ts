import sharp from 'sharp';

/**
 * The alliance's mark as drawn in the portal's header: a robot's face on a red disc, in the site's brand red.
 * Every icon file is made from this one drawing, so the tab, the home screen and the header always agree.
 */
export const BRAND_RED = '#b71c1c';

const MARK = `<circle cx="24" cy="24" r="22" fill="${BRAND_RED}"/>
<path d="M14 30h20v4H14zM17 16h14v12H17z" fill="#fff"/>
<circle cx="21" cy="21" r="2" fill="${BRAND_RED}"/>
<circle cx="27" cy="21" r="2" fill="${BRAND_RED}"/>`;

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">
<title>全国学校体育联盟（机器人运动）</title>
${MARK}
</svg>
`;

/** Home-screen icons are shown on an opaque square by iOS: the mark sits on white with a margin instead. */
const SQUARE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 56 56" width="56" height="56">
<rect x="-4" y="-4" width="56" height="56" fill="#fff"/>
${MARK}
</svg>`;

const render = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 48) })
    .resize(size, size)
    .png()
    .toBuffer();

/**
 * An ICO file whose images are PNG-encoded (allowed since Windows Vista and read by every browser): a
 * 6-byte header, one 16-byte directory entry per image, then the images.
 */
export const icoFromPngs = (images: { size: number; png: Buffer }[]): Buffer => {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 stands for 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
};

export interface IconFiles {
  favicon: Buffer;
  png192: Buffer;
  appleTouch: Buffer;
}

let rendered: Promise<IconFiles> | undefined;

/** Rendered once per process on first use and kept in memory: the drawing never changes while it runs. */
export const iconFiles = (): Promise<IconFiles> => {
  rendered ??= (async () => {
    const icoSizes = [16, 32, 48];
    const icoImages = await Promise.all(icoSizes.map(async (size) => ({ size, png: await render(ICON_SVG, size) })));
    const [png192, appleTouch] = await Promise.all([render(ICON_SVG, 192), render(SQUARE_SVG, 180)]);
    return { favicon: icoFromPngs(icoImages), png192, appleTouch };
  })();
  rendered.catch(() => {
    rendered = undefined;
  });
  return rendered;
};
