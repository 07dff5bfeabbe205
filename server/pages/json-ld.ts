import type { DerivedSymbol } from '@/lib/symbols/derive'

/**
 * schema.org description of a pair page for crawlers. Serialised with `<` escaped so a token
 * name can never close the surrounding <script> element.
 */
export function pairJsonLd(pair: DerivedSymbol, url: string, name: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FinancialProduct',
    name,
    url,
    category: 'Spot trading pair',
    identifier: pair.symbolId,
    image: pair.iconUrl,
    description: `${pair.tokenFullName} (${pair.baseTokenName}) / ${pair.quoteTokenName}`,
    provider: { '@type': 'Organization', name: 'Spot' },
  }
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
