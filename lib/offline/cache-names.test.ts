import { CURRENT_CACHES, outdatedCaches } from './cache-names'

describe('a new build’s worker takes over (docs/decisions/offline.md "A new build takes over")', () => {
  it('deletes the site’s caches of older schemas and leaves the current ones and Serwist’s own', () => {
    const names = ['spot-pages-v0', 'spot-static-v0', ...CURRENT_CACHES, 'serwist-precache-v2-https://x.test/']
    expect(outdatedCaches(names, CURRENT_CACHES)).toEqual(['spot-pages-v0', 'spot-static-v0'])
    expect(outdatedCaches([...CURRENT_CACHES], CURRENT_CACHES)).toEqual([])
  })
})
