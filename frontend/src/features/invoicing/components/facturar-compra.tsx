import { useState } from 'react'
import { Dialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { apiErrorMessage } from '@/lib/api-errors'
import type { VentaFactura } from '@/lib/venta'
import {
  useCreateFacturaMutation,
  useGetCatalogosQuery,
  useListPerfilesQuery,
  useLazyGetFacturaQuery,
} from '@/features/invoicing/api'
import type { Catalogos, Perfil } from '@/features/invoicing/types'
import { catalogosFailed, EMIT_FAILED, NOT_CONFIGURED } from '@/features/invoicing/fiscal-check'
import { FacturaLinks, FacturaResult } from '@/features/invoicing/components/factura-result'
import { InlinePerfilForm } from '@/features/invoicing/components/inline-perfil-form'
import { CatalogosError, type CatalogosQuery } from '@/features/invoicing/components/fiscal-fields'

/** What the purchase history tells of one sale. */
export type CompraInfo = { id: string; folio: string; pagada: boolean; factura?: VentaFactura }

type DialogProps = { compra: CompraInfo; catalogos?: Catalogos; onClose: () => void }

/** The saved profiles to choose from, the default one first chosen. */
function PerfilChoice({ perfiles, chosen, onChoose }: { perfiles: Perfil[]; chosen: string; onChoose: (id: string) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Facturar a</legend>
      {perfiles.map((p) => (
        <label key={p._id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
          <input type="radio" name="perfil" value={p._id} checked={chosen === p._id} onChange={() => onChoose(p._id)} className="mt-1 h-4 w-4" />
          <span className="min-w-0 text-sm">
            <span className="block font-semibold break-all text-slate-900">{p.rfc}</span>
            <span className="block break-words text-slate-700">{p.razonSocial}</span>
            {/* C.P., uso and e-mail too: two profiles of one RFC never look the same. */}
            <span className="block text-slate-600">
              C.P. {p.codigoPostal} · Uso {p.usoCfdi}
            </span>
            <span className="block text-slate-600 [overflow-wrap:anywhere]">{p.email}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** 'Facturar compra <folio>': the default profile chosen, so 'Facturar' + 'Emitir factura' is all it takes. */
function FacturarDialog({ compra, catalogos, onClose }: DialogProps) {
  const perfiles = useListPerfilesQuery()
  const [facturar, call] = useCreateFacturaMutation()
  const [chosen, setChosen] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const list = perfiles.data ?? []
  const perfilId = chosen ?? (list.find((p) => p.predeterminado) ?? list[0])?._id ?? ''
  const showForm = !perfiles.isLoading && !perfiles.error && (adding || list.length === 0)
  const emit = () => {
    if (perfilId && !call.isLoading) void facturar({ ventaId: compra.id, perfilId })
  }
  const canEmit = !call.data && !showForm && Boolean(perfilId)

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Facturar compra ${compra.folio}`}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {call.data ? 'Listo' : 'Cancelar'}
          </button>
          {canEmit ? (
            <button type="button" className="btn-primary" onClick={emit} disabled={call.isLoading}>
              {call.isLoading ? 'Emitiendo…' : 'Emitir factura'}
            </button>
          ) : null}
        </>
      }
    >
      <div className="max-h-[60dvh] space-y-4 overflow-y-auto px-0.5 pb-1">
        {call.data ? (
          <FacturaResult factura={call.data} />
        ) : (
          <>
            {perfiles.isLoading ? <p className="text-sm text-slate-500">Cargando datos fiscales…</p> : null}
            {perfiles.error ? <ErrorNote>{apiErrorMessage(perfiles.error, 'No pudimos cargar tus datos fiscales.')}</ErrorNote> : null}
            {list.length === 0 && showForm ? <p className="text-sm text-slate-700">Agrega los datos fiscales a los que emitiremos la factura.</p> : null}
            {showForm ? (
              <InlinePerfilForm
                catalogos={catalogos}
                first={list.length === 0}
                onCancel={list.length > 0 ? () => setAdding(false) : undefined}
                onSaved={(p) => {
                  setChosen(p._id)
                  setAdding(false)
                }}
              />
            ) : null}
            {!showForm && list.length > 0 ? (
              <>
                <PerfilChoice perfiles={list} chosen={perfilId} onChoose={setChosen} />
                <button type="button" className="link text-sm" onClick={() => setAdding(true)}>
                  Agregar otros datos fiscales
                </button>
              </>
            ) : null}
            {call.error ? <ErrorNote>{apiErrorMessage(call.error, EMIT_FAILED)}</ErrorNote> : null}
          </>
        )}
      </div>
    </Dialog>
  )
}

/** 'Descargar factura': asks for the factura (the owner may), then offers its files. */
function FacturaDownload({ id }: { id: string }) {
  const [load, factura] = useLazyGetFacturaQuery()
  if (factura.data) return <FacturaLinks factura={factura.data} />
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn-secondary min-h-11 px-3 py-1.5" onClick={() => void load(id)} disabled={factura.isFetching}>
        {factura.isFetching ? 'Cargando…' : 'Descargar factura'}
      </button>
      {factura.error ? (
        <span role="alert" className="text-sm text-rose-700">
          {apiErrorMessage(factura.error, 'No pudimos obtener la factura.')}
        </span>
      ) : null}
    </span>
  )
}

type LineProps = { compra: CompraInfo; catalogos: CatalogosQuery; onFacturar: () => void }

/** The line of one purchase before the dialog: what it shows depends on the sale and the shop. */
function CompraLine({ compra, catalogos, onFacturar }: LineProps) {
  if (compra.factura?.tipo === 'global') {
    return <p className="text-sm font-medium text-slate-700">Incluida en factura global</p>
  }
  if (compra.factura) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">Facturada</span>
        <FacturaDownload id={compra.factura.id} />
      </div>
    )
  }
  if (!compra.pagada) return null
  if (catalogosFailed(catalogos)) return <CatalogosError query={catalogos} compact />
  const configurada = catalogos.data?.configurada
  if (configurada === undefined) return null
  if (!configurada) return <p className="text-sm text-slate-600">{NOT_CONFIGURED}</p>
  return (
    <button type="button" className="btn-primary min-h-11 px-3 py-1.5" onClick={onFacturar} aria-label={`Facturar compra ${compra.folio}`}>
      Facturar
    </button>
  )
}

/**
 * The invoicing line of one purchase: 'Facturar', 'Facturada' (+ files) or 'Incluida en factura
 * global'. The dialog stays open with its result while the history, asked again, shows 'Facturada'.
 */
export function CompraFactura({ compra }: { compra: CompraInfo }) {
  const catalogos = useGetCatalogosQuery()
  const [open, setOpen] = useState(false)
  return (
    <>
      <CompraLine compra={compra} catalogos={catalogos} onFacturar={() => setOpen(true)} />
      {open ? <FacturarDialog compra={compra} catalogos={catalogos.data} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
