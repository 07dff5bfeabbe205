/**
 * Accept-Language parsing (RFC 9110 §12.5.4) without a library: the header is client input on
 * every request, so the parser is small, bounded and ignores anything malformed.
 */

// Real browsers send under ten entries; a cap keeps a hostile header from costing CPU.
const MAX_ENTRIES = 32
const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

/** Language tags in preference order (q descending, header order on ties); q=0 and `*` dropped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  const entries: { tag: string; q: number }[] = []
  for (const part of header.split(',').slice(0, MAX_ENTRIES)) {
    const [rawTag = '', ...params] = part.split(';').map((p) => p.trim())
    if (!TAG.test(rawTag)) continue // also drops `*`: "any language" adds nothing to the fallback
    let q = 1
    let valid = true
    for (const param of params) {
      const m = QVALUE.exec(param.replace(/\s+/g, ''))
      if (m?.[1] === undefined) {
        valid = false
        break
      }
      q = Number(m[1])
    }
    if (valid && q > 0) entries.push({ tag: rawTag, q })
  }
  // Array.prototype.sort is stable, so equal q keeps the header's order.
  return entries.sort((a, b) => b.q - a.q).map((e) => e.tag)
}
