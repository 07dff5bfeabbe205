import { ageMinutes, markSavedCopy, readRenderedAt, SAVED_COPY_ATTRIBUTE, showsAge } from './marks'
import { OLD_PAGE_MS } from './policy'

const PAGE =
  '<!DOCTYPE html><html lang="en" dir="ltr" data-theme="night"><head></head><body><p class="saved-copy" data-rendered-at="2026-05-01T10:00:00.000Z" hidden=""></p></body></html>'

describe('a page’s age marks (docs/decisions/offline.md "The saved-copy notice")', () => {
  it('reads the render time the server wrote, and nothing from HTML without one', () => {
    expect(readRenderedAt(PAGE)).toBe(Date.parse('2026-05-01T10:00:00.000Z'))
    expect(readRenderedAt('<html><body>robots</body></html>')).toBeNull()
    expect(readRenderedAt('<p data-rendered-at="yesterday"></p>')).toBeNull()
  })

  it('marks the saved document on its <html>, once, and leaves a document without one alone', () => {
    const marked = markSavedCopy(PAGE, Date.parse('2026-05-01T10:05:00.000Z'))
    expect(marked.startsWith(`<!DOCTYPE html><html ${SAVED_COPY_ATTRIBUTE}="2026-05-01T10:05:00.000Z" lang="en"`)).toBe(true)
    expect(marked.match(new RegExp(SAVED_COPY_ATTRIBUTE, 'g'))).toHaveLength(1)
    // `<htmlx` is no <html> tag.
    expect(markSavedCopy('<htmlx>', 0)).toBe('<htmlx>')
  })

  it('counts whole minutes, none for a render ahead of the browser’s clock', () => {
    const rendered = Date.parse('2026-05-01T10:00:00.000Z')
    expect(ageMinutes(rendered, rendered + 59_999)).toBe(0)
    expect(ageMinutes(rendered, rendered + 7 * 60_000 + 1)).toBe(7)
    expect(ageMinutes(rendered, rendered - 120_000)).toBe(0)
  })

  it('shows the age on every saved copy, and on a network answer only past the threshold', () => {
    const rendered = 1_000_000
    expect(showsAge(rendered, rendered + 1000, true, OLD_PAGE_MS)).toBe(true)
    expect(showsAge(rendered, rendered + OLD_PAGE_MS, false, OLD_PAGE_MS)).toBe(false)
    expect(showsAge(rendered, rendered + OLD_PAGE_MS + 1, false, OLD_PAGE_MS)).toBe(true)
  })
})
