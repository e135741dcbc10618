import type { Catalogos, Factura, Perfil } from '@/features/invoicing/types'

/** A small part of the SAT catalogues, as `GET /v1/facturas/catalogos` answers them. */
export const catalogos: Catalogos = {
  configurada: true,
  regimenes: [
    { clave: '601', descripcion: 'General de Ley Personas Morales', fisica: false, moral: true },
    { clave: '605', descripcion: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
    { clave: '612', descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
    { clave: '626', descripcion: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
  ],
  usos: [
    { clave: 'G01', descripcion: 'Adquisición de mercancías', fisica: true, moral: true, regimenes: ['601', '612', '626'] },
    { clave: 'G03', descripcion: 'Gastos en general', fisica: true, moral: true, regimenes: ['601', '612', '626'] },
    { clave: 'D01', descripcion: 'Honorarios médicos, dentales y gastos hospitalarios', fisica: true, moral: false, regimenes: ['605', '612'] },
    { clave: 'S01', descripcion: 'Sin efectos fiscales', fisica: true, moral: true, regimenes: ['601', '605', '612', '626'] },
  ],
  motivos: [
    { clave: '01', descripcion: 'Comprobante emitido con errores con relación', requiereSustitucion: true },
    { clave: '02', descripcion: 'Comprobante emitido con errores sin relación', requiereSustitucion: false },
  ],
  diasGracia: 0,
}

export const perfilFisica: Perfil = {
  _id: 'p1',
  rfc: 'LOAA800101AB1',
  razonSocial: 'ANA LOPEZ ALVAREZ',
  regimenFiscal: '612',
  codigoPostal: '03100',
  usoCfdi: 'G03',
  email: 'ana@correo.mx',
  predeterminado: true,
}

export const perfilMoral: Perfil = {
  _id: 'p2',
  rfc: 'ABC010101AB1',
  razonSocial: 'ABARROTES EL SOL',
  regimenFiscal: '601',
  codigoPostal: '06600',
  usoCfdi: 'G01',
  email: 'facturas@elsol.mx',
  predeterminado: false,
}

/** A stamped factura of one sale. */
export function facturaOf(perfil: Perfil, venta: { _id: string; folio: string; total: number }, extra: Partial<Factura> = {}): Factura {
  const { rfc, razonSocial, regimenFiscal, codigoPostal, usoCfdi, email } = perfil
  const receptor = { rfc, razonSocial, regimenFiscal, codigoPostal, usoCfdi, email }
  return {
    _id: 'f1',
    tipo: 'individual',
    estado: 'valida',
    uuid: '6F0E1D2C-3B4A-4596-8877-665544332211',
    fecha: '2026-05-10T12:00:00Z',
    receptor,
    ventas: [venta],
    formaPago: '01',
    metodoPago: 'PUE',
    subtotal: 100,
    descuento: 0,
    iva: 16,
    total: venta.total,
    conceptos: [],
    sinClaveSat: [],
    descarga: 'tok-123',
    ...extra,
  }
}
