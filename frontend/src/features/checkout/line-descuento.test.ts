import { describe, expect, it } from 'vitest'
import { descuentoLabel, originalPrice } from '@/features/checkout/line-descuento'

const base = { precio: 1899, precioFinal: 1709.1, cantidad: 1, descuento: 10 }
const instalacion = { _id: 'x1', nombre: 'Instalación básica', precio: 450 }

describe('descuentoLabel', () => {
  it("says the product's percentage when the discount covers the whole unit", () => {
    expect(originalPrice(base)).toBe(1899)
    expect(descuentoLabel(base)).toBe('- 10% Desc')
  })

  it('says the amount saved when the line has extras, which are not discounted', () => {
    // 1899 + 450 = 2349 before; 1709.10 + 450 = 2159.10 after: 189.90 saved, 8.08 % of the unit, not 10 %.
    const line = { ...base, precioFinal: 2159.1, extras: [instalacion] }
    expect(originalPrice(line)).toBe(2349)
    expect(descuentoLabel(line)).toBe('Ahorras $189.90')
    expect(descuentoLabel({ ...line, cantidad: 3 })).toBe('Ahorras $189.90 c/u')
  })

  it('says nothing without a discount, or when it rounds to no centavo', () => {
    expect(descuentoLabel({ ...base, descuento: 0, precioFinal: 1899 })).toBeNull()
    expect(descuentoLabel({ ...base, precioFinal: 1899 })).toBeNull()
    // A free extra changes nothing: the percentage is still the line's.
    expect(descuentoLabel({ ...base, extras: [{ nombre: 'Soporte', precio: 0 }] })).toBe('- 10% Desc')
  })
})
