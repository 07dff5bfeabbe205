import { readMarketingParams } from './marketing'

describe('readMarketingParams (SPEC §9)', () => {
  it('reads the utm_* parameters and their ga_* forms, and nothing else', () => {
    expect(
      readMarketingParams(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=btc&utm_content=top&ga_source=g&ga_medium=cpc&gclid=123&ref=abc',
      ),
    ).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'btc',
      utm_content: 'top',
      ga_source: 'g',
      ga_medium: 'cpc',
    })
  })

  it('works without the leading "?" and decodes values', () => {
    expect(readMarketingParams('utm_source=Tw%C3%BCtter+Ads&ga_campaign=a%26b')).toEqual({ utm_source: 'Twütter Ads', ga_campaign: 'a&b' })
  })

  it('keeps the first of repeated keys, matches key case-insensitively, drops empty values', () => {
    expect(readMarketingParams('?UTM_Source=first&utm_source=second&utm_medium=&ga_term=%20%20')).toEqual({ utm_source: 'first' })
  })

  it('cuts long values and strips control characters', () => {
    const params = readMarketingParams(`?utm_campaign=${'c'.repeat(300)}&utm_term=a%0Ab%00c`)
    expect(params.utm_campaign).toHaveLength(128)
    expect(params.utm_term).toBe('abc')
  })

  it('returns nothing for an empty or unrelated query', () => {
    expect(readMarketingParams('')).toEqual({})
    expect(readMarketingParams('?a=1&b=2')).toEqual({})
  })
})
