import { REGION_IDS } from '../regions/regions'
import { LANGUAGES } from './languages'
import { regionDisplayName } from './region-name'

describe('region names for titles', () => {
  it('gives every regional site a distinct name in English', () => {
    const names = REGION_IDS.map((id) => regionDisplayName(id, 'en'))
    expect(names[0]).toBeNull() // main: the site's own name is used
    const regional = names.slice(1)
    expect(regional).toEqual(expect.arrayContaining(['Netherlands', 'Kazakhstan', 'Georgia', 'Indonesia', 'United Arab Emirates', 'European Union']))
    expect(new Set(regional).size).toBe(regional.length)
  })
  it('names the region in the page’s language, for every language’s BCP 47 tag', () => {
    expect(regionDisplayName('tr', 'tr-TR')).toBe('Türkiye')
    expect(regionDisplayName('nl', 'de-DE')).toBe('Niederlande')
    for (const language of Object.values(LANGUAGES)) expect(regionDisplayName('kz', language.locale)).toEqual(expect.any(String))
  })
})
