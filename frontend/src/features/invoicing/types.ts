/** The invoicing API's shapes (issue 17, CFDI 4.0; contract in the plan). Money in pesos. */

export type Regimen = { clave: string; descripcion: string; fisica: boolean; moral: boolean }
export type Uso = { clave: string; descripcion: string; fisica: boolean; moral: boolean; regimenes: string[] }
export type MotivoCancelacion = { clave: string; descripcion: string; requiereSustitucion: boolean }

/** `GET /v1/facturas/catalogos` (public). `configurada` is false when the shop has no PAC key. */
export type Catalogos = {
  configurada: boolean
  regimenes: Regimen[]
  usos: Uso[]
  motivos: MotivoCancelacion[]
  diasGracia: number
}

/** A receptor's fiscal data as the customer types it. */
export type PerfilInput = {
  rfc: string
  razonSocial: string
  regimenFiscal: string
  codigoPostal: string
  usoCfdi: string
  email: string
}

/** A saved fiscal profile of the signed-in user. */
export type Perfil = PerfilInput & { _id: string; predeterminado: boolean }

/** What `PUT /v1/facturas/perfiles/:id` takes; `predeterminado` makes it the default. */
export type PerfilUpdate = { id: string } & PerfilInput & { predeterminado?: boolean }

/** 'egreso': a nota de crédito, the CFDI de egreso of a return of an invoiced sale. */
export type FacturaTipo = 'individual' | 'global' | 'egreso'
export type FacturaEstado = 'timbrando' | 'valida' | 'cancelada' | 'cancelacion_pendiente' | 'error'

export type Receptor = Omit<PerfilInput, 'email'> & { email: string }

export type FacturaConcepto = {
  claveProdServ: string
  noIdentificacion: string
  cantidad: number
  claveUnidad: string
  descripcion: string
  valorUnitario: number
  importe: number
  descuento: number
  iva: number
}

export type Factura = {
  _id: string
  tipo: FacturaTipo
  estado: FacturaEstado
  mensaje?: string
  uuid?: string
  serie?: string
  folio?: string
  fecha: string
  timbradaEn?: string
  receptor: Receptor
  ventas: { _id: string; folio: string; total: number }[]
  global?: { periodicidad: string; meses: string; anio: number }
  formaPago: string
  metodoPago: string
  subtotal: number
  descuento: number
  iva: number
  total: number
  conceptos: FacturaConcepto[]
  cancelacion?: { motivo: string; sustitucion?: string; estado: string; fecha: string }
  /** The UUID of the CFDI this one replaces ('Sustituir', motivo 01). */
  sustituye?: string
  /** The _id of the factura that replaces this one. */
  sustituidaPor?: string
  /** A nota de crédito's: the UUID of the CFDI it relates to (TipoRelacion 01). */
  relacionado?: string
  /** A nota de crédito's: the sale and the return it is for. */
  devolucion?: { ventaId: string; _id: string }
  sinClaveSat: string[]
  /** The total the PAC stamped, when it is not ours: staff check the CFDI. */
  totalPac?: number
  /** Token for `/v1/facturas/:id/pdf|xml?clave=`. */
  descarga: string
  /**
   * What became of its e-mail to the receptor: 'enviado' once an SMTP server took it, 'enviando'
   * while it is sent or retried, 'no_enviado' when none is sent (no SMTP set up).
   */
  correo?: 'enviado' | 'enviando' | 'no_enviado'
}

/** A sale found by folio + total on the public page (`POST /v1/facturas/publica/buscar`). */
export type VentaFacturable = {
  _id: string
  folio: string
  fecha: string
  total: number
  metodoPago: string
  factura?: { _id: string; tipo: FacturaTipo; uuid?: string }
  facturable: boolean
  motivo?: string
  /** Last day to invoice, YYYY-MM-DD. */
  plazo: string
}

export type BuscarVentaRequest = { folio: string; total: number }
export type FacturaPublicaRequest = BuscarVentaRequest & PerfilInput

export type FacturasListArgs = {
  q?: string
  desde?: string
  hasta?: string
  tipo?: FacturaTipo | ''
  estado?: FacturaEstado | ''
  page?: number
  limit?: number
}
export type FacturasPage = {
  facturas: Factura[]
  meta: { page: number; limit: number; total: number; hasMore: boolean }
  /** How SHOP_CP agrees with the PAC account; `aviso` says what to fix. */
  cuenta?: { lugarExpedicion: string; codigoPostalPac?: string; rfc?: string; aviso?: string }
}

/** Motivo 02, 03 or 04: 01 is only through 'Sustituir'. */
export type CancelarRequest = { id: string; motivo: string }
/** `POST /v1/facturas/:id/sustituir`: a new CFDI with these fiscal data replaces it (motivo 01). */
export type SustituirRequest = { id: string } & PerfilInput

export type Periodicidad = 'dia' | 'mes'
/** `fecha` is YYYY-MM-DD for 'dia', YYYY-MM for 'mes'. */
export type VistaPreviaArgs = { periodicidad: Periodicidad; fecha: string }
export type VistaPrevia = {
  periodo: { periodicidad: string; meses: string; anio: number; desde: string; hasta: string }
  ventas: { _id: string; folio: string; fecha: string; total: number; metodoPago: string }[]
  subtotal: number
  iva: number
  total: number
  formaPago: string
}
export type GlobalRequest = VistaPreviaArgs & { ventas: string[] }

export type ProductoSinClave = { _id: string; nombre: string; modelo: string }

/** The download URL of a factura's PDF or XML; with `clave` it works without a session. */
export function facturaFileUrl(id: string, format: 'pdf' | 'xml', clave?: string): string {
  const q = clave ? `?clave=${encodeURIComponent(clave)}` : ''
  return `/v1/facturas/${encodeURIComponent(id)}/${format}${q}`
}
