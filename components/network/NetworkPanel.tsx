'use client'

import { memo, useDeferredValue, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLocale, useTranslations } from 'next-intl'
import { ROUTE_HOSTS, ROUTE_MODES, type RouteHost, type RouteMode } from '@/lib/route-chooser/constants'
import { ROUTE_PROBE_FAILURE_MS } from '@/lib/route-chooser/constants'
import { Sparkline } from './Sparkline'
import { useNetwork } from './useNetwork'
import { useClientRuntime } from '../runtime/ClientRuntime'
import type { FastPathSnapshot } from '@/lib/fastpath'
import type { RouteSnapshot } from '@/lib/route-chooser'
import type { NetworkEngines } from '@/lib/browser-runtime/network'
import type { PriceGap } from '@/lib/market-data/live-state'
import { useLiveState } from '../market/useLiveState'
import { bookHealth } from '../book/book-health'

const HOST_LABEL = { main: 'mainHost', alt1: 'alt1', alt2: 'alt2' } as const
const FAST_PATH_LABEL = { off: 'fastPathOff', global: 'fastPathGlobal', whitelist: 'fastPathWhitelist' } as const

/**
 * The header's network panel: hosts with recent probe times, the route, the fast path. It is
 * there from the first paint with a summary that never changes size; what the engines find
 * appears inside it (docs/decisions/pages.md "Touch targets, phone columns and contrast"). Closed, it
 * follows nothing: the engines' snapshots change with every probe, and a body nobody sees would
 * re-render each time (docs/decisions/pages.md "One render per flush"); opened, it shows the
 * engines' current state at once and follows them while open.
 */
export function NetworkPanel() {
  const t = useTranslations('Network')
  const [open, setOpen] = useState(false)
  const panel = useRef<HTMLDetailsElement>(null)
  // Opened before hydration (a native toggle, which React did not see): followed from hydration on.
  useEffect(() => {
    if (panel.current?.open) setOpen(true)
  }, [])
  return (
    <details ref={panel} className="network-panel" data-testid="network-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('title')}</summary>
      <div className="network-body">
        {open ? (
          <>
            <NetworkFollower />
            <PriceGaps />
            <BookHealthView />
          </>
        ) : null}
      </div>
    </details>
  )
}

function NetworkFollower() {
  const runtime = useClientRuntime()
  const { engines, route, fastPath } = useNetwork()
  // The engines' snapshots arrive through useSyncExternalStore, whose renders are synchronous:
  // the panel follows them in a deferred render instead, which React slices into short tasks
  // (the engines' start mounted the whole body in one; docs/decisions/pages.md "Rendering without long tasks").
  // The chosen mode is not deferred: the radios are controlled inputs, and React puts a clicked
  // radio back to its rendered state at the end of the click unless that render already has the
  // new mode (a deferred one would uncheck the user's choice until the transition lands).
  const shownEngines = useDeferredValue(engines)
  const shownRoute = useDeferredValue(route)
  const shownFastPath = useDeferredValue(fastPath)
  // fe.crossApi: every call goes through the site's /x-api; there is no route to choose or probe.
  if (runtime.crossApi()) return <CrossApiRoute />
  return <NetworkBody engines={shownEngines} route={shownRoute} fastPath={shownFastPath} mode={route?.mode ?? null} />
}

/**
 * Whether prices are live, and the page's last gaps with their cause and length: each gap once,
 * as the runtime's live state records it (docs/decisions/client-wiring.md "An honest live state").
 */
function PriceGaps() {
  const t = useTranslations('Network')
  const tMarket = useTranslations('Market')
  const locale = useLocale()
  const { state, gaps } = useLiveState()
  const cause = (gap: PriceGap) => (gap.cause === 'offline' ? tMarket('offline') : gap.cause === 'silent' ? t('gapSilent') : t('gapFailed'))
  const seconds = (ms: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 0 }).format(ms / 1000)
  return (
    <div className="price-gaps" data-testid="price-gaps" data-state={state} data-gaps={gaps.length}>
      <p>
        {t('prices')}: {state === 'stale' ? tMarket('offline') : state === 'live' ? tMarket('live') : '—'}
      </p>
      {gaps.length === 0 ? (
        <p className="muted">{t('noGaps')}</p>
      ) : (
        <ol>
          {gaps.map((gap) => (
            <li key={gap.from} data-cause={gap.cause} data-duration-ms={gap.to === null ? '' : gap.to - gap.from}>
              {cause(gap)} · <time dateTime={new Date(gap.from).toISOString()}>{new Date(gap.from).toLocaleTimeString(locale, { timeZone: 'UTC' })}</time>
              {gap.to === null ? ' …' : ` · ${seconds(gap.to - gap.from)}`}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

/**
 * The order book's health, on a pair page once its book is shown: gaps in its update ids (counted,
 * not acted on) and its resync incidents, each once with its cause (lib/market-data/order-book.ts).
 */
function BookHealthView() {
  const t = useTranslations('Network')
  const locale = useLocale()
  const health = useSyncExternalStore(bookHealth.subscribe, bookHealth.getSnapshot, () => null)
  if (!health) return null
  return (
    <div
      className="book-health"
      data-testid="book-health"
      data-gaps={health.gaps.count}
      data-incidents={health.incidents.length}
      data-dropped={health.dropped['not-newer']}
    >
      <p>
        {health.title}: {t('bookGaps', { count: health.gaps.count })}
      </p>
      {health.incidents.length > 0 ? (
        <ol>
          {health.incidents.map((incident) => (
            <li key={incident.at} data-cause={incident.cause} data-attempts={incident.attempts}>
              {incident.cause === 'crossed' ? t('causeCrossed') : t('causeMalformed')} ·{' '}
              <time dateTime={new Date(incident.at).toISOString()}>{new Date(incident.at).toLocaleTimeString(locale, { timeZone: 'UTC' })}</time> ·{' '}
              {t('bookResyncs', { count: incident.attempts })}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}

function CrossApiRoute() {
  const t = useTranslations('Network')
  return (
    <p>
      {t('route')}:{' '}
      <span data-testid="route-host" data-host="x-api" data-mode="x-api">
        {t('crossApi')}
      </span>
    </p>
  )
}

const NetworkBody = memo(function NetworkBody({
  engines,
  route,
  fastPath,
  mode: chosenMode,
}: {
  engines: NetworkEngines | null
  route: RouteSnapshot | null
  fastPath: FastPathSnapshot | null
  mode: RouteMode | null
}) {
  const t = useTranslations('Network')
  const tErrors = useTranslations('Errors')
  if (!engines || !route) return <p className="muted">{t('checking')}</p>
  const label = (mode: RouteMode) => (mode === 'auto' ? t('automatic') : t(HOST_LABEL[mode]))
  const slowest = Math.max(200, ...ROUTE_HOSTS.flatMap((h) => route.hosts[h].history.filter((ms) => ms < ROUTE_PROBE_FAILURE_MS)))

  return (
    <>
      <p>
        {t('route')}:{' '}
        <span data-testid="route-host" data-host={route.host} data-mode={route.mode}>
          {t(HOST_LABEL[route.host])}
        </span>
        {fastPath ? (
          <span className="mark" data-testid="fast-path-state" data-state={fastPath.state} data-route={fastPath.route?.host ?? ''}>
            {t('fastPath')}: {t(FAST_PATH_LABEL[fastPath.state])}
          </span>
        ) : null}
      </p>
      <fieldset>
        <legend>{t('route')}</legend>
        {ROUTE_MODES.map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="route-mode"
              value={mode}
              checked={chosenMode === mode}
              onChange={() => engines.chooser.setMode(mode)}
              data-testid={`route-mode-${mode}`}
            />
            {label(mode)}
          </label>
        ))}
      </fieldset>
      <ul className="hosts">
        {ROUTE_HOSTS.map((host: RouteHost) => {
          const status = route.hosts[host]
          const last = status.lastProbe
          return (
            <li key={host} data-testid={`route-status-${host}`} data-ms={last?.ms ?? ''}>
              <span>{t(HOST_LABEL[host])}</span>
              <Sparkline values={status.history} max={slowest} />
              <span>{last === null ? '—' : last.ok ? t('probeTime', { ms: Math.round(last.ms) }) : t('unreachable')}</span>
              {route.host === host ? <span className="mark">{t('chosen')}</span> : null}
            </li>
          )
        })}
      </ul>
      <button type="button" onClick={() => void engines.chooser.probeNow()} disabled={route.probing} data-testid="probe-now">
        {tErrors('retry')}
      </button>
    </>
  )
})
