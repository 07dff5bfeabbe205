import { detectWebview, REQUIRED_APP_VERSION } from './detect'

/**
 * The native bridge (SPEC §8: "the webview of the exchange app, version 3.1.2 or later, is
 * needed when no suitable environment is detected"). Outside a suitable webview a call rejects
 * with WebviewRequiredError, which the UI turns into the translated notice
 * `Webview.required` ("Open this in the app, version {version} or later.") instead of breaking.
 */
export interface NativeBridge {
  call(method: string, params: unknown): unknown
}

export class WebviewRequiredError extends Error {
  override name = 'WebviewRequiredError'
  readonly requiredVersion = REQUIRED_APP_VERSION
  /** next-intl key and values of the user-facing notice. */
  readonly messageKey = 'Webview.required'
  readonly messageValues = { version: REQUIRED_APP_VERSION }
  /** What was found: no app, an older app, or the app without its bridge object. */
  readonly reason: 'not-in-app' | 'version-too-old' | 'bridge-missing'
  readonly detectedVersion: string | null
  readonly method: string

  constructor(method: string, reason: WebviewRequiredError['reason'], detectedVersion: string | null) {
    super(`Open this in the app, version ${REQUIRED_APP_VERSION} or later.`)
    this.method = method
    this.reason = reason
    this.detectedVersion = detectedVersion
  }
}

export function isWebviewRequiredError(error: unknown): error is WebviewRequiredError {
  // By name, not only instanceof: the error may cross bundles (a chunk with its own copy).
  return error instanceof WebviewRequiredError || (error instanceof Error && error.name === 'WebviewRequiredError')
}

export interface BridgeEnvironment {
  userAgent: string | null | undefined
  /** The app's injected bridge object (e.g. window.bybitBridge), when present. */
  bridge?: NativeBridge | null
}

/** Calls `method` on the native bridge; rejects with WebviewRequiredError outside a suitable webview. */
export async function callBridge<T = unknown>(method: string, params: unknown, environment: BridgeEnvironment): Promise<T> {
  const info = detectWebview(environment.userAgent)
  if (!info.inApp) throw new WebviewRequiredError(method, 'not-in-app', null)
  if (!info.suitable) throw new WebviewRequiredError(method, 'version-too-old', info.version)
  if (!environment.bridge) throw new WebviewRequiredError(method, 'bridge-missing', info.version)
  // Whatever the bridge throws or rejects with reaches the caller as is: it is the app's answer.
  return (await environment.bridge.call(method, params)) as T
}
