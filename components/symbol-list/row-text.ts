/**
 * The texts of a markets row, translated once per table render instead of once per row: a
 * message with one plain argument ("Add {pair} to favourites") is formatted with a placeholder
 * and filled per row by string replacement, so fifty rows cost one ICU format each, not fifty
 * (docs/decisions/pages.md "Rendering without long tasks").
 */
export interface RowText {
  addFavourite: (pair: string) => string
  removeFavourite: (pair: string) => string
  leveragedLong: (ratio: string) => string
  leveragedShort: (ratio: string) => string
  testPair: string
  trading: string
  suspended: string
  banBuy: string
  banSell: string
}

/** A private-use character: never in a translation, so it marks only the argument's place. */
const SLOT = '\uE000'

/** A one-argument message as a function of that argument. */
function filler(format: (value: string) => string): (value: string) => string {
  const parts = format(SLOT).split(SLOT)
  return (value) => parts.join(value)
}

type Translate = (
  key: 'addFavourite' | 'removeFavourite' | 'leveragedLong' | 'leveragedShort' | 'testPair' | 'trading' | 'suspended' | 'banBuy' | 'banSell',
  values?: Record<string, string>,
) => string

export function rowTextOf(t: Translate): RowText {
  return {
    addFavourite: filler((pair) => t('addFavourite', { pair })),
    removeFavourite: filler((pair) => t('removeFavourite', { pair })),
    leveragedLong: filler((ratio) => t('leveragedLong', { ratio })),
    leveragedShort: filler((ratio) => t('leveragedShort', { ratio })),
    testPair: t('testPair'),
    trading: t('trading'),
    suspended: t('suspended'),
    banBuy: t('banBuy'),
    banSell: t('banSell'),
  }
}
