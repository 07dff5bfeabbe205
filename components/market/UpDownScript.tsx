import { upDownScript } from '@/lib/market-data/updown'

/** Applies the stored rise/fall colour choice before the first paint, as ThemeScript does for the theme. */
export function UpDownScript() {
  return <script dangerouslySetInnerHTML={{ __html: upDownScript() }} />
}
