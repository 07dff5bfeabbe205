import { expect, type Page } from '@playwright/test'

/**
 * Opens the header's network panel with a click on its summary, as a user does: closed, the
 * panel follows nothing, so the route and fast-path marks are only there while it is open
 * (components/network/NetworkPanel.tsx). The header's tools must be visible (a desktop width,
 * or the phone menu opened first).
 */
export async function openNetworkPanel(page: Page): Promise<void> {
  const panel = page.getByTestId('network-panel')
  await panel.locator('summary').click()
  await expect(panel).toHaveAttribute('open', '')
}
