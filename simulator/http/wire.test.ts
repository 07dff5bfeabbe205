import { PATH, resultOf, startTestSim, type Compact, type TestSim, type WireGroup } from '../testkit'

// The table of docs/wire.md, written out again so the test fails if wire.ts drifts from it.
const WIRE_TABLE: Record<string, string> = {
  symbolId: 'si',
  symbolName: 'sn',
  baseTokenId: 'bti',
  baseTokenName: 'btn',
  quoteTokenId: 'qti',
  quoteTokenName: 'qtn',
  basePrecision: 'bp',
  quotePrecision: 'qp',
  minTradeQuantity: 'mq',
  minTradeAmount: 'ma',
  minPricePrecision: 'mpp',
  digitMerge: 'dm',
  showStatus: 'ss',
  label: 'lb',
  allowPlan: 'ap',
  maxTradeQuantity: 'xq',
  maxTradeAmount: 'xa',
  noticeVisible: 'nv',
  symbolType: 'st',
  ltUnderlying: 'lu',
  ltDirection: 'ld',
  tags: 'tg',
  tokenFullName: 'tfn',
  iconUrl: 'iu',
  iconDayUrl: 'idu',
  onlineTime: 'ot',
  mark: 'mk',
  quoteTokenLeverageRatio: 'qlr',
  baseTokenLeverageRatio: 'blr',
  loanEnabled: 'le',
  isTest: 'it',
  isBanBuy: 'bb',
  isBanSell: 'bs',
  tradeStatus: 'ts',
  zeroFeeType: 'zf',
  limitOrderPriceLimitPercentage: 'lpl',
  marketOrderPriceLimitPercentage: 'mpl',
  volume: 'v',
}
const V3_KEYS = ['si', 'sn', 'tfn', 'ss', 'lb', 'tg', 'ts', 'zf', 'mk', 'v', 'bb', 'bs', 'nv']
const ALL_KEYS = ['si', ...Object.values(WIRE_TABLE).filter((k) => !V3_KEYS.includes(k))]

let t: TestSim
beforeAll(async () => {
  t = await startTestSim()
})
afterAll(() => t.sim.close())

const v3 = async (query = '') => resultOf((await t.json('main', PATH.v3 + query)).body)
const allList = async (query = '') => resultOf((await t.json('main', PATH.all + query)).body) as { quoteTokenSymbols: Compact[]; lastModifiedTime: number }
const v2Pairs = async () =>
  (resultOf((await t.json('main', PATH.v2)).body).quoteTokenResult as { quoteTokenSymbols: Record<string, unknown>[] }[]).flatMap((g) => g.quoteTokenSymbols)
const v3Pairs = async () => ((await v3()).quoteTokenResult as WireGroup[]).flatMap((g) => g.quoteTokenSymbols)

describe('wire encoding over HTTP', () => {
  it('wraps answers in the documented envelope', async () => {
    const { status, body } = await t.json('main', PATH.t1)
    expect(status).toBe(200)
    expect(body).toEqual({ ret_code: 0, ret_msg: 'OK', result: {}, ext_code: '', ext_info: null, time_now: (t.clock.t / 1000).toFixed(3) })
    expect(Object.keys(body)).toEqual(['ret_code', 'ret_msg', 'result', 'ext_code', 'ext_info', 'time_now'])
  })

  it('sends exactly the fast-changing keys in v3 and the rest in the all-list', async () => {
    const [fast, slow] = [await v3Pairs(), (await allList()).quoteTokenSymbols]
    // Both lists hold every pair: the per-pair checks below cannot pass on an empty answer.
    expect([fast.length, slow.length]).toEqual([t.sim.state().pairCount, t.sim.state().pairCount])
    for (const p of fast) expect(Object.keys(p)).toEqual(V3_KEYS)
    for (const p of slow) expect(Object.keys(p).sort()).toEqual([...ALL_KEYS].sort())
    expect(new Set([...V3_KEYS, ...ALL_KEYS])).toEqual(new Set(Object.values(WIRE_TABLE)))
  })

  it('round-trips: all-list merged with v3 and mapped to long names is the v2 pair', async () => {
    const slow = new Map((await allList()).quoteTokenSymbols.map((p) => [p.si, p]))
    const fast = await v3Pairs()
    const full = await v2Pairs()
    expect(fast.map((p) => p.si)).toEqual(full.map((p) => p.symbolId))
    expect(fast).toHaveLength(t.sim.state().pairCount)
    const toLong = (compact: Record<string, unknown>) => Object.fromEntries(Object.entries(WIRE_TABLE).map(([long, short]) => [long, compact[short]]))
    fast.forEach((p, i) => {
      const merged = { ...slow.get(p.si), ...p }
      expect(Object.keys(merged)).toHaveLength(Object.keys(WIRE_TABLE).length)
      expect(toLong(merged)).toEqual(full[i])
    })
  })

  it('describes each group with its tags', async () => {
    const groups = (await v3()).quoteTokenResult as WireGroup[]
    expect(groups.map((g) => g.tokenId)).toEqual(['USDT', 'USDC', 'BTC', 'ETH', 'DAI', 'EUR', 'TRY', 'BRL'])
    expect(groups.filter((g) => g.tokenType === 'REAL_MONEY').map((g) => g.tokenId)).toEqual(['EUR', 'TRY', 'BRL'])
    for (const g of groups) {
      const used = new Set(g.quoteTokenSymbols.flatMap((p) => p.tg as string[]))
      expect(new Set(g.quoteTags)).toEqual(used)
    }
    expect(groups[0]).toMatchObject({ tokenName: 'USDT', tokenFullName: 'Tether USD', zeroFeeType: 0 })
  })

  it('answers a v3 request with the current version by the version alone', async () => {
    const { version } = await v3()
    expect(typeof version).toBe('string')
    expect(await v3(`?version=${version}`)).toEqual({ version })
    expect((await v3('?version=stale')).quoteTokenResult).toHaveLength(8)
  })

  it('follows the clock: a delta holds exactly the changed pairs and delistings disappear', async () => {
    const base = await allList()
    const v2Before = new Map((await v2Pairs()).map((p) => [p.symbolId as string, JSON.stringify(p)]))
    const { version } = await v3()

    t.clock.t += 3 * 60_000 // a listing, a delisting and a status change
    const v2After = new Map((await v2Pairs()).map((p) => [p.symbolId as string, JSON.stringify(p)]))
    const added = [...v2After.keys()].filter((si) => !v2Before.has(si))
    const removed = [...v2Before.keys()].filter((si) => !v2After.has(si))
    const changed = [...v2After.keys()].filter((si) => v2Before.has(si) && v2Before.get(si) !== v2After.get(si))
    expect([added.length, removed.length, changed.length]).toEqual([1, 1, 1])

    const delta = await allList(`?last_modified_at=${base.lastModifiedTime}`)
    expect(delta.quoteTokenSymbols.map((p) => p.si).sort()).toEqual([...added, ...changed].sort())
    expect(delta.lastModifiedTime).toBe(t.clock.t)
    expect((await allList(`?last_modified_at=${delta.lastModifiedTime}`)).quoteTokenSymbols).toEqual([])

    const gone = removed[0] ?? ''
    expect((await v3Pairs()).map((p) => p.si)).not.toContain(gone)
    expect((await allList()).quoteTokenSymbols.map((p) => p.si)).not.toContain(gone)
    // The version held before the change is stale now: it gets the whole list, not "same version".
    const afterChange = await v3(`?version=${version}`)
    expect(afterChange.version).not.toBe(version)
    expect((afterChange.quoteTokenResult as WireGroup[]).flatMap((g) => g.quoteTokenSymbols)).toHaveLength(v2After.size)
  })

  it('answers the probes and getproxy', async () => {
    expect((await t.json('fastPath', PATH.hatsT1)).body).toMatchObject({ ret_code: 0, result: {} })
    expect((await t.json('main', PATH.getproxy)).body).toEqual({ err_code: 0, err_msg: '', result: { res_code: 1, monitor_switch: 1 } })
    // The fast-path host also serves the API, so rewritten requests land.
    expect((await t.json('fastPath', PATH.v3)).body.ret_code).toBe(0)
    expect((await t.json('main', PATH.hatsT1)).status).toBe(404)
  })
})
