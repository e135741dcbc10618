import type { Factura } from '@/features/invoicing/types'
import { facturaFileUrl } from '@/features/invoicing/types'
import { TIMBRANDO } from '@/features/invoicing/fiscal-check'

/** 'Descargar PDF' and 'Descargar XML' of a factura, with its download token. */
export function FacturaLinks({ factura }: { factura: Pick<Factura, '_id' | 'descarga'> }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a className="btn-secondary min-h-11 px-3 py-1.5" href={facturaFileUrl(factura._id, 'pdf', factura.descarga)} download>
        Descargar PDF
      </a>
      <a className="btn-secondary min-h-11 px-3 py-1.5" href={facturaFileUrl(factura._id, 'xml', factura.descarga)} download>
        Descargar XML
      </a>
    </div>
  )
}

/** What the customer sees once the factura was asked for: stamped (UUID, files, e-mail) or still stamping. */
export function FacturaResult({ factura }: { factura: Factura }) {
  if (factura.estado === 'timbrando' || !factura.uuid) {
    return (
      <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        {factura.mensaje || TIMBRANDO}
      </p>
    )
  }
  return (
    <div role="status" className="space-y-3 rounded-xl bg-teal-50 px-4 py-3 text-sm text-teal-950">
      <p className="font-semibold">Factura emitida</p>
      <p>
        <span className="text-teal-800">UUID: </span>
        <span className="font-mono break-all">{factura.uuid}</span>
      </p>
      <FacturaLinks factura={factura} />
      <p className="[overflow-wrap:anywhere]">Te la enviamos a {factura.receptor.email}</p>
    </div>
  )
}
