import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkNumbers, emptyForm, newExtra, newVariant, toBody } from '@/features/catalog-admin/form-model'

describe('admin product form model', () => {
  afterEach(() => vi.useRealTimers())

  it('uses the form defaults and sends prices with centavos, the stock sum and the version', () => {
    expect(newVariant()).toEqual({ talla: 'Grande', tamano: '32', stock: '5', minimo: '0', precioCompra: '100', precioVenta: '150', descuento: '0' })
    expect(newExtra()).toEqual({ nombre: 'Extra Queso', precio: '100' })
    const f = emptyForm()
    f.nombre = 'Router'
    f.variantes = [newVariant(), { ...newVariant(), _id: 'v9', talla: 'Chico', stock: '3', minimo: '4', precioVenta: '1299.90', precioCompra: '' }]
    f.extras = [{ nombre: 'Soporte', precio: '99.5' }]
    expect(checkNumbers(f)).toEqual({})
    const body = toBody(f, 4)
    expect(body).toMatchObject({ nombre: 'Router', stock: 8, version: 4, extras: [{ nombre: 'Soporte', precio: 99.5 }] })
    expect(body.variantes).toEqual([
      { talla: 'Grande', tamano: '32', stock: 5, minimo: 0, precioCompra: 100, precioVenta: 150, descuento: 0 },
      { _id: 'v9', talla: 'Chico', tamano: '32', stock: 3, minimo: 4, precioCompra: null, precioVenta: 1299.9, descuento: 0 },
    ])
  })

  it('refuses numbers it would have to change, naming each field in Spanish', () => {
    const f = emptyForm()
    f.variantes = [
      { ...newVariant(), stock: '12.5x', precioVenta: 'abc' },
      { ...newVariant(), talla: 'Chico', stock: '3.7', minimo: '2.5', precioVenta: '1299.999', precioCompra: '-4', descuento: '150' },
    ]
    f.extras = [{ nombre: 'Soporte', precio: '' }]
    expect(checkNumbers(f)).toEqual({
      'variantes[0].stock': 'Existencias de la variante 1: escribe un número entero de piezas, por ejemplo 12.',
      'variantes[0].precioVenta': 'Precio de venta de la variante 1: escribe un importe en pesos con hasta dos decimales, por ejemplo 1299.90.',
      'variantes[1].stock': 'Existencias de la variante 2: escribe un número entero de piezas, por ejemplo 12.',
      'variantes[1].minimo': 'Mínimo de la variante 2: escribe un número entero de piezas, por ejemplo 5.',
      'variantes[1].precioCompra': 'Precio de compra de la variante 2: escribe un importe en pesos con hasta dos decimales, por ejemplo 1299.90.',
      'variantes[1].precioVenta': 'Precio de venta de la variante 2: escribe un importe en pesos con hasta dos decimales, por ejemplo 1299.90.',
      'variantes[1].descuento': 'Descuento de la variante 2: escribe un porcentaje de 0 a 100.',
      'extras[0].precio': 'Precio del extra 1: este campo es obligatorio.',
    })
  })

  it('defaults the purchase date to today in Mexico City, not in UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-25T03:30:00Z')) // 21:30 on the 24th in Mexico City
    expect(emptyForm().fechaCompra).toBe('2026-11-24')
  })
})
