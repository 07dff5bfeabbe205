/**
 * Seeded randomness: the simulator never calls Math.random, so a seed (plus the clock, for the
 * change feed) fully determines every answer and a failing test replays exactly.
 */

/** mulberry32: tiny, fast and good enough for test data; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Mixes a seed with labels into a new 32-bit seed (FNV-1a), so that each pair or change gets its
 * own stream: adding a pair to one group does not shift the random values of every other pair.
 */
export function subSeed(seed: number, ...labels: (string | number)[]): number {
  let h = (2166136261 ^ seed) >>> 0
  for (const ch of labels.join('|')) {
    h ^= ch.charCodeAt(0)
    h = Math.imul(h, 16777619) >>> 0
  }
  return h
}

export function randomInt(rng: () => number, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1))
}

export function randomDigits(rng: () => number, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += String(randomInt(rng, 0, 9))
  return out
}

/**
 * A float in [-1, 1) for the integer `n` of the stream `seed`, with no state: the price walk asks
 * for one node of its path at any time without drawing the nodes before it (murmur3's finaliser).
 */
export function hashUnit(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n >>> 0, 0x9e3779b1) ^ Math.imul(Math.floor(n / 4294967296) >>> 0, 0x85ebca6b)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 2147483648 - 1
}
