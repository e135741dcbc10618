import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount, formatMoney } from '@/lib/money'
import { productoPrice, type Producto } from '@/lib/producto'

describe('formatMoney', () => {
  it('formats pesos the es-MX way', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney(9999)).toBe('$9,999.00')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(-3.5)).toBe('-$3.50')
    expect(formatMoney(Number.NaN)).toBe('$0.00')
  })

  // formatMoney does by hand what Intl's es-MX formatter does (building that formatter is slow
  // at start-up), so it must give the same text for every number.
  const intl = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
  const params = { seed: 20261124, numRuns: 2000 }

  it('rounds half cents away from zero, on the shortest decimal form, as Intl does', () => {
    for (const n of [0.005, 1.005, 2.675, 0.125, 999.995, -0.005, -0.001, -0, 1e-7, 5e-324, 1e21, 1.7976931348623157e308]) {
      expect(formatMoney(n)).toBe(intl.format(n))
    }
  })

  it('gives the text of Intl.NumberFormat es-MX MXN for prices and for any finite number', () => {
    const prices = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 1000)
    const doubles = fc.double({ noNaN: true, noDefaultInfinity: true })
    fc.assert(
      fc.property(fc.oneof(prices, doubles), (n) => formatMoney(n) === intl.format(n)),
      params,
    )
  })
})

describe('formatCount', () => {
  it('groups the digits of a whole number as Intl es-MX does', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(20000)).toBe('20,000')
    expect(formatCount(-1234)).toBe('-1,234')
    expect(formatCount(Number.NaN)).toBe('0')
    const intl = new Intl.NumberFormat('es-MX')
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => formatCount(n) === intl.format(n)),
      { seed: 20261124, numRuns: 1000 },
    )
  })
})

describe('productPrice', () => {
  it('applies the first variant discount', () => {
    const p: Producto = { _id: '1', variantes: [{ precioVenta: 150, descuento: 10 }] }
    expect(productoPrice(p)).toEqual({ precio: 150, precioFinal: 135, descuento: 10 })
  })

  it('falls back on the list and discount prices', () => {
    const p: Producto = { _id: '1', precios: { precio_lista: 200, precio_descuento: 150 } }
    expect(productoPrice(p)).toEqual({ precio: 200, precioFinal: 150, descuento: 25 })
  })

  it('ignores a discount price that is not below the list price', () => {
    const p: Producto = { _id: '1', precios: { precio_lista: 200, precio_descuento: 250 } }
    expect(productoPrice(p)).toEqual({ precio: 200, precioFinal: 200, descuento: 0 })
  })
})
