import { describe, expect, it } from 'vitest'
import type { CarritoItem } from '@/lib/carrito'
import { ENTREGA_PROVEEDOR, isOutOfStock, type ProductoDetalle } from '@/lib/producto'
import { checkLine } from '@/features/checkout/carrito-refresh'

const producto: ProductoDetalle = {
  _id: 'p1',
  nombre: 'Cámara del proveedor',
  stock: 0,
  disponibleConProveedor: 10,
  variantes: [
    { _id: 'v1', talla: 'Unico', stock: 0, precioVenta: 100, descuento: 0, precioFinal: 100 },
    { _id: 'v2', talla: 'Otra', stock: 0, precioVenta: 100, descuento: 0, precioFinal: 100 },
  ],
}
const item = (id: string, cantidad: number): CarritoItem => ({
  id,
  producto_id: 'p1',
  nombre: 'Cámara del proveedor',
  imagen: '',
  precio: 100,
  precioFinal: 100,
  cantidad,
  descuento: 0,
})

describe('a product available from the distributor (issue #28)', () => {
  it('can be ordered, the units past the own ones flagged as a longer delivery', () => {
    expect(isOutOfStock(producto)).toBe(false)
    expect(checkLine(item('v1', 3), producto)).toMatchObject({ kind: 'ok', stock: 10, proveedor: 3 })
    expect(checkLine(item('v1', 11), producto)).toMatchObject({ kind: 'poco', stock: 10 })
    // Only the first variant is the distributor's.
    expect(checkLine(item('v2', 1), producto)).toEqual({ kind: 'agotado' })
    const withOwn = { ...producto, variantes: [{ ...producto.variantes![0], stock: 2 }] }
    expect(checkLine(item('v1', 2), withOwn)).not.toHaveProperty('proveedor')
    expect(checkLine(item('v1', 5), withOwn)).toMatchObject({ kind: 'ok', stock: 12, proveedor: 3 })
    expect(ENTREGA_PROVEEDOR).toBe('Disponible con proveedor: entrega en 3 a 5 días hábiles')
    expect(isOutOfStock({ ...producto, disponibleConProveedor: 0 })).toBe(true)
  })
})
