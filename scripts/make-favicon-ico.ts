// Regenerates public/favicon.ico from public/favicon.svg (run by hand after changing the SVG):
// Chromium draws the SVG at 16, 32 and 48 px and the PNGs are packed into one ICO file, the
// format tools that ask for /favicon.ico expect (docs/decisions/pages.md "Icon and web manifest").
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SIZES = [16, 32, 48]

async function main() {
  const svg = readFileSync('public/favicon.svg', 'utf8')
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
  const pngs: Buffer[] = []
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}"></body>`,
    )
    pngs.push(await page.screenshot({ omitBackground: true }))
    await page.close()
  }
  await browser.close()
  // ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs themselves.
  const header = Buffer.alloc(6 + 16 * pngs.length)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  let offset = header.length
  pngs.forEach((png, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(SIZES[i]!, entry)
    header.writeUInt8(SIZES[i]!, entry + 1)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  writeFileSync('public/favicon.ico', Buffer.concat([header, ...pngs]))
  console.log(`public/favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
