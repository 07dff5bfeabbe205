/**
 * @jest-environment ./jest.jsdom-env.mjs
 */
import { act, lazy, useEffect, useState, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { LateHydration } from './LateHydration'
import { useHydrated } from './useHydrated'

// react-dom's real renderer in jsdom: server HTML, then hydration with a lazy part that arrives later.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Says which state it rendered in, as a control's `disabled` would. */
function State({ id }: { id: string }) {
  return <p id={id}>{useHydrated() ? 'client' : 'server'}</p>
}

function Page({ late }: { late: ReactNode }) {
  return (
    <main>
      <State id="early" />
      <LateHydration>{late}</LateHydration>
      <Later />
    </main>
  )
}

/** A part mounted after hydration (a client navigation's, a new row's): it starts hydrated. */
let showLater: () => void = () => {}
function Later() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    showLater = () => setShown(true)
  }, [])
  return shown ? (
    <LateHydration>
      <State id="mounted-later" />
    </LateHydration>
  ) : null
}

it('content that hydrates after the page renders as the server did, then flips; later mounts start hydrated', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page late={<State id="late" />} />)
  expect(container.querySelector('#late')?.textContent).toBe('server')

  let release: () => void = () => {}
  const LazyState = lazy(() => new Promise<{ default: typeof State }>((resolve) => (release = () => resolve({ default: State }))))
  const errors: unknown[] = []
  await act(async () => {
    hydrateRoot(container, <Page late={<LazyState id="late" />} />, { onRecoverableError: (error) => errors.push(error) })
  })
  // The page has hydrated and flipped; the late part is still the server's HTML.
  expect(container.querySelector('#early')?.textContent).toBe('client')
  expect(container.querySelector('#late')?.textContent).toBe('server')

  const late = container.querySelector('#late')
  await act(async () => release())
  // Hydrated in place (the same element, no mismatch), then flipped in its transition.
  expect(errors).toEqual([])
  expect(container.querySelector('#late')).toBe(late)
  expect(container.querySelector('#late')?.textContent).toBe('client')

  await act(async () => showLater())
  expect(container.querySelector('#mounted-later')?.textContent).toBe('client')
})
