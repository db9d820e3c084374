import { describe, expect, it } from 'vitest';
import { amountCents, centsOf, formatCents, newOrderNumber, orderNumber } from './billing.ts';

describe('money in cents', () => {
  it('shows cents as yuan with separators', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(-100050)).toBe('-1,000.50');
  });

  it('reads what a person types as whole cents, without floating point', () => {
    expect(centsOf('12.3')).toBe(1230);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('1,000')).toBe(100000);
    expect(centsOf(200)).toBe(20000);
    expect(centsOf('19.99')).toBe(1999);
    expect(centsOf('-3.5')).toBe(-350);
    for (const bad of ['', '1.234', 'abc', '1e3', '.5', '1.']) expect(centsOf(bad)).toBeNull();
  });

  it('accepts only positive whole cents up to the limit', () => {
    expect(amountCents.safeParse(1).success).toBe(true);
    expect(amountCents.safeParse(1_000_000_000).success).toBe(true);
    for (const bad of [0, -1, 1.5, 1_000_000_001, '100', null]) {
      expect(amountCents.safeParse(bad).success).toBe(false);
    }
  });

  it('makes order numbers that pass their own check and differ', () => {
    const a = newOrderNumber('PB');
    expect(a).toMatch(/^PB\d{14}[0-9A-Z]{6}$/);
    expect(orderNumber.safeParse(a).success).toBe(true);
    expect(new Set(Array.from({ length: 50 }, () => newOrderNumber('RC'))).size).toBe(50);
    expect(orderNumber.safeParse('short').success).toBe(false);
    expect(orderNumber.safeParse('has space 123').success).toBe(false);
  });
});
