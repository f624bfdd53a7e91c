import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

let DATA_DIR: string;
beforeAll(async () => {
  DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'toolyard-config-'));
});
afterAll(async () => {
  await rm(DATA_DIR, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('upload settings', () => {
  it('by default: 10 MB, 60 per admin in ten minutes, files under DATA_DIR/uploads', () => {
    expect(loadConfig({ DATA_DIR }).uploads).toEqual({
      maxBytes: 10 * 1024 * 1024,
      perUser: { limit: 60, windowMs: 600_000 },
      storage: { kind: 'local', dir: path.join(DATA_DIR, 'uploads') },
    });
  });

  it('an S3-compatible bucket when S3_BUCKET is set', () => {
    const config = loadConfig({
      DATA_DIR,
      UPLOAD_MAX_BYTES: '2097152',
      RATE_LIMIT_UPLOADS_PER_USER: '5/1m',
      S3_BUCKET: 'toolyard-images',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.uploads).toEqual({
      maxBytes: 2_097_152,
      perUser: { limit: 5, windowMs: 60_000 },
      storage: {
        kind: 's3',
        bucket: 'toolyard-images',
        region: 'eu-central-1',
        endpoint: 'https://s3.example.com',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
        forcePathStyle: true,
      },
    });
    // Without keys, the SDK finds its own (environment, instance role); AWS's default region.
    expect(loadConfig({ DATA_DIR, S3_BUCKET: 'toolyard-images' }).uploads.storage).toEqual({
      kind: 's3',
      bucket: 'toolyard-images',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses half an S3 setup and values that cannot be right, naming each variable', () => {
    expect(problemsOf({ S3_ENDPOINT: 'https://s3.example.com' }).join('\n')).toContain('S3_BUCKET');
    expect(
      problemsOf({ S3_BUCKET: 'toolyard-images', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }).join('\n'),
    ).toContain('S3_SECRET_ACCESS_KEY');
    const problems = problemsOf({
      UPLOAD_MAX_BYTES: 'ten megabytes',
      S3_BUCKET: 'Not_A_Bucket',
      S3_ENDPOINT: 'ftp://s3.example.com',
      S3_FORCE_PATH_STYLE: 'perhaps',
      RATE_LIMIT_UPLOADS_PER_USER: 'lots',
    }).join('\n');
    for (const name of [
      'UPLOAD_MAX_BYTES',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'RATE_LIMIT_UPLOADS_PER_USER',
    ]) {
      expect(problems).toContain(name);
    }
  });
});
