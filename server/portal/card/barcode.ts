/**
 * The member card's barcode as SVG: Code 128 drawn by bwip-js on the server (decision
 * 0040), so the browser downloads a few hundred bytes of SVG instead of a barcode library.
 * The quiet zone (10 modules) is part of the image so scanners find the code's edges.
 */
import { toSVG } from 'bwip-js';

export function code128Svg(text: string): string {
  const svg = toSVG({
    bcid: 'code128',
    text,
    // Modules are 2 units wide and bars 30 % of the width tall: legible on a phone held to a desk scanner.
    scale: 2,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  // The intrinsic size is the drawing's own (bwip-js gives only a viewBox): an <img> then has one.
  return svg.replace(/^<svg viewBox="0 0 (\d+) (\d+)"/, '<svg width="$1" height="$2" viewBox="0 0 $1 $2"');
}
