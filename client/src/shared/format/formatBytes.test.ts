import { describe, expect, it } from 'vitest';
import { formatBytes, percentChange } from './formatBytes';

describe('formatBytes', () => {
  it('steps by 1024 through bytes, KiB, MiB and GiB with two decimals', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.00 KiB');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MiB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GiB');
    // GiB is the largest unit
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2048.00 GiB');
    expect(formatBytes(-2048)).toBe('-2.00 KiB');
  });
});

describe('percentChange', () => {
  it('is rounded and signed', () => {
    expect(percentChange(100, 120)).toBe('+20%');
    expect(percentChange(200, 190)).toBe('-5%');
    expect(percentChange(3, 4)).toBe('+33%');
    expect(percentChange(10, 10)).toBe('0%');
    expect(percentChange(1000, 999)).toBe('0%');
    expect(percentChange(0, 10)).toBeNull();
  });
});
