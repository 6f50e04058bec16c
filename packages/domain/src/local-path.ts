// Where a redirect or a «come back here» link may send a browser: only to a path of this shop, read as the browser
// will read it (WHATWG URL parsing drops tabs and line breaks and takes «\» for «/», so «/\evil.example» and
// «/\t/evil.example» are both «//evil.example», another host).

/** Whether `target` is a path on this origin once a browser has read it. */
export function isLocalPath(target: string): boolean {
  const read = target.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  return read.startsWith('/') && !read.startsWith('//');
}
