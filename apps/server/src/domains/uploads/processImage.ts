import { UPLOAD_LIMITS } from '@lianmeng/core';
import sharp, { type Sharp } from 'sharp';
import { detectImageKind, type ImageKind } from './imageSignature';
import { uploadRefused } from './messages';

export type OutputFormat = 'png' | 'jpeg' | 'webp';

export interface ProcessedImage {
  format: OutputFormat;
  photo: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

/** GIF is re-encoded as PNG (first frame): it keeps transparency and the palette loses nothing. */
const OUTPUT: Record<ImageKind, OutputFormat> = { png: 'png', gif: 'png', jpeg: 'jpeg', webp: 'webp' };

const encode = (image: Sharp, format: OutputFormat) => {
  if (format === 'jpeg') return image.jpeg({ quality: 85, mozjpeg: true });
  if (format === 'webp') return image.webp({ quality: 85 });
  return image.png({ compressionLevel: 9 });
};

const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /pixel limit|exceeds pixel/i.test(error.message);

/**
 * Checks an uploaded file and re-encodes it: the type from its bytes, the pixel count from its header
 * before anything is decoded, then a fresh encoding (EXIF orientation applied, every metadata block
 * dropped) and the small image. Throws the refusal the client sees; writes nothing.
 */
export const processImage = async (bytes: Buffer): Promise<ProcessedImage> => {
  if (bytes.length === 0) throw uploadRefused.empty();
  const kind = detectImageKind(bytes);
  if (!kind) throw uploadRefused.unsupported();

  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw uploadRefused.damaged();
    });
  if (!header.width || !header.height) throw uploadRefused.damaged();
  if (header.width * header.height > UPLOAD_LIMITS.maxPixels) throw uploadRefused.tooManyPixels();

  const format = OUTPUT[kind];
  const decoded = () => sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'truncated' }).rotate();
  try {
    const photo = await encode(decoded(), format).toBuffer({ resolveWithObject: true });
    const small = await encode(
      decoded().resize({
        width: UPLOAD_LIMITS.small.widthPx,
        height: UPLOAD_LIMITS.small.heightPx,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      format,
    ).toBuffer();
    return { format, photo: photo.data, small, width: photo.info.width, height: photo.info.height };
  } catch (error) {
    throw isPixelLimitError(error) ? uploadRefused.tooManyPixels() : uploadRefused.damaged();
  }
};
