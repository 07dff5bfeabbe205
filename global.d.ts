import type { Messages } from './i18n/messages'

// Typed message keys from the default locale's file (STYLE.md "Three small i18n files").
declare module 'next-intl' {
  interface AppConfig {
    Messages: Messages
  }
}
