/**
 * The real browser of the page tests: Debian's chromium driven by playwright-core (which
 * downloads nothing), launched quietly (no first-run, sync, update or background traffic).
 * Tests skip with `chromiumMissing` as the reason when it is not installed (.ci/run installs it).
 */
import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { needsTool } from './skips.js'

export const CHROMIUM = '/usr/bin/chromium'
export const chromiumMissing: string | false = existsSync(CHROMIUM) ? false : needsTool('chromium', `${CHROMIUM} is not installed; .ci/run installs it with apt-get`)
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-dev-shm-usage']

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core')
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}
