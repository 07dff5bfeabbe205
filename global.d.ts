import type { Messages } from './i18n/messages'

// Typed message keys from the default locale's file: a key missing there fails the type-check.
declare module 'next-intl' {
  interface AppConfig {
    Messages: Messages
  }
}
