import { describe, expect, it } from 'vitest'
import { lineRefund, priceLine, sumLines, toCents } from '@/lib/refund'

describe('refund arithmetic', () => {
  it('prices a line with IVA per line, half away from zero', () => {
    // 2159.10 × 2 = 4318.20; IVA 690.912 → 690.91.
    expect(priceLine(2159.1, 2)).toEqual({ base: 431820, iva: 69091, total: 500911 })
    // 0.03: IVA 0.0048 → 0.00; 0.04: IVA 0.0064 → 0.01.
    expect(priceLine(0.03, 1)).toEqual({ base: 3, iva: 0, total: 3 })
    expect(priceLine(0.04, 1)).toEqual({ base: 4, iva: 1, total: 5 })
    expect(priceLine(0, 3)).toEqual({ base: 0, iva: 0, total: 0 })
  })

  it('reads pesos as the server does', () => {
    expect(toCents(0.285)).toBe(29)
    expect(toCents(1709.1)).toBe(170910)
    expect(toCents(-3.505)).toBe(-351)
    expect(toCents(Number.NaN)).toBe(0)
  })

  it('refunds the difference of the line before and after, so pieces add up to the line', () => {
    // 33.33 × 3: base 99.99, IVA 15.9984 → 16.00; one unit alone: 33.33 + 5.3328 → 5.33.
    const whole = priceLine(33.33, 3)
    expect(whole).toEqual({ base: 9999, iva: 1600, total: 11599 })
    const first = lineRefund(33.33, 0, 1)
    const second = lineRefund(33.33, 1, 1)
    const third = lineRefund(33.33, 2, 1)
    expect(first).toEqual({ base: 3333, iva: 533, total: 3866 })
    expect(second).toEqual({ base: 3333, iva: 534, total: 3867 })
    expect(sumLines([first, second, third])).toEqual(whole)
    expect(sumLines([lineRefund(33.33, 0, 2), lineRefund(33.33, 2, 1)])).toEqual(whole)
    expect(lineRefund(33.33, 1, 0)).toEqual({ base: 0, iva: 0, total: 0 })
  })

  it('adds up nothing as zero', () => {
    expect(sumLines([])).toEqual({ base: 0, iva: 0, total: 0 })
  })
})
