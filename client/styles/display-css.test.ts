/**
 * The high-contrast colours are written twice in display.css (chosen, or asked for by the
 * system without a choice): the two blocks must say the same thing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'display.css'), 'utf8');

function block(after: string): string[] {
  const start = css.indexOf(after);
  expect(start, after).toBeGreaterThanOrEqual(0);
  const open = css.indexOf('{', start + after.length - 1);
  const close = css.indexOf('}', open);
  return css
    .slice(open + 1, close)
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
}

describe('display.css', () => {
  it('has the same high-contrast colours for the choice and for prefers-contrast: more', () => {
    const chosen = block(":root[data-krds-mode='high-contrast'] {");
    const system = block(':root:not([data-krds-mode]) {');
    expect(chosen.length).toBeGreaterThan(10);
    expect(system).toEqual(chosen);
    expect(css).toMatch(/@media \(prefers-contrast: more\) \{\s*:root:not\(\[data-krds-mode\]\) \{/);
  });
  it('maps the portal colours to KRDS high-contrast tokens', () => {
    const chosen = block(":root[data-krds-mode='high-contrast'] {");
    for (const name of ['--c-text', '--c-surface', '--c-primary', '--c-line']) {
      expect(chosen.find((d) => d.startsWith(`${name}:`)), name).toMatch(/var\(--krds-(high-contrast-color|color-high-contrast)-/);
    }
  });
});
