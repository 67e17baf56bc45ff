/**
 * The API reference page in a real browser (Debian's chromium, driven by playwright-core): served by the
 * local gateway without a token, it loads nothing from anywhere else, lists every operation of the
 * document, and its try-it panel sends a request with the token entered in the page to the local
 * gateway, which answers it.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, token } from '../support/http';

/** `.ci/run` installs Debian's chromium; CHROMIUM_PATH names another build. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const methods = ['get', 'put', 'post', 'delete', 'patch'];
/** Scalar parses the 125-operation document in the page: seconds on a busy two-core machine. */
const pageTimeout = 90_000;

type Json = Record<string, Record<string, unknown>>;

describe('the API reference page', () => {
  let browser: Browser;
  let page: Page;
  const offOrigin: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(pageTimeout);
    const origin = inject('baseUrl');
    // Offline: every request that leaves the gateway's origin is refused, and recorded.
    await page.route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      async (route) => {
        offOrigin.push(route.request().url());
        await route.abort();
      },
    );
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('is served without a token, with the script gzipped and cacheable', async () => {
    const html = await api('GET', '/v1/docs');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('<script src="/v1/docs/scalar.js"></script>');
    const script = await fetch(`${inject('baseUrl')}/v1/docs/scalar.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
  });

  it(
    'lists every operation of the document, with nothing loaded from elsewhere',
    async () => {
      const document = (await api('GET', '/v1/openapi.json')).body as {
        paths: Json;
        tags: Array<{ name: string }>;
      };
      const expected = Object.entries(document.paths).flatMap(([path, item]) =>
        methods.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(expected).toHaveLength(125);

      await page.goto(`${inject('baseUrl')}/v1/docs`);
      const sidebarIds = () =>
        page
          .locator('[data-sidebar-id]')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-sidebar-id') ?? ''));
      await page.locator('[data-sidebar-id$="/tag/vendors"]').waitFor();
      // The sidebar lists a tag's operations once the tag is open: open each closed one.
      for (const { name } of document.tags) {
        const ids = await sidebarIds();
        if (ids.some((id) => id.includes(`/tag/${name}/`))) continue;
        await page.locator(`[data-sidebar-id$="/tag/${name}"]`).locator('a, button').first().click();
        await page.locator(`[data-sidebar-id*="/tag/${name}/"]`).first().waitFor();
      }
      const listed = (await sidebarIds()).flatMap((id) => {
        const operation = /\/tag\/[^/]+\/(GET|PUT|POST|DELETE|PATCH)(\/.*)$/.exec(id);
        return operation ? [`${operation[1]} ${operation[2]}`] : [];
      });
      expect([...new Set(listed)].sort()).toEqual([...expected].sort());
      expect(offOrigin).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    pageTimeout * 2,
  );

  it(
    'sends a request from the try-it panel with the token entered in the page, and shows the answer',
    async () => {
      const bearer = await token('viewer');
      // The document's security scheme: a bearer token, entered once for every request of the page.
      await page.getByPlaceholder('Token').first().fill(bearer);

      const operation = page.locator('[id$="/tag/vendors/GET/v1/vendors"]');
      await page.locator('[data-sidebar-id$="/tag/vendors/GET/v1/vendors"] a').click();
      await operation.getByText('Query Parameters').waitFor();
      await page.screenshot({ path: '/tmp/docs-page.png' });
      await operation.getByRole('button', { name: 'Test Request' }).click();

      const answered = page.waitForResponse(
        (response: Response) =>
          response.request().method() === 'GET' && new URL(response.url()).pathname === '/v1/vendors',
      );
      await page.getByRole('button', { name: 'Send' }).first().click();
      const response = await answered;

      expect(new URL(response.url()).origin).toBe(inject('baseUrl'));
      expect(await response.request().headerValue('authorization')).toBe(`Bearer ${bearer}`);
      expect(response.status()).toBe(200);
      // The local gateway's own header: the request went through it, and the function answered.
      expect(response.headers()['apigw-requestid']).toEqual(expect.any(String));
      const body = (await response.json()) as { items: unknown[]; nextCursor: string | null };
      expect(Array.isArray(body.items)).toBe(true);

      // What the page shows: the status, and the body it received.
      await expect.poll(() => page.getByText('200 OK').count(), { timeout: pageTimeout }).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByText('"nextCursor"').count(), { timeout: pageTimeout })
        .toBeGreaterThan(0);
      expect(offOrigin).toEqual([]);
      await page.screenshot({ path: '/tmp/docs-page-try-it.png' });
    },
    pageTimeout * 2,
  );
});
