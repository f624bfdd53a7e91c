import path from 'node:path';
import { z } from 'zod';
import { booleanish, rateLimit } from './config-values.ts';

// Image uploads: how large, how often, and where they are kept. Part of server/config.ts's one
// environment schema; every variable is documented in README.md and .env.example.

export const uploadEnvShape = {
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'Must be a number of bytes, such as 10485760 for 10 MB.' })
    .int({ error: 'Must be a whole number of bytes.' })
    .min(1024, { error: 'Must be at least 1024 bytes.' })
    .max(100 * 1024 * 1024, { error: 'Must be at most 104857600 bytes (100 MB).' })
    .default(10 * 1024 * 1024),
  RATE_LIMIT_UPLOADS_PER_USER: rateLimit.default({ limit: 60, windowMs: 10 * 60_000 }),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'Must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens.',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { error: 'Must be a region such as us-east-1.' })
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: booleanish.optional(),
};

const uploadEnvSchema = z.object(uploadEnvShape);
type UploadEnv = z.output<typeof uploadEnvSchema>;

export type UploadStorage =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS itself. Set: any S3-compatible service (MinIO, R2, Spaces...). */
      endpoint: string | undefined;
      /** Unset: the SDK's own chain (environment, instance role...). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface UploadSettings {
  /** A file larger than this is refused (413) while it arrives. */
  maxBytes: number;
  /** Uploads per admin per window. */
  perUser: { limit: number; windowMs: number };
  storage: UploadStorage;
}

/** The upload settings, or the problems with them (each named by its variable). */
export function uploadSettings(
  e: UploadEnv,
  dataDir: string,
): { settings: UploadSettings; problems: string[] } {
  const problems: string[] = [];
  const s3Set = [
    e.S3_REGION,
    e.S3_ENDPOINT,
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
    e.S3_FORCE_PATH_STYLE,
  ].some((value) => value !== undefined);
  if (s3Set && !e.S3_BUCKET) {
    problems.push('S3_BUCKET: Required when other S3_ settings are set (or unset them all).');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: Set both, or neither for the SDK’s own credentials.',
    );
  }
  const storage: UploadStorage = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'us-east-1',
        endpoint: e.S3_ENDPOINT,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
      }
    : { kind: 'local', dir: path.join(dataDir, 'uploads') };
  return {
    settings: { maxBytes: e.UPLOAD_MAX_BYTES, perUser: e.RATE_LIMIT_UPLOADS_PER_USER, storage },
    problems,
  };
}
