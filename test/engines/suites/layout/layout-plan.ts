/**
 * What the layout check measures (decisions 0132 and 0144): the widths, the display modes, and
 * which of their combinations each page state gets in each engine. Chromium measures every
 * combination on every state; Firefox and WebKit, slower over their drivers, measure a fixed
 * share — state number i (in the order measured) at one width, WIDTHS[i mod 4], in all four
 * modes — so any four states in a row cover every width × mode, and every page is seen at some
 * phone width in every mode. LAYOUT_ALL=1 measures every combination in every engine.
 */
import { displayAttributes } from '#shared/display.ts';
import type { EngineName } from '../../drivers/browser.ts';

/** A folded phone's cover screen (280), small phones (305, 320), a common phone (360). */
export const LAYOUT_WIDTHS = [280, 305, 320, 360] as const;

export interface LayoutMode {
  /** As findings name it. */
  name: string;
  /** For file names (LAYOUT_SHOTS). */
  slug: string;
  /** The attributes 화면 설정 sets on `<html>` (null: as the server rendered them, no choice made). */
  attributes: Record<string, string> | null;
}

/** 화면 설정's combinations that stress a phone most: high contrast, larger text, and both. */
export const LAYOUT_MODES: readonly LayoutMode[] = [
  { name: 'default', slug: 'default', attributes: null },
  { name: '고대비 + 크게', slug: 'hc-l', attributes: displayAttributes({ contrast: 'high-contrast', size: 'large' }) },
  { name: '기본 + 아주 크게', slug: 'xl', attributes: displayAttributes({ contrast: 'default', size: 'xlarge' }) },
  { name: '고대비 + 아주 크게', slug: 'hc-xl', attributes: displayAttributes({ contrast: 'high-contrast', size: 'xlarge' }) },
];

export interface Combination {
  width: number;
  modes: readonly LayoutMode[];
}

/** The widths (each with its modes) state number `index` is measured at in `engine`. */
export function combinationsFor(engine: EngineName, index: number, all = process.env['LAYOUT_ALL'] === '1'): Combination[] {
  if (engine === 'chromium' || all) return LAYOUT_WIDTHS.map((width) => ({ width, modes: LAYOUT_MODES }));
  return [{ width: LAYOUT_WIDTHS[index % LAYOUT_WIDTHS.length] ?? LAYOUT_WIDTHS[0], modes: LAYOUT_MODES }];
}
