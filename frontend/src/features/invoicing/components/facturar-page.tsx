import { useState, type FormEvent } from 'react'
import { ErrorNote } from '@/components/error-note'
import { FormField } from '@/components/form-field'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import { formatDate } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { useFindVentaPublicaMutation, useCreateFacturaPublicaMutation, useGetCatalogosQuery } from '@/features/invoicing/api'
import type { BuscarVentaRequest, Catalogos, VentaFacturable } from '@/features/invoicing/types'
import { catalogosFailed, EMIT_FAILED, EMPTY_PERFIL, NOT_CONFIGURED, NOT_FOUND } from '@/features/invoicing/fiscal-check'
import { usePerfilForm } from '@/features/invoicing/use-perfil-form'
import { FacturaResult } from '@/features/invoicing/components/factura-result'
import { CatalogosError, FiscalFields } from '@/features/invoicing/components/fiscal-fields'

/** '$1,234.50' or '1234.5' -> 1234.5; NaN when it is not an amount. */
function parseTotal(text: string): number {
  const clean = text.replace(/[$,\s]/g, '')
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Number(clean) : Number.NaN
}

/** Step 1: the folio and the total printed on the ticket. */
function BuscarForm({ onFound }: { onFound: (venta: VentaFacturable, pair: BuscarVentaRequest) => void }) {
  const [buscar, call] = useFindVentaPublicaMutation()
  const [folio, setFolio] = useState('')
  const [total, setTotal] = useState('')
  const [local, setLocal] = useState<{ folio?: string; total?: string }>({})
  const server = serverFieldErrors(call.error)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const pair = { folio: folio.trim(), total: parseTotal(total) }
    const errors = {
      folio: pair.folio ? undefined : 'Escribe el folio del ticket.',
      total: Number.isFinite(pair.total) && pair.total > 0 ? undefined : 'Escribe el total tal como aparece en el ticket.',
    }
    setLocal(errors)
    const form = event.currentTarget
    if (errors.folio || errors.total) {
      form.querySelector<HTMLInputElement>(`[name="${errors.folio ? 'folio' : 'total'}"]`)?.focus()
      return
    }
    const result = await buscar(pair)
    if ('data' in result && result.data) onFound(result.data, pair)
  }
  const general = call.error && !server.folio && !server.total ? apiErrorMessage(call.error, NOT_FOUND) : ''
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Folio" name="folio" autoComplete="off" value={folio} onChange={(e) => setFolio(e.target.value)} error={local.folio ?? server.folio} />
      <FormField
        label="Total del ticket"
        name="total"
        inputMode="decimal"
        autoComplete="off"
        hint="Con centavos, como aparece en el ticket: 1234.50"
        value={total}
        onChange={(e) => setTotal(e.target.value)}
        error={local.total ?? server.total}
      />
      {general ? <ErrorNote>{general}</ErrorNote> : null}
      <button type="submit" className="btn-primary w-full" disabled={call.isLoading}>
        {call.isLoading ? 'Buscando…' : 'Buscar compra'}
      </button>
    </form>
  )
}

/** The sale found: folio, date and total, and why it cannot be invoiced when it cannot. */
function VentaCard({ venta }: { venta: VentaFacturable }) {
  const reason = venta.motivo || (venta.factura ? 'Esta compra ya está facturada.' : '')
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Folio</dt>
          <dd className="font-semibold break-all text-slate-900">{venta.folio}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Fecha</dt>
          <dd className="text-slate-800">{formatDate(venta.fecha)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Total</dt>
          <dd className="font-semibold text-brand-900 tabular-nums">{formatMoney(venta.total)}</dd>
        </div>
      </dl>
      {venta.facturable ? (
        <p className="mt-2 text-sm text-slate-600">Puedes facturarla hasta el {formatDate(venta.plazo)}.</p>
      ) : (
        <p role="alert" className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {reason || 'Esta compra no se puede facturar.'}
        </p>
      )}
    </div>
  )
}

/** Step 2: the fiscal data and 'Emitir factura'. */
function EmitirForm({ pair, catalogos }: { pair: BuscarVentaRequest; catalogos?: Catalogos }) {
  const [facturar, call] = useCreateFacturaPublicaMutation()
  const { value, setValue, errors, validate, fieldsRef, generalError } = usePerfilForm(EMPTY_PERFIL, call.error)
  if (call.data) return <FacturaResult factura={call.data} />
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (call.isLoading) return
    const data = validate()
    if (data) await facturar({ ...pair, ...data })
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Datos fiscales">
      <h2 className="section-title">Datos fiscales</h2>
      <div ref={fieldsRef}>
        <FiscalFields value={value} onChange={setValue} catalogos={catalogos} errors={errors} />
      </div>
      {generalError ? <ErrorNote>{apiErrorMessage(call.error, EMIT_FAILED)}</ErrorNote> : null}
      <button type="submit" className="btn-primary w-full" disabled={call.isLoading}>
        {call.isLoading ? 'Emitiendo…' : 'Emitir factura'}
      </button>
    </form>
  )
}

/** `/facturar`: a customer invoices a purchase with the folio and total of its ticket, no account needed. */
export function FacturarPage() {
  useDocumentTitle('Facturar mi compra')
  const catalogos = useGetCatalogosQuery()
  const [found, setFound] = useState<{ venta: VentaFacturable; pair: BuscarVentaRequest } | null>(null)
  const configured = catalogos.data?.configurada !== false
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Facturar mi compra</h1>
      <p className="mt-1 text-sm text-slate-600">Necesitas el folio y el total de tu ticket.</p>
      <div className="mt-6 space-y-6">
        {catalogosFailed(catalogos) ? (
          <CatalogosError query={catalogos} />
        ) : !configured ? (
          <p role="status" className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-700">
            {NOT_CONFIGURED}
          </p>
        ) : found ? (
          <>
            <VentaCard venta={found.venta} />
            {found.venta.facturable ? <EmitirForm pair={found.pair} catalogos={catalogos.data} /> : null}
            <button type="button" className="link text-sm" onClick={() => setFound(null)}>
              Buscar otra compra
            </button>
          </>
        ) : (
          <BuscarForm onFound={(venta, pair) => setFound({ venta, pair })} />
        )}
      </div>
    </section>
  )
}
