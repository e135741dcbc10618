import { describe, expect, it } from 'vitest'
import { emptyForm, newExtra, newVariant, toBody } from '@/features/catalog-admin/form-model'

describe('admin product form model', () => {
  it('uses the SPEC defaults and sends whole numbers, the stock sum and the version', () => {
    expect(newVariant()).toEqual({ talla: 'Grande', tamano: '32', stock: '5', precioCompra: '100', precioVenta: '150', descuento: '0' })
    expect(newExtra()).toEqual({ nombre: 'Extra Queso', precio: '100' })
    const f = emptyForm()
    f.nombre = 'Router'
    f.variantes = [newVariant(), { ...newVariant(), _id: 'v9', stock: '3.7', precioVenta: 'abc' }]
    f.extras = [newExtra()]
    const body = toBody(f, 4)
    expect(body).toMatchObject({ nombre: 'Router', stock: 8, version: 4, extras: [{ nombre: 'Extra Queso', precio: 100 }] })
    expect(body.variantes).toEqual([
      { talla: 'Grande', tamano: '32', stock: 5, precioCompra: 100, precioVenta: 150, descuento: 0 },
      { _id: 'v9', talla: 'Grande', tamano: '32', stock: 3, precioCompra: 100, precioVenta: null, descuento: 0 },
    ])
  })
})
