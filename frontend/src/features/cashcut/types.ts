import type { PageMeta } from '@/lib/list-state'

/** `GET /v1/ventas/reporte/metodo-pago` (SPEC §3 "Cash cut by method"). */
export type ByMethod = { totales: { metodo: string; venta: number }[]; totalGeneral: number }

/** One entry of `GET /v1/ventas/reporte/usuario` (SPEC §3 "By user"): who took the money. */
export type ByUser = { _id: { nombreUsuario: string; usuarioId: string }; ventaTotal: number }

export type CutSale = { _id: string; folio: string; total: number; metodoPago: string; usuario: string }

/** A closed cash cut (`POST /v1/ventas/corte`, `GET /v1/cortes/{id}`). */
export type Corte = {
  _id: string
  /** 1, 2, 3…: cuts follow each other (shown as 'Corte #n'). */
  numero?: number
  /** It closes the sales paid in (desde, hasta]. */
  desde?: string
  hasta?: string
  fecha: string
  usuarioId: string
  nombreUsuario: string
  estado: string
  ventas?: CutSale[]
  porMetodo: ByMethod
  porUsuario: ByUser[]
  efectivoEsperado: number
  efectivoContado?: number
  diferencia?: number
  observaciones: string
}

export type CortesPage = { cortes: Corte[]; meta: PageMeta }

/** `GET /v1/cortes`: a page of past cuts, newest first, of a range of days (AAAA-MM-DD, '' = open). */
export type CortesArgs = { desde: string; hasta: string; page: number; limit: number }

export type CutRequest = { efectivoContado?: number; observaciones?: string }
