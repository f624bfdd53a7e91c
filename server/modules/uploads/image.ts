import type { Metadata } from 'sharp';
import { UPLOAD_FORMATS, UPLOAD_WIDTHS, type UploadWidth } from '../../../contract/uploads.ts';
import { AppError } from '../../errors.ts';

/** Larger images are refused before they are decoded: a small file can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;

type Format = 'jpeg' | 'png' | 'webp';

/** The format the bytes say they are (their signature), whatever the name or declared type say. */
function sniffFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface ProcessedImage {
  /** The upright size of the image as uploaded. */
  width: number;
  height: number;
  variants: { width: UploadWidth; data: Buffer; size: { width: number; height: number } }[];
}

const unsupported = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'This file is not an image the store takes: upload a JPEG, PNG or WebP image.',
    [{ field: 'file', in: 'body', message: `Must be a ${UPLOAD_FORMATS.join(', ')} image.` }],
  );

/**
 * Checks the bytes are a JPEG, PNG or WebP image of at most MAX_INPUT_PIXELS, then makes each
 * width as WebP: turned upright by its EXIF orientation, never enlarged, with no metadata (EXIF,
 * GPS, XMP, comments) kept.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw unsupported();
  // Loaded with the first upload (some 25 MB of memory), not at start.
  const { default: sharp } = await import('sharp');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    // The header alone (nothing is decoded here): the pixel count is checked below, in words.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // The decoder must agree with the signature: a file that only starts like an image is not one.
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) throw unreadable();
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      413,
      'payload_too_large',
      `This image is ${metadata.width} × ${metadata.height} pixels; the store takes images of up to ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
      [{ field: 'file', in: 'body', message: 'Too many pixels.' }],
    );
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright size swaps.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  try {
    const variants = await Promise.all(
      UPLOAD_WIDTHS.map(async (target) => {
        const { data, info } = await input()
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { width: target, data, size: { width: info.width, height: info.height } };
      }),
    );
    return { width, height, variants };
  } catch {
    throw unreadable();
  }
}

const unreadable = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'This file could not be read as an image: it may be damaged, or not the kind of image its first bytes claim. Upload a JPEG, PNG or WebP.',
    [{ field: 'file', in: 'body', message: 'Must be a readable JPEG, PNG or WebP image.' }],
  );
