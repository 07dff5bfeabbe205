/**
 * Rows the markets table draws until the trader asks for all: a phone shows about ten, a
 * desktop about twenty-five. Drawing (and hydrating, and laying out) every pair of a 600-pair
 * list costs a phone seconds of blocked main thread; search, sort and tabs still see every pair
 * (docs/decisions/pages.md "Markets table: rows drawn").
 */
export const MARKETS_ROWS_DRAWN = 25
