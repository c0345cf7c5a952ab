import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

// What every browser test needs: Debian's Chromium (CHROMIUM_PATH to use another), a watch for
// errors a page logs, and axe-core run on a page as it is.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Starts headless Chromium, with nothing of its own going to the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Adds to `problems` every error or warning the page logs, and every error it throws. */
export function watchPage(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${page.url()}: console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Runs axe-core on the page as it is; returns its violations, described. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the console's Content-Security-Policy stays on.
  await page.evaluate(AXE);
  // The function runs in the page, where axe is a global.
  const result = await page.evaluate(async () => {
    const w = globalThis as unknown as { axe: { run(): Promise<unknown> } };
    return (await w.axe.run()) as AxeResult;
  });
  return result.violations.map(
    (v) =>
      `${page.url()}: ${v.id} (${v.impact ?? '?'}) ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}
