export { compareVersions, detectWebview, parseVersion, REQUIRED_APP_VERSION, type WebviewInfo } from './detect'
export { callBridge, isWebviewRequiredError, WebviewRequiredError, type BridgeEnvironment, type NativeBridge } from './bridge'
