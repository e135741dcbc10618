/**
 * A sale line's money, in centavos, as the server prices it (pkg/money's PriceLine): base = final
 * unit price × units; IVA = 16 % of the base rounded half away from zero, per line; total = base +
 * IVA. The return dialog shows with it what a return will refund, to the centavo.
 */
export type LineMoney = { base: number; iva: number; total: number }

/** A peso amount in centavos, rounded half away from zero (0.285 → 29, as the server does). */
export function toCents(pesos: number): number {
  if (!Number.isFinite(pesos)) return 0
  const c = Math.round(Math.abs(pesos) * 100 * 1e6) / 1e6 // 28.499999… is 28.5
  return Math.sign(pesos) * Math.round(c)
}

/** The line of `units` units at `unitPrice` pesos (the line's `precioFinal`). */
export function priceLine(unitPrice: number, units: number): LineMoney {
  const base = toCents(unitPrice) * units
  const iva = Math.sign(base) * Math.floor((Math.abs(base) * 16 + 50) / 100)
  return { base, iva, total: base + iva }
}

/**
 * What returning `units` more units of a line refunds when `returnedBefore` were returned already:
 * the line of returnedBefore+units less the line of returnedBefore, so that returning every unit
 * in pieces refunds exactly the line.
 */
export function lineRefund(unitPrice: number, returnedBefore: number, units: number): LineMoney {
  const after = priceLine(unitPrice, returnedBefore + units)
  const before = priceLine(unitPrice, returnedBefore)
  return { base: after.base - before.base, iva: after.iva - before.iva, total: after.total - before.total }
}

/** Lines added up. */
export function sumLines(lines: LineMoney[]): LineMoney {
  return lines.reduce((s, l) => ({ base: s.base + l.base, iva: s.iva + l.iva, total: s.total + l.total }), { base: 0, iva: 0, total: 0 })
}
