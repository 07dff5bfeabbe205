/**
 * The site's offline page as one self-contained document (docs/decisions/offline.md "The offline
 * page"): no script or stylesheet of a build, so a copy kept for days never points at files that
 * are gone. Two inline scripts: the theme preference, and a reload when the network returns.
 */

export interface OfflineText {
  title: string
  description: string
  retry: string
  home: string
  siteName: string
}

export interface OfflineDocument {
  /** BCP 47 tag for `<html lang>`. */
  locale: string
  dir: 'ltr' | 'rtl'
  /** The markets page of the language, which opens from the worker's cache when it was saved. */
  homePath: string
  themeScript: string
  text: OfflineText
}

/** Marks the offline page's heading, for the worker's tests and the e2e specs. */
export const OFFLINE_PAGE_ATTRIBUTE = 'data-offline-page'

const STYLE =
  ':root,[data-theme=night]{--bg:#0b0e11;--fg:#eaecef;--accent:#f7a600;color-scheme:dark}' +
  '[data-theme=day]{--bg:#fff;--fg:#121214;--accent:#9a6100;color-scheme:light}' +
  "body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}" +
  'main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;margin:0 0 .75rem}' +
  'a{color:var(--accent);display:inline-block;min-height:44px;padding:10px 0;margin-inline-end:1.5rem}'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function offlineDocument({ locale, dir, homePath, themeScript, text }: OfflineDocument): string {
  return (
    `<!doctype html><html lang="${escape(locale)}" dir="${dir}" data-theme="night"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escape(text.title)} · ${escape(text.siteName)}</title><script>${themeScript}</script><style>${STYLE}</style></head>` +
    `<body><main><h1 ${OFFLINE_PAGE_ATTRIBUTE}>${escape(text.title)}</h1><p>${escape(text.description)}</p>` +
    // An empty href is the address the trader asked for: shown in its place, this page retries it.
    `<p><a href="">${escape(text.retry)}</a><a href="${escape(homePath)}">${escape(text.home)}</a></p></main>` +
    "<script>addEventListener('online',function(){location.reload()})</script></body></html>"
  )
}
