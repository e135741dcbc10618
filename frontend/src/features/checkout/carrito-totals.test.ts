import { describe, expect, it } from 'vitest'

import { carritoTotals, priceLine } from '@/features/checkout/carrito-totals'

import table from './carrito-totals.cases.json?raw'

type Case = {
  nota: string
  lineas: { precioFinal: number; cantidad: number }[]
  subtotal: number
  iva: number
  total: number
}

// The server's totals of these carts: modules/cartcheckout's TestTheCartPagesTableIsWhatCheckoutCharges
// checks that checkout prices each of them exactly so.
const cases: Case[] = JSON.parse(table)

describe('carritoTotals', () => {
  it.each(cases)('gives the server’s numbers: $nota', ({ lineas, subtotal, iva, total }) => {
    expect(carritoTotals(lineas)).toEqual({ subtotal, iva, total })
  })

  it('adds the IVA of each line, not 16 % of the subtotal', () => {
    // 10.97 has 1.7552 of IVA -> 1.76, three times 5.28; 16 % of 32.91 would be 5.2656 -> 5.27.
    const lines = [1, 2, 3].map(() => ({ precioFinal: 10.97, cantidad: 1 }))
    expect(carritoTotals(lines)).toEqual({ subtotal: 32.91, iva: 5.28, total: 38.19 })
    expect(priceLine({ precioFinal: 10.97, cantidad: 3 })).toEqual({ base: 3291, iva: 527, total: 3818 })
    // 3 centavos -> 0.48 of IVA rounds down; 4 centavos -> 0.64 rounds up.
    expect(carritoTotals([{ precioFinal: 0.03, cantidad: 1 }]).iva).toBe(0)
    expect(carritoTotals([{ precioFinal: 0.04, cantidad: 1 }]).iva).toBe(0.01)
  })

  it('has cases where IVA per line and IVA on the subtotal differ', () => {
    const differ = cases.filter(({ subtotal, iva }) => Math.round(subtotal * 16) !== Math.round(iva * 100))
    expect(differ.length).toBeGreaterThanOrEqual(3)
  })
})
