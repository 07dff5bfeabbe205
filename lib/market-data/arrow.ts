export type Direction = 'up' | 'down' | 'flat'

/** The arrow a change shows with its sign (colour is never the only signal). */
export const CHANGE_ARROW = { up: '▲', down: '▼', flat: '' } as const satisfies Record<Direction, string>
