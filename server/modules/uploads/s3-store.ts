import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { UploadStorage } from '../../config-uploads.ts';
import { assertKey, type UploadStore } from './upload-store.ts';

/** Objects live under this prefix, so the bucket can hold other things too. */
const PREFIX = 'uploads/';

/** Any S3-compatible bucket (AWS, MinIO, R2, Spaces...), through the official SDK. */
export function createS3Store(settings: Extract<UploadStorage, { kind: 's3' }>): UploadStore {
  // The SDK (some 20 MB of memory) is loaded on the first upload or download, not at start.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const load = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: many S3-compatible services do not take the
        // SDK's newer default ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return loaded;
  };
  const { bucket } = settings;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${PREFIX}${key}`;
  };
  const isMissing = (sdk: typeof import('@aws-sdk/client-s3'), error: unknown) =>
    error instanceof sdk.NoSuchKey ||
    error instanceof sdk.NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  return {
    where: `s3://${bucket}/${PREFIX}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async put(key, body, contentType) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await load();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async sizeOf(key) {
      const { sdk, client } = await load();
      try {
        const head = await client.send(
          new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
  };
}
