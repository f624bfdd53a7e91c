import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_KEY_PATTERN } from '../../../contract/uploads.ts';

interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded images and documents are kept: files under DATA_DIR/uploads, or an S3-compatible bucket. Keys
 * are the server's own (UPLOAD_KEY_PATTERN); a store refuses any other, so no key can name a
 * place outside it.
 */
export interface UploadStore {
  /** Stores the bytes under the key, whole or not at all. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The stored file's size in bytes, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** Where the files go, for the log (no secrets). */
  readonly where: string;
}

export function assertKey(key: string): void {
  if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
}

/** Files in one folder; each written beside its final name and renamed, so none is ever half there. */
export function createLocalStore(dir: string): UploadStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };
  return {
    where: dir,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, body, { flag: 'wx', mode: 0o644 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async sizeOf(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
