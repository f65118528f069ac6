/**
 * Dark or light text for a label's background colour: one rule for server and client, so a
 * label reads the same in the API's text_color and in the page. Perceived brightness (ITU-R
 * BT.601 weights) above the middle gets dark text.
 */
export function labelTextColor(background: string): '#333333' | '#FFFFFF' {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(background.trim());
  if (!m) return '#FFFFFF';
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const n = parseInt(hex, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (r * 299 + g * 587 + b * 114) / 1000 > 128 ? '#333333' : '#FFFFFF';
}
