/** A minimal cookie jar for driving redirect flows with fetch in tests. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
        if (expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/** fetch without following redirects, sending and storing the jar's cookies. */
export async function fetchWith(
  jar: ReturnType<typeof cookieJar>,
  url: string,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}
