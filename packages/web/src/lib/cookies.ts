// Reading and writing cookies the same way on the server (from the request header) and in the browser.

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // a malformed value is ignored, as a browser would
    }
  }
  return cookies;
}

/** The cookies a loader may read: the request's header on the server, document.cookie in the browser. */
export function readRequestCookies(request: Request): Record<string, string> {
  if (typeof document !== 'undefined') return parseCookies(document.cookie);
  return parseCookies(request.headers.get('cookie'));
}

export function setCookie(name: string, value: string, days: number): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
