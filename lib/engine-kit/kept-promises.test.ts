import { KeptPromises } from './kept-promises'

describe('KeptPromises', () => {
  it('keeps a resolved promise for every later caller, per key', async () => {
    const kept = new KeptPromises<string>()
    let starts = 0
    const start = () => Promise.resolve(`v${++starts}`)
    const first = kept.get('en', start)
    await expect(first).resolves.toBe('v1')
    expect(kept.get('en', start)).toBe(first)
    await expect(kept.get('tr', start)).resolves.toBe('v2')
  })

  it('forgets a rejected one before its callers hear of it, so the next caller starts afresh', async () => {
    const kept = new KeptPromises<string>()
    let starts = 0
    const start = () => (++starts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve('loaded'))
    const seen = await kept.get('', start).then(
      () => 'resolved',
      () => kept.get('', start),
    )
    expect(seen).toBe('loaded')
    expect(starts).toBe(2)
  })
})
