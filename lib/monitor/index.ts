export { createRecordingMonitor, silentMonitor, type Monitor, type RecordedEntry } from './monitor'
export { safeMonitor } from './safe'
export { createClientMonitor, type ClientMonitor, type ClientMonitorOptions, type ClientMonitorStats } from './client-monitor'
export {
  MAX_BATCH_BYTES, MAX_BATCH_EVENTS, MAX_DETAIL_KEY_LENGTH, MAX_DETAIL_KEYS, MAX_DETAIL_STRING_LENGTH, MAX_EVENT_NAME_LENGTH, MAX_PAGE_LENGTH,
  monitorBatchSchema, monitorEventSchema, type MonitorBatch, type MonitorBatchEvent,
} from './batch'
export { ANALYTICS_KEYS, MARKETING_KEYS, MAX_MARKETING_VALUE_LENGTH, readMarketingParams, UTM_KEYS, type MarketingKey, type MarketingParams } from './marketing'
export { sanitizeDetail, toBatchEvent } from './sanitize'
