// Cart lines and product answers shared by the cart and checkout tests.
import type { CarritoItem } from '@/lib/carrito'

export const LONG_NAME = 'Cámara IP bala 4 MP con luz híbrida y micrófono'

export const camara: CarritoItem = {
  id: 'v1',
  producto_id: 'p1',
  nombre: LONG_NAME,
  imagen: '/v1/imagenes/demo/producto-000.svg',
  precio: 1899,
  precioFinal: 1709.1,
  cantidad: 2,
  descuento: 10,
  talla: 'Unico',
}
export const cable: CarritoItem = {
  id: 'v2',
  producto_id: 'p2',
  nombre: 'Cable UTP Cat6',
  imagen: '',
  precio: 333.33,
  precioFinal: 333.33,
  cantidad: 3,
  descuento: 0,
}

/** The product answers of GET /v1/productos/{id}, matching the cart unless told otherwise. */
export function producto(id: string, variant: Record<string, unknown>) {
  return { _id: id, nombre: id === 'p1' ? LONG_NAME : 'Cable UTP Cat6', variantes: [variant] }
}
export const p1 = producto('p1', { _id: 'v1', precioVenta: 1899, descuento: 10, descuentoEfectivo: 10, precioFinal: 1709.1, stock: 25 })
export const p2 = producto('p2', { _id: 'v2', precioVenta: 333.33, descuento: 0, precioFinal: 333.33, stock: 50 })

export function storeCarrito(items: CarritoItem[]) {
  localStorage.setItem('cart', JSON.stringify(items))
}

