import { describe, expect, it } from 'vitest';
import { displayAttributes, displayFromCookies, displayFromForm, formatDisplay, parseDisplay } from './display.ts';

describe('display settings cookie', () => {
  it('reads every allowed pair and writes it back the same', () => {
    for (const contrast of ['default', 'high-contrast'] as const) {
      for (const size of ['normal', 'large', 'xlarge'] as const) {
        const value = formatDisplay({ contrast, size });
        expect(parseDisplay(value)).toEqual({ contrast, size });
      }
    }
  });
  it('ignores anything else', () => {
    for (const bad of [
      undefined, '', 'high-contrast', 'high-contrast.', '.xlarge', 'high-contrast.huge', 'dark.large',
      'high-contrast.large.extra', 'HIGH-CONTRAST.large', 'high-contrast"><script>.large', 'high-contrast.large ',
      `high-contrast.${'x'.repeat(50)}`,
    ]) {
      expect(parseDisplay(bad), String(bad)).toBeUndefined();
    }
  });
  it('finds its cookie among others in a Cookie header', () => {
    expect(displayFromCookies('portal_js=1; portal_display=high-contrast.xlarge; x=y')).toEqual({ contrast: 'high-contrast', size: 'xlarge' });
    expect(displayFromCookies('portal_js=1')).toBeUndefined();
    expect(displayFromCookies(null)).toBeUndefined();
    expect(displayFromCookies('xportal_display=high-contrast.large')).toBeUndefined();
  });
  it('accepts form values only from the allowed lists', () => {
    expect(displayFromForm('default', 'large')).toEqual({ contrast: 'default', size: 'large' });
    expect(displayFromForm('default', 'huge')).toBeUndefined();
    expect(displayFromForm(null, 'large')).toBeUndefined();
  });
});

describe('<html> attributes', () => {
  it('none without a choice (the system preference decides the contrast)', () => {
    expect(displayAttributes(undefined)).toEqual({});
  });
  it('high contrast, or KRDS light mode for an explicit 기본, and the size', () => {
    expect(displayAttributes({ contrast: 'high-contrast', size: 'xlarge' })).toEqual({ 'data-krds-mode': 'high-contrast', 'data-text-size': 'xlarge' });
    expect(displayAttributes({ contrast: 'default', size: 'normal' })).toEqual({ 'data-krds-mode': 'light', 'data-text-size': 'normal' });
  });
});
