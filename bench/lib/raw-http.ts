import http from 'node:http';

export interface RawResponse {
  status: number;
  /** As received: name/value pairs in order, names in lower case. */
  headers: [string, string][];
  /** The bytes on the wire (still compressed when the server compressed them). */
  body: Buffer;
}

/** A GET that keeps the body exactly as sent (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          pairs.push([
            (response.rawHeaders[i] as string).toLowerCase(),
            response.rawHeaders[i + 1] as string,
          ]);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A POST on a kept-alive agent: the status and the body as text. */
export function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return send(agent, 'POST', url, headers, body);
}

/** A request with a body (POST, PUT) on a kept-alive agent: the status and the body as text. */
export function send(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(body);
  });
}
