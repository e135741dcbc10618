import { useState } from 'react'
import { useGetCatalogosQuery } from '@/features/invoicing/api'
import { FacturaGlobalDialog } from '@/features/invoicing/staff/factura-global-dialog'

/** 'Factura global' and its dialog, for screens outside /facturas (the cash cut). Off while facturación is not configured. */
export function FacturaGlobalButton() {
  const [open, setOpen] = useState(false)
  const { data } = useGetCatalogosQuery()
  const off = data?.configurada === false
  return (
    <>
      <button type="button" className="btn-secondary" disabled={off} title={off ? 'La facturación no está configurada.' : undefined} onClick={() => setOpen(true)}>
        Factura global
      </button>
      {open ? <FacturaGlobalDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}
