// One way to run axe in the browser suite. axe-core is put into a document once and then run as often as
// needed (both themes, a dialog after the page): putting its 550 KB in again for every run was about half
// of what a run cost, and the accessibility spec runs axe a few hundred times.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA, the rules the product is held to. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules whose outcome depends on colour alone. A theme changes colours and nothing else, so after a
 * full run in one theme these are all another theme can change.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export type AxeScope = {
  /** Only this part of the page (a CSS selector), as a screen reader meets an open modal dialog. */
  include?: string | undefined;
  /** `colours`: only the colour rules, for a second theme after a full run in the first. */
  rules?: 'all' | 'colours';
};

/** axe's serious and critical findings on the page as it is now, one line each (rule, element, why). */
export async function seriousAxeFindings(page: Page, { include, rules = 'all' }: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: rules === 'colours' ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG },
  };
  const results = await page.evaluate(
    ([context, runOptions]) => (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(context ?? document, runOptions),
    [include ?? null, options] as const,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${[...node.any, ...node.all, ...node.none][0]?.message ?? ''}`),
    );
}
