import { LANGUAGES, MAIN_LANGUAGES, TURKEY_LANGUAGES } from '../i18n/languages'
import { REGIONS, REGION_IDS, isRegionId } from './regions'

describe('regions (SPEC §1)', () => {
  it('are the nine sites, main first', () => {
    expect(REGION_IDS).toEqual(['main', 'hk', 'nl', 'tr', 'kz', 'eu', 'ge', 'id', 'ae'])
    expect(Object.keys(REGIONS)).toEqual([...REGION_IDS])
  })
  it('the ninth region, ae, has no list of its own and serves the main list', () => {
    expect(REGIONS.ae.languages).toBe(MAIN_LANGUAGES)
    expect(REGIONS.ae.languages).toEqual(expect.arrayContaining(['en', 'ar-SA']))
    expect(REGIONS.tr.languages).toBe(TURKEY_LANGUAGES)
  })
  it.each(REGION_IDS)('%s: its English is in its list, is English, and is its default', (id) => {
    const region = REGIONS[id]
    expect(region.id).toBe(id)
    expect(region.name).not.toBe('')
    expect(region.languages).toContain(region.english)
    expect(LANGUAGES[region.english].messages).toBe('en')
    expect(region.defaultLanguage).toBe(region.english)
  })
  it('names the regional Englishes', () => {
    expect(REGION_IDS.map((id) => REGIONS[id].english)).toEqual(['en', 'en-HK', 'en-NL', 'en-TR', 'en-KAZ', 'en-EU', 'en-GEO', 'en-IDN', 'en'])
  })
  it('recognises only its own ids', () => {
    expect(isRegionId('tr')).toBe(true)
    expect(isRegionId('TR')).toBe(false)
    expect(isRegionId('us')).toBe(false)
  })
})
