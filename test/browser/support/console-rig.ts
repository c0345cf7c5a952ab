import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createAdminUser } from '../../../src/users/user-repository.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { launchChromium } from './chromium.ts';

// What a console browser test starts with: the app listening on a free port, one owner who can
// sign in, and Chromium.

/** The two widths every console page is tried at. */
export const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export interface ConsoleRig {
  t: TestApp;
  browser: Browser;
  /** `http://127.0.0.1:<port>` */
  base: string;
  login: { login: string; password: string };
  close(): Promise<void>;
}

/** Starts the app (with `env` added to the test configuration), an owner named `loginName`, and Chromium. */
async function startConsoleRig(loginName: string, env: Record<string, string> = {}): Promise<ConsoleRig> {
  const t = await createTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const user = await createAdminUser(t.ctx.db, loginName);
  const browser = await launchChromium();
  return {
    t,
    browser,
    base: `http://127.0.0.1:${address.port}`,
    login: { login: loginName, password: user.password },
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * The rig of a test file: started before its first test, closed after its last. Its fields are
 * there from the first test on.
 */
export function useConsoleRig(loginName: string, env: Record<string, string> = {}): ConsoleRig {
  const rig = {} as ConsoleRig;
  before(async () => {
    Object.assign(rig, await startConsoleRig(loginName, env));
  });
  after(() => rig.close());
  return rig;
}

/** Signs `page` in as the rig's owner through the sign-in form and waits for Today. */
export async function signIn(page: Page, { base, login }: Pick<ConsoleRig, 'base' | 'login'>): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Login').fill(login.login);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
}
