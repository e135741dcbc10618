import type { PageMeta } from '@/lib/list-state'

/** `GET /v1/ventas/reporte/metodo-pago`. */
export type ByMethod = { totales: { metodo: string; venta: number }[]; totalGeneral: number }

/** One entry of `GET /v1/ventas/reporte/usuario`: who took the money. */
export type ByUsuario = { _id: { nombreUsuario: string; usuarioId: string }; ventaTotal: number }

export type CorteVenta = { _id: string; folio: string; total: number; metodoPago: string; usuario: string }

/** One line of a count by denomination. */
export type Denominacion = { tipo: 'billete' | 'moneda'; valor: number; cantidad: number }

/**
 * A drawer's cash, of the shop or one cashier: efectivoEsperado = fondo + ventasEfectivo -
 * devolucionesEfectivo - retiros + depositos; efectivoContado and diferencia when counted.
 */
export type Efectivo = {
  fondo: number
  ventasEfectivo: number
  devolucionesEfectivo: number
  retiros: number
  depositos: number
  efectivoEsperado: number
  efectivoContado?: number
  diferencia?: number
  /** The count by denomination behind efectivoContado (only the denominations counted). */
  conteo?: Denominacion[]
}

export type EfectivoCajero = Efectivo & { usuarioId: string; nombreUsuario: string }

export type TipoMovimiento = 'fondo' | 'retiro' | 'deposito'

/** A drawer movement ('Fondo de caja', 'Retiro de efectivo', 'Depósito de efectivo'). */
export type MovimientoCaja = {
  _id: string
  tipo: TipoMovimiento
  monto: number
  motivo: string
  fecha: string
  usuarioId: string
  nombreUsuario: string
  corte?: number
}

/** `POST /v1/cortes/movimientos`: `_id` chosen before sending, so a retry records it once. */
export type MovimientoRequest = { _id: string; tipo: TipoMovimiento; monto: number; motivo?: string }

/** `GET /v1/cortes/pendiente`: what the next cut would close, in cash. */
export type PendienteCaja = Efectivo & {
  pendiente: boolean
  ventas: number
  porCajero: EfectivoCajero[]
  movimientos: MovimientoCaja[]
}

/** A closed cash cut (`POST /v1/ventas/corte`, `GET /v1/cortes/{id}`). */
export type Corte = Partial<Efectivo> & {
  _id: string
  /** 1, 2, 3…: cuts follow each other (shown as 'Corte #n'). */
  numero?: number
  fecha: string
  usuarioId: string
  nombreUsuario: string
  estado: string
  ventas?: CorteVenta[]
  porMetodo: ByMethod
  porUsuario: ByUsuario[]
  efectivoEsperado: number
  efectivoContado?: number
  diferencia?: number
  numMovimientos?: number
  /** Each cashier's cash (cuts of earlier releases have none). */
  porCajero?: EfectivoCajero[]
  movimientos?: MovimientoCaja[]
  observaciones: string
}

export type CortesPage = { cortes: Corte[]; meta: PageMeta }

/** `GET /v1/cortes`: a page of past cuts, newest first, of a range of days (AAAA-MM-DD, '' = open). */
export type CortesArgs = { desde: string; hasta: string; page: number; limit: number }

/** One cashier's count at 'Hacer corte'. */
export type Conteo = { usuarioId: string; denominaciones: Denominacion[] }

/** 'Hacer corte': the count by denomination of each cashier (or, as before, one amount). */
export type CorteRequest = { efectivoContado?: number; conteos?: Conteo[]; observaciones?: string }
