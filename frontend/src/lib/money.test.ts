import { describe, expect, it } from 'vitest'
import { formatMoney } from '@/lib/money'
import { productPrice, type Producto } from '@/lib/product'

describe('formatMoney', () => {
  it('formats pesos the es-MX way', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney(9999)).toBe('$9,999.00')
    expect(formatMoney(0)).toBe('$0.00')
  })
})

describe('productPrice', () => {
  it('applies the first variant discount', () => {
    const p: Producto = { _id: '1', variantes: [{ precioVenta: 150, descuento: 10 }] }
    expect(productPrice(p)).toEqual({ precio: 150, precioFinal: 135, descuento: 10 })
  })

  it('falls back on the list and discount prices', () => {
    const p: Producto = { _id: '1', precios: { precio_lista: 200, precio_descuento: 150 } }
    expect(productPrice(p)).toEqual({ precio: 200, precioFinal: 150, descuento: 25 })
  })

  it('ignores a discount price that is not below the list price', () => {
    const p: Producto = { _id: '1', precios: { precio_lista: 200, precio_descuento: 250 } }
    expect(productPrice(p)).toEqual({ precio: 200, precioFinal: 200, descuento: 0 })
  })
})
