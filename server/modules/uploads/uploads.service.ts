import { randomBytes } from 'node:crypto';
import {
  DEFAULT_UPLOAD_WIDTH,
  documentUrl,
  isDocumentKey,
  UPLOAD_KEY_PATTERN,
  type UploadedDocument,
  type UploadedImage,
  uploadSrcSet,
  uploadUrl,
} from '../../../contract/uploads.ts';
import type { UploadStorage } from '../../config-uploads.ts';
import { serviceUnavailable } from '../../errors.ts';
import { createWorkGate, type GateLimits } from '../../http/work-gate.ts';
import { checkPdf } from './document.ts';
import { processImage } from './image.ts';
import { createS3Store } from './s3-store.ts';
import { createLocalStore, type UploadStore } from './upload-store.ts';

const IMAGE_CONTENT_TYPE = 'image/webp';
const DOCUMENT_CONTENT_TYPE = 'application/pdf';

/** The type a stored file is served as: its key says which kind it is. */
export const contentTypeOf = (key: string) =>
  isDocumentKey(key) ? DOCUMENT_CONTENT_TYPE : IMAGE_CONTENT_TYPE;

export function createUploadStore(storage: UploadStorage): UploadStore {
  return storage.kind === 's3' ? createS3Store(storage) : createLocalStore(storage.dir);
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Images decoded and resized at once, and waiting: a 40-megapixel picture takes about 160 MB and
 * a core while it is resized, so uploads at once cannot take the machine (or its memory) from the
 * rest of the store; beyond the queue an upload is refused with 503 and Retry-After.
 */
const IMAGE_WORK: GateLimits = { concurrency: 2, queue: 8 };

export function createUploadsService(store: UploadStore, limits: GateLimits = IMAGE_WORK) {
  const gate = createWorkGate(limits, () =>
    serviceUnavailable('Other pictures are being prepared right now. Please try again shortly.', 2),
  );
  return {
    store,
    /** For metrics: resizes running, waiting and refused. */
    stats: gate.stats,
    /** Checks, converts and stores one image; answers where each width is served. */
    async save(bytes: Buffer): Promise<UploadedImage> {
      const image = await gate.run(() => processImage(bytes));
      // The name is ours alone: 128 random bits, nothing from the client.
      const id = randomBytes(16).toString('hex');
      await Promise.all(
        image.variants.map((variant) =>
          store.put(`${id}-${variant.width}.webp`, variant.data, IMAGE_CONTENT_TYPE),
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
    /** Checks one PDF by its bytes and stores it as it is; answers where it is served. */
    async saveDocument(bytes: Buffer): Promise<UploadedDocument> {
      checkPdf(bytes);
      const id = randomBytes(16).toString('hex');
      await store.put(`${id}.pdf`, bytes, DOCUMENT_CONTENT_TYPE);
      return { url: documentUrl(id), size: bytes.length };
    },
    /** The size of the document uploaded at `url` (/uploads/<id>.pdf), or null when none is. */
    async documentSize(url: string): Promise<number | null> {
      const key = url.slice('/uploads/'.length);
      if (!url.startsWith('/uploads/') || !UPLOAD_KEY_PATTERN.test(key) || !isDocumentKey(key))
        return null;
      return store.sizeOf(key);
    },
  };
}
