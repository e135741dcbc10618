import type { NotaDeCredito } from '@/features/sales/components/nota-credito'
import type { PageMeta } from '@/lib/list-state'
import type { VentaFactura, VentaItem } from '@/lib/venta'

/** A sale as the server keeps it (the contract of `GET /v1/ventas/...`). */
export type Entrega = 'Pendiente' | 'Enviado' | 'Entregado' | 'Cancelado' | 'Devuelto'
export type Pago = 'Pendiente' | 'Pagado'
export type MetodoPago = 'Efectivo' | 'Tarjeta' | 'Transferencia' | 'Mercado Pago'

export const ENTREGA_VALUES: readonly Entrega[] = ['Pendiente', 'Enviado', 'Entregado', 'Cancelado', 'Devuelto']
export const PAGO_VALUES: readonly Pago[] = ['Pendiente', 'Pagado']
export const METODO_VALUES: readonly MetodoPago[] = ['Efectivo', 'Tarjeta', 'Transferencia', 'Mercado Pago']
/** Shipment states offered in 'Actualizar Envio' (the usual ones; the list is open). */
export const ENVIO_STATUS_VALUES = ['Pendiente', 'Preparando', 'Enviado', 'En tránsito', 'Entregado', 'Devuelto'] as const

export type Envio = {
  status: string
  empresa: string
  guia: string
  observaciones: string
  fecha?: string
  /** The shipment's cost before IVA. */
  costoEnvio: number
  /** Charged to the customer, as a line of the sale; otherwise the shop's own expense. */
  cobrarEnvio?: boolean
}

export type Cambio = { campo: string; de: string; a: string; por: string; nombre: string; fecha: string }

/** A payment recorded on a sale (issue #23): who took how much, how and when. */
export type PagoMovimiento = { _id: string; monto: number; metodo: MetodoPago; tipoTarjeta?: string; fecha: string; por: string; nombre: string; corte?: number }

/** One line of a return: the cart line (`idOrden`, `indice`), the units and what they refunded. */
export type DevolucionLinea = { idOrden: string; indice: number; cantidad: number; subtotal: number; iva: number; monto: number }

/** A return recorded on a sale (issue #23): the lines and units, the refund, why, who and when. */
export type Devolucion = {
  _id: string
  lineas: DevolucionLinea[]
  subtotal: number
  iva: number
  monto: number
  metodo: MetodoPago
  motivo: string
  fecha: string
  por: string
  nombre: string
  corte?: number
  notaCredito?: NotaDeCredito
}

/** `POST /v1/ventas/{id}/devoluciones`: the lines and units to return, the refund's method and why. */
export type DevolucionRequest = {
  lineas: { idOrden: string; indice: number; cantidad: number }[]
  metodo: MetodoPago
  motivo: string
}

export type Venta = {
  _id: string
  folio: string
  fecha: string
  carrito: VentaItem[]
  usuario: { name: string; email: string; phone: string; address: string }
  usuarioId?: string
  creadoPor?: string
  nombreCreador?: string
  cliente: string
  subtotal: number
  iva: number
  total: number
  montoCobro?: number
  order?: { id: string; status: string; create_time?: string; payer?: { name?: { given_name?: string; surname?: string } } }
  mercadoPago?: { payment_id: string; status: string; payment_type?: string; merchant_order_id?: string }
  observaciones: string
  guardado?: boolean
  entrega: Entrega
  pago: Pago
  metodoPago: MetodoPago | ''
  envio?: Envio
  pagadoEn?: string
  cobradoPor?: string
  nombreCobro?: string
  estado?: string
  origen?: 'caja' | 'mercadopago'
  revisar?: string
  historial?: Cambio[]
  version?: number
  /** Set once the sale is invoiced (issue 17). */
  factura?: VentaFactura
  /** Its payments and returns, oldest first (issue #23). */
  pagos?: PagoMovimiento[]
  devoluciones?: Devolucion[]
}

/** Some sales added up: how many, and their subtotal (before IVA), IVA and total. */
export type ReportSum = { ventas: number; subtotal: number; iva: number; total: number }

/**
 * `POST /v1/ventas/reporte` answer (issue 15): ingresos are what
 * was paid (`pagadas.total`), 'Por cobrar' what is still unpaid; cancelled and returned sales count
 * in neither.
 */
/** How 'Reporte de ventas' counts its ingresos: on the day the money moved, or by the sale's day. */
export type ReportCriterio = 'pago' | 'venta'

export type VentasReport = {
  totalVentas: number
  /** The range's cancelled and returned sales, beside the counted ones (issue #23); absent from older servers. */
  canceladas?: number
  devueltas?: number
  totalIngresos: number
  porCobrar: number
  pagadas: ReportSum
  pendientes: ReportSum
  productosVendidos: Record<string, number>
}

/**
 * The parameters of the paged sales lists (`GET /v1/ventas/ordenes`, `GET /v1/ventas/lista`);
 * '' means "not set" and is not sent.
 */
export type VentasListArgs = {
  /** Folio, 'Quien Ordena', the account's name, e-mail or phone. */
  q: string
  pago: string
  entrega: string
  metodo: string
  /** AAAA-MM-DD, whole days in Mexico City, both included. */
  desde: string
  hasta: string
  /** `-fecha` (newest first), `fecha`, `-total`, `total`, `folio`, `-folio`. */
  orden: string
  /** `con` | `sin` a shipment (`ventas/lista` only). */
  envio?: string
  page: number
  limit: number
}

export type VentasPage = { ventas: Venta[]; meta: PageMeta }

export type DateRange = { startDate: string; endDate: string }

/** What 'Actualizar Orden' may send; pago and metodoPago only for the cash desk. */
export type OrdenUpdate = {
  pago?: Pago
  metodoPago?: MetodoPago
  entrega?: Entrega
  observaciones?: string
}

export type EnvioUpdate = Pick<Envio, 'status' | 'empresa' | 'guia' | 'observaciones' | 'costoEnvio'> & { cobrarEnvio: boolean }
