import { describe, expect, it } from 'vitest';
import { combinationsFor, LAYOUT_MODES, LAYOUT_WIDTHS } from './layout-plan.ts';

const pairs = (engine: 'chromium' | 'firefox' | 'webkit', index: number, all = false) =>
  combinationsFor(engine, index, all).flatMap((c) => c.modes.map((m) => `${c.width} ${m.name}`));
const everyPair = LAYOUT_WIDTHS.flatMap((w) => LAYOUT_MODES.map((m) => `${w} ${m.name}`));

describe('the share of combinations per engine (decision 0144)', () => {
  it('Chromium measures every width in every mode on every state', () => {
    for (const i of [0, 1, 7]) expect(pairs('chromium', i)).toEqual(everyPair);
  });
  it('Firefox and WebKit measure one width per state, in every mode, turning through the widths', () => {
    for (const engine of ['firefox', 'webkit'] as const) {
      expect(pairs(engine, 0)).toEqual(LAYOUT_MODES.map((m) => `280 ${m.name}`));
      expect(pairs(engine, 5)).toEqual(LAYOUT_MODES.map((m) => `305 ${m.name}`));
    }
  });
  it('any four states in a row cover every combination in every engine', () => {
    for (const engine of ['chromium', 'firefox', 'webkit'] as const) {
      for (const start of [0, 3, 10]) {
        const seen = new Set([start, start + 1, start + 2, start + 3].flatMap((i) => pairs(engine, i)));
        expect([...seen].sort()).toEqual([...everyPair].sort());
      }
    }
  });
  it('LAYOUT_ALL measures everything everywhere', () => expect(pairs('webkit', 2, true)).toEqual(everyPair));
});
