import http from 'node:http';
import { rssBytes } from './processes.ts';

export interface ExportRun {
  status: number;
  bytes: number;
  /** Lines of the answer (a CSV's rows, its header included). */
  lines: number;
  /** From sending the request to the first and to the last byte. */
  firstByteMs: number;
  totalMs: number;
  /** The store's resident memory just before the request, and the most it reached meanwhile. */
  rssBefore: number;
  rssPeak: number;
  /** What the store answered when it was not 200. */
  text: string;
}

/**
 * Downloads one answer as a spreadsheet would, counting its bytes and lines without keeping them,
 * while sampling the store process's resident memory every `sampleMs` (Linux /proc).
 */
export function downloadWatchingMemory(options: {
  url: string;
  headers: Record<string, string>;
  pid: number;
  sampleMs?: number;
}): Promise<ExportRun> {
  const rssBefore = rssBytes(options.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssBytes(options.pid));
  }, options.sampleMs ?? 20);
  const sent = performance.now();
  return new Promise((resolve) => {
    const finish = (run: Omit<ExportRun, 'rssBefore' | 'rssPeak' | 'totalMs'>) => {
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, rssBytes(options.pid));
      resolve({ ...run, totalMs: performance.now() - sent, rssBefore, rssPeak });
    };
    const request = http.get(
      options.url,
      { agent: false, headers: options.headers },
      (response) => {
        let firstByteMs = Number.NaN;
        let bytes = 0;
        let lines = 0;
        const kept: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - sent;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          if (response.statusCode !== 200 && bytes < 4096) kept.push(chunk);
        });
        response.on('end', () =>
          finish({
            status: response.statusCode ?? 0,
            bytes,
            lines,
            firstByteMs,
            text: Buffer.concat(kept).toString().slice(0, 300),
          }),
        );
      },
    );
    request.on('error', (error) =>
      finish({ status: 0, bytes: 0, lines: 0, firstByteMs: Number.NaN, text: error.message }),
    );
  });
}
