import { PerfilPage } from '@/features/session/components/perfil-page'
import { ComprasPage } from '@/features/session/components/compras-page'
import type { Compra } from '@/features/session/cuenta-types'
import { DatosFiscales } from '@/features/invoicing/components/datos-fiscales'
import { CompraFactura } from '@/features/invoicing/components/facturar-compra'

/** `/usuarios/perfil`: the account (session feature) with its 'Datos fiscales' (invoicing feature). */
export function PerfilRoot() {
  return <PerfilPage fiscal={<DatosFiscales />} />
}

function facturaAction(p: Compra) {
  const compra = { id: p._id, folio: String(p.folio ?? p._id), pagada: p.pago === 'Pagado', factura: p.factura }
  return <CompraFactura compra={compra} />
}

/** `/usuarios/compras`: the purchases (session feature), each with its invoicing line (invoicing feature). */
export function ComprasRoot() {
  return <ComprasPage facturaAction={facturaAction} />
}
