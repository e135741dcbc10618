import { api } from '@/lib/api'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'

/** The kinds of stock movement, as the server names them. */
export type TipoMovimiento =
  | 'venta'
  | 'cancelacion'
  | 'pago_no_recibido'
  | 'entrada'
  | 'merma'
  | 'conteo'
  | 'devolucion'
  | 'edicion'

/** The kinds of 'Ajustar inventario'. */
export type TipoAjuste = 'entrada' | 'merma' | 'conteo' | 'devolucion'

/** One change of a variant's units (`GET /v1/inventario/movimientos`). */
export type Movimiento = {
  _id: string
  productoId: string
  varianteId: string
  producto: string
  talla: string
  tamano: string
  tipo: TipoMovimiento
  /** Signed: + in, - out. */
  cantidad: number
  /** null when a crash lost them (the movement was stored later by the sweep). */
  antes: number | null
  despues: number | null
  motivo: string
  usuarioId: string
  nombreUsuario: string
  folio?: string
  fecha: string
  reconstruido?: boolean
}

export type MovimientosPage = { movimientos: Movimiento[]; meta: PageMeta }

export type MovimientosQuery = {
  producto?: string
  variante?: string
  tipo?: string
  desde?: string
  hasta?: string
  page: number
  limit: number
}

/** A variant at or below its minimum (`GET /v1/inventario/bajo`). */
export type VarianteBaja = {
  productoId: string
  varianteId: string
  producto: string
  talla: string
  tamano: string
  stock: number
  minimo: number
}

export type BajoInventarioPage = { variantes: VarianteBaja[]; meta: PageMeta }

export type AjusteInput = {
  productoId: string
  varianteId: string
  tipo: TipoAjuste
  cantidad: number
  motivo: string
}

const inventarioApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMovimientos: build.query<MovimientosPage, MovimientosQuery>({
      query: (q) => ({ url: 'inventario/movimientos', params: presentParams(q) }),
      transformResponse: (body: Partial<MovimientosPage>) => ({
        movimientos: body.movimientos ?? [],
        meta: readMeta(body.meta, { page: 1, limit: 25 }),
      }),
      // A product's save changes units too (an 'edicion' movement).
      providesTags: ['Inventario', 'Producto'],
    }),
    listBajoInventario: build.query<BajoInventarioPage, { page: number; limit: number }>({
      query: (q) => ({ url: 'inventario/bajo', params: q }),
      transformResponse: (body: Partial<BajoInventarioPage>) => ({
        variantes: body.variantes ?? [],
        meta: readMeta(body.meta, { page: 1, limit: 25 }),
      }),
      providesTags: ['Inventario', 'Producto'],
    }),
    createAjusteInventario: build.mutation<Movimiento, AjusteInput>({
      query: (body) => ({ url: 'inventario/ajustes', method: 'POST', body }),
      invalidatesTags: ['Inventario', 'Producto'],
    }),
  }),
})

export const { useListMovimientosQuery, useListBajoInventarioQuery, useCreateAjusteInventarioMutation } = inventarioApi
