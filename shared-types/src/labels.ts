import { parseLabelColor } from './sidebar-taxonomy';

/**
 * Dark or light text for a label's background colour: one rule for server and client, so a
 * label reads the same in the API's text_color and in the page. Perceived brightness (ITU-R
 * BT.601 weights) above the middle gets dark text.
 */
export function labelTextColor(background: string): '#333333' | '#FFFFFF' {
  // The background must start with #, rgb or rgba (the spec); anything else gets light text
  const rgb = parseLabelColor(background);
  if (!rgb) return '#FFFFFF';
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000 > 128 ? '#333333' : '#FFFFFF';
}
