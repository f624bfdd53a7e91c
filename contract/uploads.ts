import { z } from 'zod';
import { route } from './common.ts';
import { DOCUMENT_FORMAT, UPLOAD_FIELD, UPLOAD_FORMATS, UPLOAD_WIDTHS } from './upload-names.ts';

export * from './upload-names.ts';

export const UploadedImageSchema = z.object({
  /** The image at DEFAULT_UPLOAD_WIDTH: what a tool's `img` stores. */
  url: z.string(),
  /** Every width, for an img's srcset. */
  srcset: z.string(),
  /** The size of the uploaded image, upright. */
  width: z.int().min(1),
  height: z.int().min(1),
  variants: z.array(z.object({ url: z.string(), width: z.int().min(1), height: z.int().min(1) })),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const UploadedDocumentSchema = z.object({
  /** Where the PDF is served: what a tool's document names as its `url`. */
  url: z.string(),
  /** Bytes. */
  size: z.int().min(1),
});
export type UploadedDocument = z.infer<typeof UploadedDocumentSchema>;

export const uploadRoutes = {
  create: route({
    method: 'POST',
    path: '/uploads',
    access: 'admin',
    summary: 'Upload an image',
    description: `Uploads an image (${UPLOAD_FORMATS.join(', ')}, told apart by its content) as multipart/form-data with one file field named "${UPLOAD_FIELD}", from the store's own pages (an Origin header of the store is required). It is turned upright, stripped of its metadata (EXIF, GPS) and stored as WebP ${UPLOAD_WIDTHS.join(', ')} px wide.`,
    returns: "Where the image is served: the URL to use as a tool's img, and every width.",
    tags: ['uploads'],
    consumes: 'multipart/form-data',
    form: z.strictObject({
      [UPLOAD_FIELD]: z.string().meta({
        contentMediaType: 'application/octet-stream',
        description: `The image: ${UPLOAD_FORMATS.join(', ')}.`,
      }),
    }),
    response: UploadedImageSchema,
    status: 201,
    errors: {
      400: 'validation_failed: no file, another field, or more than one file.',
      413: 'payload_too_large: the file or the image (its pixels) is larger than the store takes.',
      415: 'unsupported_media_type: not a form, or not a JPEG, PNG or WebP image.',
      429: 'rate_limited: too many uploads by this admin in a short time.',
      503: 'service_unavailable: other pictures are being prepared right now (Retry-After).',
    },
  }),
  createDocument: route({
    method: 'POST',
    path: '/uploads/documents',
    access: 'admin',
    summary: 'Upload a PDF document',
    description: `Uploads a document (a datasheet, a manual, a certificate) as multipart/form-data with one file field named "${UPLOAD_FIELD}", from the store's own pages (an Origin header of the store is required). Only a whole ${DOCUMENT_FORMAT} is taken, told by its content (it starts with the PDF header and ends with %%EOF), whatever its name or declared type. It is stored as it is and served as a download (application/pdf, Content-Disposition: attachment). Give its URL to a tool's documents to show it on the tool's page.`,
    returns: "Where the document is served, and its size: what a tool's documents name.",
    tags: ['uploads'],
    consumes: 'multipart/form-data',
    form: z.strictObject({
      [UPLOAD_FIELD]: z.string().meta({
        contentMediaType: 'application/pdf',
        description: `The document: a ${DOCUMENT_FORMAT}.`,
      }),
    }),
    response: UploadedDocumentSchema,
    status: 201,
    errors: {
      400: 'validation_failed: no file, another field, or more than one file.',
      413: 'payload_too_large: the file is larger than the store takes.',
      415: 'unsupported_media_type: not a form, or not a whole PDF.',
      429: 'rate_limited: too many uploads by this admin in a short time.',
    },
  }),
} as const;
