import { NO_DATA } from '@/lib/market-data/constants'
import type { Change as ChangeFigure } from '@/lib/market-data/format'

/**
 * A 24h change: sign, arrow and colour together (colour is never the only signal). The colour
 * class is rise/fall; which colour that is follows data-updown on <html>.
 */
export function Change({ change }: { change: ChangeFigure | undefined }) {
  if (!change) return <span className="change">{NO_DATA}</span>
  const cls = change.direction === 'up' ? 'rise' : change.direction === 'down' ? 'fall' : 'flat'
  return (
    <span className={`change ${cls}`} data-direction={change.direction}>
      {change.arrow ? <span aria-hidden="true">{change.arrow} </span> : null}
      <bdi>{change.text}</bdi>
    </span>
  )
}
