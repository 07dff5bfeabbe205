import type { MessagesId } from '@/lib/i18n/locale-maps'
import type en from '@/messages/en.json'

export type Messages = typeof en

/** One file per language (docs/decisions/regions-and-languages.md "One message file per written language"). */
export async function loadMessages(id: MessagesId): Promise<Messages> {
  return (await import(`../messages/${id}.json`)).default as Messages
}

/** The namespaces client components use; the rest stays on the server (smaller pages). */
export const CLIENT_NAMESPACES = ['Header', 'Network', 'Webview', 'Errors', 'Markets', 'Provenance', 'Market', 'SavedCopy'] as const

export function pickClientMessages(messages: Messages): Pick<Messages, (typeof CLIENT_NAMESPACES)[number]> {
  return Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]])) as Pick<Messages, (typeof CLIENT_NAMESPACES)[number]>
}
