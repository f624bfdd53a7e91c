import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { UploadStorage } from '../config-uploads.ts';

/** s3rver's fixed credentials: it checks request signatures against these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on a free local port, with one empty bucket, for the upload store's
 * S3 side; the store and these helpers talk to it through the official AWS SDK.
 */
export async function startS3StandIn(bucket = 'toolyard-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'toolyard-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage: Extract<UploadStorage, { kind: 's3' }> = {
    kind: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    credentials: CREDENTIALS,
    forcePathStyle: true,
  });
  return {
    storage,
    client,
    /** Every object key in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
