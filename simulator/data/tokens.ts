/**
 * Hand-written base tokens, roughly in market-cap order, with a rough USD price (late 2025) that
 * drives precisions, limits and volumes. Pair tags come from here; "new" is added from the
 * listing date (pairs.ts) and "leveraged" for leveraged tokens.
 */

export interface TokenInfo {
  id: string
  fullName: string
  usd: number
  tags: string[]
}

type Row = [id: string, fullName: string, usd: number, tags: string]

/** Listed at start, in this order: groups take the first N tokens their quote allows. */
const LISTED: Row[] = [
  ['BTC', 'Bitcoin', 95_000, 'layer1 hot'], ['ETH', 'Ethereum', 3_200, 'layer1 hot'],
  ['USDT', 'Tether USD', 1, 'stablecoin'], ['XRP', 'XRP', 2.2, 'layer1 hot'], ['BNB', 'BNB', 920, 'layer1'],
  ['SOL', 'Solana', 140, 'layer1 hot'], ['USDC', 'USD Coin', 1, 'stablecoin'], ['TRX', 'TRON', 0.28, 'layer1'],
  ['DOGE', 'Dogecoin', 0.16, 'meme hot'], ['ADA', 'Cardano', 0.48, 'layer1'], ['HYPE', 'Hyperliquid', 38, 'defi hot'],
  ['LINK', 'Chainlink', 14, 'defi'], ['BCH', 'Bitcoin Cash', 480, 'layer1'], ['XLM', 'Stellar', 0.25, 'layer1'],
  ['SUI', 'Sui', 1.7, 'layer1'], ['AVAX', 'Avalanche', 15, 'layer1'], ['LTC', 'Litecoin', 90, 'layer1'],
  ['HBAR', 'Hedera', 0.15, 'layer1'], ['SHIB', 'Shiba Inu', 0.0000088, 'meme'], ['TON', 'Toncoin', 1.8, 'layer1'],
  ['DOT', 'Polkadot', 2.6, 'layer1'], ['UNI', 'Uniswap', 6.5, 'defi'], ['DAI', 'Dai', 1, 'stablecoin defi'],
  ['CRO', 'Cronos', 0.11, 'layer1'], ['MNT', 'Mantle', 1.3, 'layer2'], ['AAVE', 'Aave', 180, 'defi'],
  ['NEAR', 'NEAR Protocol', 2.1, 'layer1 ai'], ['PEPE', 'Pepe', 0.0000045, 'meme hot'], ['ENA', 'Ethena', 0.28, 'defi'],
  ['ICP', 'Internet Computer', 4.5, 'layer1 ai'], ['APT', 'Aptos', 2.9, 'layer1'], ['ONDO', 'Ondo', 0.55, 'rwa defi'],
  ['ETC', 'Ethereum Classic', 13, 'layer1'], ['POL', 'Polygon', 0.14, 'layer2'], ['WLD', 'Worldcoin', 0.62, 'ai'],
  ['TAO', 'Bittensor', 300, 'ai hot'], ['ARB', 'Arbitrum', 0.22, 'layer2'], ['KAS', 'Kaspa', 0.05, 'layer1'],
  ['ALGO', 'Algorand', 0.14, 'layer1'], ['FIL', 'Filecoin', 1.7, ''], ['ATOM', 'Cosmos', 2.6, 'layer1'],
  ['VET', 'VeChain', 0.015, 'layer1'], ['RENDER', 'Render', 2, 'ai'], ['SEI', 'Sei', 0.16, 'layer1'],
  ['BONK', 'Bonk', 0.0000098, 'meme'], ['JUP', 'Jupiter', 0.26, 'defi'], ['OP', 'Optimism', 0.33, 'layer2'],
  ['FET', 'Artificial Superintelligence Alliance', 0.25, 'ai'], ['INJ', 'Injective', 6, 'defi'],
  ['TIA', 'Celestia', 0.7, 'layer1'], ['STX', 'Stacks', 0.3, 'layer2'], ['IMX', 'Immutable', 0.35, 'gaming layer2'],
  ['GRT', 'The Graph', 0.05, 'defi ai'], ['FLOKI', 'Floki', 0.00005, 'meme'], ['WIF', 'dogwifhat', 0.38, 'meme'],
  ['PENGU', 'Pudgy Penguins', 0.012, 'meme'], ['TRUMP', 'OFFICIAL TRUMP', 6.5, 'meme'], ['LDO', 'Lido DAO', 0.7, 'defi'],
  ['CRV', 'Curve DAO', 0.45, 'defi'], ['QNT', 'Quant', 80, ''], ['SAND', 'The Sandbox', 0.17, 'gaming'],
  ['MANA', 'Decentraland', 0.17, 'gaming'], ['AXS', 'Axie Infinity', 1.1, 'gaming'], ['GALA', 'Gala', 0.009, 'gaming'],
  ['THETA', 'Theta Network', 0.4, ''], ['EGLD', 'MultiversX', 8, 'layer1'], ['XTZ', 'Tezos', 0.55, 'layer1'],
  ['FLOW', 'Flow', 0.25, 'layer1'], ['EOS', 'EOS', 0.5, 'layer1'], ['SKY', 'Sky', 0.06, 'defi'],
  ['KAIA', 'Kaia', 0.1, 'layer1'], ['JASMY', 'JasmyCoin', 0.009, ''], ['PYTH', 'Pyth Network', 0.09, 'defi'],
  ['STRK', 'Starknet', 0.13, 'layer2'], ['ZK', 'ZKsync', 0.05, 'layer2'], ['BLUR', 'Blur', 0.05, ''],
  ['CAKE', 'PancakeSwap', 2.4, 'defi'], ['COMP', 'Compound', 35, 'defi'], ['SNX', 'Synthetix', 0.7, 'defi'],
  ['1INCH', '1inch', 0.18, 'defi'], ['ENS', 'Ethereum Name Service', 11, ''], ['CHZ', 'Chiliz', 0.03, ''],
  ['APE', 'ApeCoin', 0.35, 'meme gaming'], ['MINA', 'Mina', 0.15, 'layer1'], ['ROSE', 'Oasis', 0.015, 'layer1'],
  ['ZIL', 'Zilliqa', 0.007, 'layer1'], ['KSM', 'Kusama', 9, 'layer1'], ['IOTA', 'IOTA', 0.12, 'layer1'],
  ['NEO', 'NEO', 4.5, 'layer1'], ['ORDI', 'ORDI', 4, 'meme'], ['NOT', 'Notcoin', 0.0007, 'gaming'],
  ['DOGS', 'DOGS', 0.00004, 'meme'], ['HMSTR', 'Hamster Kombat', 0.0003, 'gaming'], ['CATI', 'Catizen', 0.07, 'gaming'],
  ['MEW', 'cat in a dogs world', 0.0015, 'meme'], ['POPCAT', 'Popcat', 0.12, 'meme'],
  ['BOME', 'BOOK OF MEME', 0.0009, 'meme'], ['W', 'Wormhole', 0.05, ''], ['ETHFI', 'ether.fi', 0.8, 'defi'],
  ['EIGEN', 'EigenCloud', 0.6, 'defi'], ['AR', 'Arweave', 4.5, 'ai'], ['AKT', 'Akash Network', 0.6, 'ai'],
  ['VIRTUAL', 'Virtuals Protocol', 1, 'ai hot'], ['AIXBT', 'aixbt', 0.06, 'ai'], ['IO', 'io.net', 0.3, 'ai'],
  ['ARKM', 'Arkham', 0.25, 'ai'], ['GLM', 'Golem', 0.22, 'ai'], ['RSR', 'Reserve Rights', 0.004, 'rwa'],
  ['PENDLE', 'Pendle', 2.6, 'defi'], ['GMX', 'GMX', 9, 'defi'], ['DYDX', 'dYdX', 0.3, 'defi'],
  ['SUSHI', 'SushiSwap', 0.45, 'defi'], ['YFI', 'yearn.finance', 4_300, 'defi'], ['BAL', 'Balancer', 0.8, 'defi'],
  ['ZRX', '0x Protocol', 0.17, 'defi'], ['BAT', 'Basic Attention Token', 0.2, ''], ['ONE', 'Harmony', 0.006, 'layer1'],
  ['CELO', 'Celo', 0.2, 'layer1'], ['ANKR', 'Ankr', 0.009, ''], ['SKL', 'SKALE', 0.014, 'layer2'],
  ['MASK', 'Mask Network', 0.7, ''], ['LRC', 'Loopring', 0.06, 'layer2'], ['CFX', 'Conflux', 0.08, 'layer1'],
  ['ACH', 'Alchemy Pay', 0.01, ''], ['MAGIC', 'Treasure', 0.1, 'gaming'], ['ILV', 'Illuvium', 9, 'gaming'],
  ['YGG', 'Yield Guild Games', 0.1, 'gaming'], ['PIXEL', 'Pixels', 0.015, 'gaming'], ['PORTAL', 'Portal', 0.03, 'gaming'],
  ['SUPER', 'SuperVerse', 0.4, 'gaming'], ['RON', 'Ronin', 0.25, 'gaming'], ['BEAM', 'Beam', 0.005, 'gaming'],
  ['MOVE', 'Movement', 0.05, 'layer1'], ['BERA', 'Berachain', 1.2, 'layer1'], ['KAITO', 'KAITO', 0.8, 'ai'],
  ['PUMP', 'Pump.fun', 0.0035, 'meme'], ['WLFI', 'World Liberty Financial', 0.14, 'defi'], ['XPL', 'Plasma', 0.2, 'layer1'],
  ['LINEA', 'Linea', 0.01, 'layer2'], ['TURBO', 'Turbo', 0.002, 'meme'], ['NEIRO', 'Neiro', 0.00015, 'meme'],
  ['BABYDOGE', 'Baby Doge Coin', 0.0000000012, 'meme'], ['SATS', 'SATS', 0.00000002, 'meme'],
  ['LUNC', 'Terra Classic', 0.00004, ''], ['USTC', 'TerraClassicUSD', 0.007, ''],
  ['FDUSD', 'First Digital USD', 1, 'stablecoin'], ['PYUSD', 'PayPal USD', 1, 'stablecoin'],
  ['XAUT', 'Tether Gold', 4_000, 'rwa'], ['PAXG', 'PAX Gold', 4_000, 'rwa'], ['WBTC', 'Wrapped Bitcoin', 95_000, ''],
  ['STETH', 'Lido Staked ETH', 3_200, 'defi'], ['CORE', 'Core', 0.4, 'layer1'], ['ASTR', 'Astar', 0.02, 'layer1'],
  ['GMT', 'STEPN', 0.02, 'gaming'], ['ID', 'SPACE ID', 0.12, ''], ['ZRO', 'LayerZero', 1.4, ''],
  ['MOCA', 'Moca Network', 0.05, 'gaming'], ['SAFE', 'Safe', 0.2, ''], ['OM', 'MANTRA', 0.1, 'rwa'],
  ['PLUME', 'Plume', 0.05, 'rwa'],
]

/** Not listed at start: the change feed lists these first (feed.ts), then synthetic ones. */
const UPCOMING: Row[] = [
  ['ZORA', 'Zora', 0.06, 'layer2'], ['HOME', 'Defi App', 0.03, 'defi'], ['SOPH', 'Sophon', 0.03, 'layer2'],
  ['LAYER', 'Solayer', 0.3, 'layer1'], ['IP', 'Story', 3, 'ai'], ['RED', 'RedStone', 0.3, 'defi'],
  ['ANIME', 'Animecoin', 0.01, 'meme'], ['SONIC', 'Sonic SVM', 0.15, 'gaming'], ['SAHARA', 'Sahara AI', 0.08, 'ai'],
  ['NEWT', 'Newton', 0.2, 'ai'], ['TREE', 'Treehouse', 0.2, 'defi'], ['BARD', 'Lombard', 0.8, 'defi'],
  ['MITO', 'Mitosis', 0.1, 'defi'], ['AVNT', 'Avantis', 0.6, 'defi'], ['HOLO', 'Holoworld AI', 0.15, 'ai'],
  ['OPEN', 'OpenLedger', 0.4, 'ai'], ['ASTER', 'Aster', 1.1, 'defi hot'], ['WAL', 'Walrus', 0.2, ''],
  ['KMNO', 'Kamino', 0.05, 'defi'], ['DEEP', 'DeepBook', 0.06, 'defi'],
]

/** Leveraged tokens exist for these underlyings, a 3x LONG and a 3x SHORT each, quoted in USDT. */
export const LEVERAGED_UNDERLYINGS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'ADA', 'LINK', 'AVAX', 'DOT', 'LTC', 'SUI', 'PEPE']

const toInfo = ([id, fullName, usd, tags]: Row): TokenInfo => ({ id, fullName, usd, tags: tags.split(' ').filter(Boolean) })

export const LISTED_TOKENS: readonly TokenInfo[] = LISTED.map(toInfo)
export const UPCOMING_TOKENS: readonly TokenInfo[] = UPCOMING.map(toInfo)
