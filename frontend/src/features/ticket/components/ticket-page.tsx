import { useLayoutEffect, useRef, useState } from 'react'
import { useSelector } from 'react-redux'
import { Link, useParams } from 'react-router'
import { useDocumentTitle } from '@/components/use-document-title'
import { errorText } from '@/lib/api-errors'
import { useGetConfigQuery } from '@/lib/config-api'
import { usePrintWhenReady } from '@/lib/print'
import { selectToken } from '@/lib/session-slice'
import { useGetTicketQuery } from '@/features/ticket/api'
import { PAPERS, pageRule, readPaper, writePaper, type Paper } from '@/features/ticket/paper'
import { TicketReceipt } from '@/features/ticket/components/ticket-receipt'
import './ticket.css'

/** Millimetres per CSS pixel (96 to the inch). */
const MM_PER_PX = 25.4 / 96

function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (p: Paper) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3 text-sm">
      <legend className="sr-only">Papel</legend>
      <span className="font-medium text-slate-900" aria-hidden="true">
        Papel
      </span>
      {PAPERS.map((p) => (
        <label key={p.value} className="flex min-h-11 items-center gap-1.5">
          <input type="radio" name="papel" value={p.value} checked={paper === p.value} onChange={() => onChange(p.value)} />
          {p.label}
        </label>
      ))}
    </fieldset>
  )
}

/** The ticket's length in millimetres, measured whenever what it shows changes. */
function useHeightMm(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null)
  const [mm, setMm] = useState(0)
  useLayoutEffect(() => {
    const ticket = ref.current?.querySelector('.ticket')
    if (ticket) setMm(ticket.getBoundingClientRect().height * MM_PER_PX)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again when what it draws changes
  }, deps)
  return { ref, mm }
}

/**
 * `/ventas/ticket/:id` 'Imprimir ticket': the receipt of a sale for a 58 or 80 mm thermal printer
 * or an A4 sheet (the choice is remembered in this browser); the print dialog opens about 1 s
 * after it loads. A customer prints only their own sales (the server says so); staff any.
 */
export function TicketPage() {
  const { id = '' } = useParams()
  const token = useSelector(selectToken)
  const venta = useGetTicketQuery(id, { skip: !token })
  const config = useGetConfigQuery()
  const [paper, setPaper] = useState<Paper>(readPaper)
  const { ref, mm } = useHeightMm([venta.data, config.data, paper])
  useDocumentTitle(venta.data ? `Ticket ${venta.data.folio}` : 'Ticket de venta')
  usePrintWhenReady(Boolean(venta.data) && !config.isLoading)
  const choose = (p: Paper) => {
    setPaper(p)
    writePaper(p)
  }

  return (
    <main className={`ticket-page ticket-${paper} min-h-dvh bg-slate-100 py-6`}>
      <style>{pageRule(paper, mm)}</style>
      <div className="ticket-no-print mx-auto mb-4 flex max-w-md flex-wrap items-center justify-between gap-3 px-4">
        <PaperChoice paper={paper} onChange={choose} />
        <div className="flex gap-2">
          <button type="button" className="btn-primary min-h-10 px-4" onClick={() => window.print()} disabled={!venta.data}>
            Imprimir
          </button>
          <button type="button" className="btn-secondary min-h-10 px-4" onClick={() => window.close()}>
            Cerrar
          </button>
        </div>
      </div>
      <div ref={ref} className="ticket-paper mx-auto w-fit max-w-full bg-white p-4 shadow">
        {!token ? (
          <p>
            <Link to="/login" className="link">
              Inicia sesión
            </Link>{' '}
            para imprimir el ticket.
          </p>
        ) : venta.error ? (
          <p role="alert">{errorText(venta.error, 'Error al obtener la venta')}</p>
        ) : venta.data ? (
          <TicketReceipt venta={venta.data} tienda={config.data?.tienda} />
        ) : (
          <p role="status">Cargando…</p>
        )}
      </div>
    </main>
  )
}
