import { CortePage } from '@/features/cashcut/components/corte-page'
import { FacturaGlobalButton } from '@/features/invoicing/staff/factura-global-button'

/** `/corte`: the cash cut, with invoicing's 'Factura global' among its actions (features do not import each other). */
export function CorteRoot() {
  return <CortePage actions={<FacturaGlobalButton />} />
}
