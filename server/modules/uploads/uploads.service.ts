import { randomBytes } from 'node:crypto';
import {
  DEFAULT_UPLOAD_WIDTH,
  type UploadedImage,
  uploadSrcSet,
  uploadUrl,
} from '../../../contract/uploads.ts';
import type { UploadStorage } from '../../config-uploads.ts';
import { processImage } from './image.ts';
import { createS3Store } from './s3-store.ts';
import { createLocalStore, type UploadStore } from './upload-store.ts';

export const UPLOAD_CONTENT_TYPE = 'image/webp';

export function createUploadStore(storage: UploadStorage): UploadStore {
  return storage.kind === 's3' ? createS3Store(storage) : createLocalStore(storage.dir);
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(store: UploadStore) {
  return {
    store,
    /** Checks, converts and stores one image; answers where each width is served. */
    async save(bytes: Buffer): Promise<UploadedImage> {
      const image = await processImage(bytes);
      // The name is ours alone: 128 random bits, nothing from the client.
      const id = randomBytes(16).toString('hex');
      await Promise.all(
        image.variants.map((variant) =>
          store.put(`${id}-${variant.width}.webp`, variant.data, UPLOAD_CONTENT_TYPE),
        ),
      );
      const url = uploadUrl(id, DEFAULT_UPLOAD_WIDTH);
      return {
        url,
        srcset: uploadSrcSet(url) ?? '',
        width: image.width,
        height: image.height,
        variants: image.variants.map((variant) => ({
          url: uploadUrl(id, variant.width),
          ...variant.size,
        })),
      };
    },
  };
}
