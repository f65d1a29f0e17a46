import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS, serverInfo } from './server-info';

/** Every spec talks to the server started by global setup (read lazily: setup runs after collection). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(serverInfo().baseURL),
});
export { expect };

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Same rendering as the app's formatInr. */
export const rupees = (n: number) => `₹${inr.format(Math.round(n * 100) / 100)}`;

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Logs in as the operator through the API and returns a Bearer token. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const info = serverInfo();
  const res = await request.post(`${info.baseURL}/api/login`, {
    data: { userNo: info.operatorUserNo, password: info.operatorPassword },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { token: string };
  return body.token;
}
