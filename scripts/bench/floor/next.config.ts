import type { NextConfig } from 'next'

// Next's defaults, as a new app has them: the floor measures what Next itself costs a page.
const config: NextConfig = {}

export default config
