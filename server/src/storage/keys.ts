// Storage keys and the URLs they are published under, the same for every storage.

/** Keys are relative paths of letters, digits, '-', '_' and '.' between single slashes. */
const KEY = /^[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*$/;

export const isKey = (key: string): boolean => KEY.test(key);

/** Throws (code 'EINVAL') unless `key` is a storage key. */
export function checkKey(key: string): string {
  if (!isKey(key)) throw Object.assign(new Error(`not a storage key: ${JSON.stringify(key)}`), { code: 'EINVAL' });
  return key;
}

/**
 * The key of `url` when it lies below `base` ('/media' or an absolute URL, no trailing slash),
 * else null. Our URLs may come back with the page's cache-busting query (`?t=…`), a signature
 * query, or made absolute by the browser: all map to the key. An absolute URL must match an
 * absolute base in origin too; a relative base matches any origin's path.
 */
export function keyUnderBase(url: string, base: string): string | null {
  const absoluteBase = !base.startsWith('/');
  const basePath = absoluteBase ? new URL(base).pathname.replace(/\/+$/, '') : base;
  let path: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    path = url.split(/[?#]/)[0] ?? '';
  } else {
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    if (absoluteBase && parsed.origin !== new URL(base).origin) return null;
    path = parsed.pathname;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (!decoded.startsWith(`${basePath}/`)) return null;
  const key = decoded.slice(basePath.length + 1);
  return isKey(key) ? key : null;
}
