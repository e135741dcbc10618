import { useSearchParams } from 'react-router'
import { useAppSelector } from '@/lib/hooks'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatDateTime } from '@/lib/dates'
import { selectUsuario } from '@/lib/session-slice'
import { useGetConfigQuery } from '@/lib/config-api'
import { errorText } from '@/lib/api-errors'
import { usePrintWhenReady } from '@/lib/print'
import { useGetCorteQuery, useGetPendientePorMetodoQuery, useGetPendientePorUsuarioQuery, useGetPendienteCajaQuery } from '@/features/cashcut/api'
import { EfectivoSummary } from '@/features/cashcut/components/efectivo-summary'
import { MovimientoList } from '@/features/cashcut/components/movimientos-caja'
import { CorteVentas } from '@/features/cashcut/components/corte-ventas'
import { CorteSummary } from '@/features/cashcut/components/corte-summary'
import { CorteTotals } from '@/features/cashcut/components/corte-totals'
import { corteTitle } from '@/features/cashcut/helpers'
import './corte-print.css'

function PendingTotals() {
  const byMethod = useGetPendientePorMetodoQuery(undefined, { refetchOnMountOrArgChange: true })
  const byUsuario = useGetPendientePorUsuarioQuery(undefined, { refetchOnMountOrArgChange: true })
  const caja = useGetPendienteCajaQuery(undefined, { refetchOnMountOrArgChange: true })
  const error = byMethod.error
    ? errorText(byMethod.error, 'Error al obtener el reporte por metodo de pago')
    : byUsuario.error
      ? errorText(byUsuario.error, 'Error al obtener el reporte por usuario')
      : caja.error
        ? errorText(caja.error, 'Error al obtener el efectivo en caja')
        : ''
  const ready = Boolean(byMethod.data && byUsuario.data && caja.data)
  usePrintWhenReady(ready)
  if (error) return <p role="alert">{error}</p>
  if (!ready) return <p role="status">Cargando…</p>
  return (
    <>
      <p className="text-xs">Ventas pendientes de corte</p>
      <div className="mt-3">
        <CorteTotals byMethod={byMethod.data} byUsuario={byUsuario.data} compact />
      </div>
      {caja.data ? (
        <>
          <EfectivoSummary efectivo={caja.data} porCajero={caja.data.porCajero} compact />
          <MovimientoList movimientos={caja.data.movimientos} compact />
        </>
      ) : null}
    </>
  )
}

function CorteById({ id }: { id: string }) {
  const { data: cut, error } = useGetCorteQuery(id)
  usePrintWhenReady(Boolean(cut))
  if (error) return <p role="alert">{errorText(error, 'Error al obtener el corte')}</p>
  if (!cut) return <p role="status">Cargando…</p>
  return (
    <>
      <p className="text-sm font-bold">{corteTitle(cut)}</p>
      <div className="mt-2 border-t border-dashed border-black pt-2">
        <CorteSummary corte={cut} compact />
      </div>
      <div className="mt-3">
        <CorteTotals byMethod={cut.porMetodo} byUsuario={cut.porUsuario} compact />
      </div>
      <EfectivoSummary efectivo={cut} porCajero={cut.porCajero} compact />
      <MovimientoList movimientos={cut.movimientos} compact />
      <CorteVentas ventas={cut.ventas} compact />
    </>
  )
}

/** `/corte/print`: a clean receipt of the pending totals, or of the cut given by `?id=`. */
export function CortePrintPage() {
  useDocumentTitle('Corte de caja')
  const [params] = useSearchParams()
  const id = params.get('id')
  const usuario = useAppSelector(selectUsuario)
  const { data: config } = useGetConfigQuery()
  const printedAt = formatDateTime(new Date())

  return (
    <main className="min-h-dvh bg-slate-100 py-6 print:bg-white print:py-0">
      <div className="corte-no-print mx-auto mb-4 flex w-[80mm] max-w-full justify-between gap-2 px-1">
        <button type="button" className="btn-primary min-h-10 px-4" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="btn-secondary min-h-10 px-4" onClick={() => window.close()}>
          Cerrar
        </button>
      </div>
      <article className="corte-receipt mx-auto bg-white p-4 shadow print:p-0 print:shadow-none">
        <header className="border-b border-dashed border-black pb-2 text-center">
          <p className="text-sm font-bold">{config?.tienda.nombre ?? 'Tienda de Seguridad y Redes'}</p>
          {config?.tienda.direccion ? <p className="text-[11px]">{config.tienda.direccion}</p> : null}
          <h1 className="mt-2 text-base font-bold uppercase">Corte de caja</h1>
          <p className="text-[11px]">Impreso: {printedAt}</p>
          {usuario?.name ? <p className="text-[11px]">Por: {usuario.name}</p> : null}
        </header>
        <div className="mt-3">{id ? <CorteById id={id} /> : <PendingTotals />}</div>
        <footer className="mt-6 border-t border-dashed border-black pt-6 text-center text-[11px]">
          <p>______________________________</p>
          <p>Firma</p>
        </footer>
      </article>
    </main>
  )
}
