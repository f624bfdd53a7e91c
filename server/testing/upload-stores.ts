import type { UploadStorage } from '../config-uploads.ts';
import { startS3StandIn } from './s3-stand-in.ts';
import type { TestContext } from './test-app.ts';

/** An upload store a suite runs against, and what it holds. */
export interface UploadStoreHarness {
  storage: UploadStorage;
  /** The keys the store holds, sorted. */
  stored: () => Promise<string[]>;
  stop: () => Promise<void>;
}

/** Both stores, for one suite to run against each: files under a folder, and a real S3-compatible bucket. */
export const UPLOAD_STORES: [string, (t: () => TestContext) => Promise<UploadStoreHarness>][] = [
  [
    'local files',
    async (t) => ({
      storage: { kind: 'local', dir: '' }, // buildTestApp's own folder
      stored: () => t().storedUploads(),
      stop: async () => {},
    }),
  ],
  [
    'an S3-compatible bucket (s3rver)',
    async () => {
      const s3 = await startS3StandIn();
      return {
        storage: s3.storage,
        stored: async () => (await s3.keys()).map((key) => key.replace(/^uploads\//, '')),
        stop: s3.stop,
      };
    },
  ],
];
