// What uploaded images are called and where they are served. No zod here: the web app's first
// page (every tool picture) imports this without the validation library.

/**
 * The widths every uploaded image is stored in (WebP), as the pages show tools: a product-table
 * thumbnail or a cart line (320), a catalogue card (640), the tool page (1280). An image narrower
 * than a width is not enlarged: its file at that width is the image at its own size.
 */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];
/** The width a tool's `img` names: a plain URL that suits a card and works wherever it is shown. */
export const DEFAULT_UPLOAD_WIDTH: UploadWidth = 640;
/** What an upload may be; checked on the bytes, never on the name or the declared type. */
export const UPLOAD_FORMATS = ['JPEG', 'PNG', 'WebP'] as const;
/** The form field that carries the file. */
export const UPLOAD_FIELD = 'file';

/**
 * A stored file's key: an image's (a random id chosen by the server, and the width) or a PDF
 * document's (a random id). Nothing of the client's file name is ever part of it.
 */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}(?:-(?:320|640|1280)\.webp|\.pdf)$/;
/** An uploaded image's address at any width, as a pattern for the schemas that take one. */
export const UPLOADED_IMAGE_PATH = '/uploads/[0-9a-f]{32}-(?:320|640|1280)\\.webp';
const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{32})-(320|640|1280)\.webp$/;

/** Whether `url` is the address of an image uploaded to this store (`/uploads/<id>-640.webp`). */
export function isUploadedImageUrl(url: string): boolean {
  return UPLOAD_URL_PATTERN.test(url);
}

export const uploadUrl = (id: string, width: UploadWidth) => `/uploads/${id}-${width}.webp`;

/**
 * For an image uploaded here (`/uploads/<id>-640.webp`), the srcset of all its widths; undefined
 * for any other image (an https link, a file under /images), which is shown as it is.
 */
export function uploadSrcSet(url: string): string | undefined {
  const id = UPLOAD_URL_PATTERN.exec(url)?.[1];
  if (!id) return undefined;
  return UPLOAD_WIDTHS.map((width) => `${uploadUrl(id, width)} ${width}w`).join(', ');
}

/** What a document upload may be: a PDF, checked on the bytes. */
export const DOCUMENT_FORMAT = 'PDF';
/** An uploaded PDF document's address, as a pattern for the schemas that take one. */
export const UPLOADED_DOCUMENT_PATTERN = /^\/uploads\/[0-9a-f]{32}\.pdf$/;
export const documentUrl = (id: string) => `/uploads/${id}.pdf`;
/** Whether a stored file's key names a PDF document (the rest are WebP images). */
export const isDocumentKey = (key: string) => key.endsWith('.pdf');
