import type { Catalogos, Factura, VistaPrevia } from '@/features/invoicing/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { catalogos as fiscal } from '@/features/invoicing/test-fixtures'

export const UUID_A = '5FB2822E-396D-4725-8521-CDC4BDD20CCF'
export const UUID_B = '0B2D3C4E-1A2B-4C3D-8E9F-A1B2C3D4E5F6'

/** A stamped individual factura, with overrides. */
export function factura(overrides: Partial<Factura> = {}): Factura {
  return {
    _id: 'f1',
    tipo: 'individual',
    estado: 'valida',
    uuid: UUID_A,
    serie: 'F',
    folio: '101',
    fecha: '2026-03-05T20:07:00.000Z',
    timbradaEn: '2026-03-05T20:08:00.000Z',
    receptor: {
      rfc: 'EKU9003173C9',
      razonSocial: 'ESCUELA KEMPER URGATE',
      regimenFiscal: '601',
      codigoPostal: '42501',
      usoCfdi: 'G03',
      email: 'facturas@kemper.mx',
    },
    ventas: [{ _id: 'v1', folio: '20260305-140700-0001', total: 4545.11 }],
    formaPago: '01',
    metodoPago: 'PUE',
    subtotal: 3918.2,
    descuento: 0,
    iva: 626.91,
    total: 4545.11,
    conceptos: [],
    sinClaveSat: [],
    descarga: 'tok',
    ...overrides,
  }
}

export const catalogos = (configurada = true): Catalogos => ({
  configurada,
  regimenes: fiscal.regimenes,
  usos: fiscal.usos,
  motivos: [
    { clave: '01', descripcion: 'Comprobante emitido con errores con relación', requiereSustitucion: true },
    { clave: '02', descripcion: 'Comprobante emitido con errores sin relación', requiereSustitucion: false },
    { clave: '03', descripcion: 'No se llevó a cabo la operación', requiereSustitucion: false },
    { clave: '04', descripcion: 'Operación nominativa relacionada en una factura global', requiereSustitucion: false },
  ],
  diasGracia: 0,
})

export const facturasPage = (facturas: Factura[], meta: Partial<{ page: number; limit: number; total: number; hasMore: boolean }> = {}) => ({
  facturas,
  meta: { page: 1, limit: 25, total: facturas.length, hasMore: false, ...meta },
})

export const vistaPrevia = (ventas: VistaPrevia['ventas']): VistaPrevia => ({
  periodo: { periodicidad: '01', meses: '03', anio: 2026, desde: '2026-03-05', hasta: '2026-03-05' },
  ventas,
  subtotal: 1000,
  iva: 160,
  total: 1160,
  formaPago: '01',
})

type Routes = Parameters<typeof mockServer>[0]

/** The server of the staff invoicing screens; `extra` adds or replaces routes. */
export function invoicingServer(extra: Routes = {}, { configurada = true, facturas = [factura()] }: { configurada?: boolean; facturas?: Factura[] } = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/facturas/catalogos': json(catalogos(configurada)),
    'GET /v1/facturas/sin-clave-sat': json({ productos: [], meta: { page: 1, limit: 25, total: 0, hasMore: false } }),
    'GET /v1/facturas': json(facturasPage(facturas)),
    ...extra,
  })
}

/** The query of a request as a plain object. */
export const queryOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams)
