/** The spec's bytes formatting (discussions §9): a 1024 step, bytes, KiB, MiB, GiB, two decimals. */
const UNITS = ['KiB', 'MiB', 'GiB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  const sign = bytes < 0 ? '-' : '';
  let n = Math.abs(bytes);
  if (n < 1024) return `${sign}${n} bytes`;
  let unit = -1;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${sign}${n.toFixed(2)} ${UNITS[unit]}`;
}

/**
 * The spec's percent change, rounded and signed: '+20%', '-5%', '0%'. Null when there is no
 * base to compare with (nothing before).
 */
export function percentChange(before: number, after: number): string | null {
  if (!Number.isFinite(before) || !Number.isFinite(after) || before === 0) return null;
  const p = Math.round(((after - before) / Math.abs(before)) * 100);
  return p > 0 ? `+${p}%` : `${p === 0 ? 0 : p}%`;
}
