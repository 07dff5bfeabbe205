import { chartPriceFormatter, formatAmount, formatChange, formatDecimal, formatPrice, NO_DATA, displayDecimals } from './format'

describe('formatPrice at the price step', () => {
  it('rounds a decimal string to the step without float noise', () => {
    expect(formatPrice('86950.15', '0.1', 'en')).toBe('86,950.2')
    expect(formatPrice('0.1', '0.00000001', 'en')).toBe('0.10000000')
    expect(formatPrice('123456789012345678.125', '0.01', 'en')).toBe('123,456,789,012,345,678.13')
    expect(formatPrice('12', '1', 'en')).toBe('12')
  })

  it('uses the locale separators with Latin digits', () => {
    expect(formatPrice('86950.1', '0.01', 'de-DE')).toBe('86.950,10')
    expect(formatPrice('86950.1', '0.01', 'ar-AE')).toMatch(/^86.950.10$/)
    expect(formatPrice('86950.1', '0.01', 'ar-AE')).not.toMatch(/[٠-٩]/)
  })

  it('shows a dash, not zero, for a missing or unreadable figure', () => {
    expect(formatPrice(undefined, '0.01', 'en')).toBe(NO_DATA)
    expect(formatPrice('abc', '0.01', 'en')).toBe(NO_DATA)
    expect(formatAmount(undefined, 'en')).toBe(NO_DATA)
  })

  it('writes a limit or step with all its places and grouping, and odd text as it came', () => {
    expect(formatDecimal('4000000', 'en')).toBe('4,000,000')
    expect(formatDecimal('95262207044680369128744022', 'en')).toBe('95,262,207,044,680,369,128,744,022')
    expect(formatDecimal('222223.50', 'de-DE')).toBe('222.223,50')
    expect(formatDecimal('0.00000000001', 'ru-RU')).toBe('0,00000000001')
    expect(formatDecimal('10', 'en')).toBe('10')
    expect(formatDecimal('n/a', 'en')).toBe('n/a')
  })

  it('reads the places a figure is shown with at a step (0 for a bad step)', () => {
    expect(displayDecimals('0.0001')).toBe(4)
    expect(displayDecimals('1')).toBe(0)
    expect(displayDecimals('10')).toBe(0)
    expect(displayDecimals('junk')).toBe(0)
  })
})

describe('formatChange', () => {
  it('carries sign, arrow and direction, not colour alone', () => {
    expect(formatChange('0.0228', 'en')).toEqual({ direction: 'up', text: '+2.28%', arrow: '▲' })
    expect(formatChange('-0.0105', 'en')).toMatchObject({ direction: 'down', arrow: '▼' })
    expect(formatChange('-0.0105', 'en')?.text).toMatch(/^-1\.05%$/)
    expect(formatChange('0', 'en')).toEqual({ direction: 'flat', text: '0.00%', arrow: '' })
    expect(formatChange(undefined, 'en')).toBeUndefined()
  })
})

describe('formatters are built once per locale', () => {
  it('gives the same change text for the same input, in each locale', () => {
    expect(formatChange('0.0228', 'en-US')?.text).toBe('+2.28%')
    expect(formatChange('0.0228', 'de-DE')?.text).toBe('+2,28\u00a0%')
    expect(formatChange('0.0228', 'en-US')?.text).toBe('+2.28%')
  })
})

describe('chartPriceFormatter', () => {
  it('writes a chart price at the pair step as formatPrice does', () => {
    expect(chartPriceFormatter('0.1', 'en')(93519.84)).toBe('93,519.8')
    expect(chartPriceFormatter('0.00000000001', 'en')(0.00000463003)).toBe('0.00000463003')
    expect(chartPriceFormatter('1', 'de-DE')(1234.6)).toBe(formatPrice('1235', '1', 'de-DE'))
  })

  it('writes the same label again from memory, and each price its own', () => {
    const write = chartPriceFormatter('0.01', 'en')
    const first = write(1234.5)
    expect(write(1234.5)).toBe(first)
    expect(write(1234.56)).toBe('1,234.56')
    expect(write(1234.5)).toBe('1,234.50')
    // Past the memory's size it starts again, and still writes each price right.
    for (let i = 0; i < 600; i++) expect(write(i)).toBe(formatPrice(String(i), '0.01', 'en'))
    expect(write(1234.56)).toBe('1,234.56')
    expect(write(Number.NaN)).toBe(NO_DATA)
  })
})
