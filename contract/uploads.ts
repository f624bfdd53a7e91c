import { z } from 'zod';
import { route } from './common.ts';
import { UPLOAD_FIELD, UPLOAD_FORMATS, UPLOAD_WIDTHS } from './upload-names.ts';

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

export const uploadRoutes = {
  create: route({
    method: 'POST',
    path: '/uploads',
    access: 'admin',
    summary: `Upload an image (${UPLOAD_FORMATS.join(', ')}, told apart by its content) as multipart/form-data with one file field named "${UPLOAD_FIELD}", from the store's own pages (an Origin header of the store is required). It is turned upright, stripped of its metadata (EXIF, GPS) and stored as WebP ${UPLOAD_WIDTHS.join(', ')} px wide; the answer gives the URL to use as a tool's img.`,
    tags: ['uploads'],
    consumes: 'multipart/form-data',
    response: UploadedImageSchema,
    status: 201,
  }),
} as const;
