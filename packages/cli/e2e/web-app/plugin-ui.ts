/**
 * What a page shows of the plugins' UI modules, read the same way by the tests of the full
 * app and of the app with plugins turned off: the columns the device table offers and shows,
 * the views it lists, the blocks of the integrations, and any module that failed.
 */
import type { Page } from 'playwright-core';
import type { AppContext } from './harness.js';
import { logIn, open } from './harness.js';

/** Opens the devices page at a view, logged in, once the table has its columns. */
export async function devicesAt(context: AppContext, view: string): Promise<Page> {
  const page = await open(context, `#/devices?view=${view}`);
  await logIn(context, page);
  await page.waitForSelector('[role=columnheader] button[data-column]');
  return page;
}

/** The column ids the table shows, in order. */
export function shownColumns(page: Page): Promise<string[]> {
  return page.$$eval('[role=columnheader] button[data-column]', (buttons) => buttons.map((button) => button.getAttribute('data-column')!));
}

/** The column ids the column chooser offers. */
export function offeredColumns(page: Page): Promise<string[]> {
  return page.$$eval('.column-chooser label[data-column]', (labels) => labels.map((label) => label.getAttribute('data-column')!));
}

/** The view ids the view selector lists. */
export function listedViews(page: Page): Promise<string[]> {
  return page.$$eval('select[aria-label=View] option', (options) => options.map((option) => option.getAttribute('value')!));
}

/** Waits until the view picker lists `view` (the list arrives apart from the table); fails after 30 s. */
export async function waitForListedView(page: Page, view: string): Promise<void> {
  await page.waitForSelector(`select[aria-label=View] option[value="${view}"]`, { state: 'attached', timeout: 30_000 });
}

/** The titles of the integrations' blocks, and the module each comes from. */
export function integrationBlocks(page: Page): Promise<[title: string, module: string][]> {
  return page.$$eval('[data-module]', (blocks) => blocks.map((block) => [block.querySelector('h3')?.textContent ?? '', block.getAttribute('data-module')!] as [string, string]));
}

/** Banners and boundaries of UI modules that failed. */
export async function moduleErrors(page: Page): Promise<string[]> {
  return (await page.$$eval('.error', (lines) => lines.map((line) => line.textContent ?? ''))).filter((text) => /UI module/.test(text));
}
