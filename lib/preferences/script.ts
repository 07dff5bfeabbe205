/**
 * The inline script that applies a stored display preference (theme, rise/fall colours) to
 * <html> before the first paint. The cookie is read first. localStorage is read only when the
 * browser refuses cookies: the switches write both, so with cookies on a missing cookie means no
 * choice, and a first visit never waits for the storage's first open, which on a fresh profile
 * takes 1–13 ms before the first paint (docs/decisions/site-routing.md "Theme default and storage").
 * A value other than `values` is ignored.
 */
export function preferenceScript(key: string, values: readonly string[], attribute: string): string {
  const pattern = values.join('|')
  return `try{var m=document.cookie.match(/(?:^|;\\s*)${key}=(${pattern})(?:;|$)/);var v=m?m[1]:navigator.cookieEnabled?null:localStorage.getItem('${key}');if(/^(${pattern})$/.test(v))document.documentElement.setAttribute('${attribute}',v)}catch(e){}`
}
