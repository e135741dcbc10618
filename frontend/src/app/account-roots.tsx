import { ProfilePage } from '@/features/session/components/profile-page'
import { PurchasesPage } from '@/features/session/components/purchases-page'
import type { Purchase } from '@/features/session/account-types'
import { DatosFiscales } from '@/features/invoicing/components/datos-fiscales'
import { CompraFactura } from '@/features/invoicing/components/facturar-compra'

/** `/usuarios/perfil`: the account (session feature) with its 'Datos fiscales' (invoicing feature). */
export function ProfileRoot() {
  return <ProfilePage fiscal={<DatosFiscales />} />
}

function invoiceAction(p: Purchase) {
  const compra = { id: p._id, folio: String(p.folio ?? p._id), pagada: p.pago === 'Pagado', factura: p.factura }
  return <CompraFactura compra={compra} />
}

/** `/usuarios/compras`: the purchases (session feature), each with its invoicing line (invoicing feature). */
export function PurchasesRoot() {
  return <PurchasesPage invoiceAction={invoiceAction} />
}
