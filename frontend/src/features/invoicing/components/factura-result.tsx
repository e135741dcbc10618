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

/**
 * Where the factura went: to the receptor's e-mail only when the server says it was sent;
 * otherwise the files above are the way to get it.
 */
function CorreoNote({ factura }: { factura: Factura }) {
  const email = factura.receptor.email
  if (factura.correo === 'enviado') return <p className="[overflow-wrap:anywhere]">Te la enviamos a {email}</p>
  if (factura.correo === 'enviando') {
    return <p className="[overflow-wrap:anywhere]">Te la enviaremos a {email} en unos minutos; mientras, descárgala aquí.</p>
  }
  return <p>No te la enviamos por correo: descarga el PDF y el XML aquí y guárdalos.</p>
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
      <CorreoNote factura={factura} />
      <FacturaLinks factura={factura} />
    </div>
  )
}
