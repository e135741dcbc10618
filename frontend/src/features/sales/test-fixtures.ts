import type { Venta } from '@/features/sales/types'

/** A counter order as the server returns it, with overrides. */
export function venta(overrides: Partial<Venta> = {}): Venta {
  return {
    _id: 'v1',
    folio: '20260305-140700-0001',
    fecha: '2026-03-05T20:07:00.000Z',
    carrito: [
      {
        _id: 'var1',
        producto_id: 'p1',
        nombre: 'Cámara IP bala 4 MP con luz híbrida y micrófono',
        precio: 1899,
        descuento: 10,
        precioFinal: 1709.1,
        cantidad: 2,
        imagen: '/img/camara.svg',
        talla: 'Unico',
        tamano: '1 pieza',
        extras: [],
        entregado: false,
      },
      {
        _id: 'var2',
        producto_id: 'p2',
        nombre: 'Switch 8 puertos',
        precio: 500,
        descuento: 0,
        precioFinal: 500,
        cantidad: 1,
        imagen: '',
        talla: 'Grande',
        tamano: '8 puertos',
        extras: [],
        entregado: true,
      },
    ],
    usuario: { name: 'Claudia Cliente', email: 'cliente@tienda.mx', phone: '5512345674', address: 'Calle Reforma 45, CDMX' },
    usuarioId: 'u9',
    cliente: 'Juan',
    subtotal: 3918.2,
    iva: 626.91,
    total: 4545.11,
    observaciones: '',
    entrega: 'Pendiente',
    pago: 'Pendiente',
    metodoPago: 'Efectivo',
    origen: 'caja',
    historial: [],
    version: 1,
    ...overrides,
  }
}

/** A paged answer of the sales lists (`{ventas, meta}`); the meta says it is the only page unless told. */
export function ventasPage(ventas: Venta[], meta: Partial<{ page: number; limit: number; total: number; hasMore: boolean }> = {}) {
  return { ventas, meta: { page: 1, limit: 25, total: ventas.length, hasMore: false, ...meta } }
}

/** The query of a request as a plain object ({} for none). */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams)
}
