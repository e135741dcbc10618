import { useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { Link } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { ConfirmDialog } from '@/components/dialog'
import { CarritoIcon, ClearCarritoIcon, InfoIcon } from '@/components/icons'
import { Skeleton } from '@/components/skeleton'
import { useInBrowser } from '@/components/use-in-browser'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatMoney } from '@/lib/money'
import { carritoCleared, selectCarritoItems } from '@/lib/carrito-slice'
import { useGetConfigQuery } from '@/lib/config-api'
import { selectUsuario } from '@/lib/session-slice'
import { lineKey } from '@/features/checkout/carrito-refresh'
import { CarritoKnownEmpty } from '@/features/checkout/served-empty'
import { carritoTotals } from '@/features/checkout/carrito-totals'
import type { PriceNotice } from '@/features/checkout/use-line-check'
import { useLineReports } from '@/features/checkout/use-line-reports'
import { useCounterOrden } from '@/features/checkout/use-counter-orden'
import { CarritoRow } from '@/features/checkout/components/carrito-row'
import { CarritoSummary } from '@/features/checkout/components/carrito-summary'
import { QuienOrdenaDialog } from '@/features/checkout/components/quien-ordena-dialog'

const DEFAULT_PHONE = '55 1234 5678'
/** The roles that take counter orders for a customer ('Cliente (cuenta)'). */
const STAFF = new Set(['Administrador', 'Auxiliar', 'Cajero', 'Comandero'])

/** `/carrito`: lines, totals with IVA, and the two ways to pay. */
export function CarritoPage() {
  useDocumentTitle('Tu Carrito')
  const inBrowser = useInBrowser()
  // Prerendering the page for a browser whose cart is empty (served-empty.ts).
  const knownEmpty = useContext(CarritoKnownEmpty)
  const dispatch = useAppDispatch()
  const items = useAppSelector(selectCarritoItems)
  const usuario = useAppSelector(selectUsuario)
  const { data: config } = useGetConfigQuery()
  const phone = config?.tienda?.telefono || DEFAULT_PHONE
  const counter = useCounterOrden(items)
  const [confirmClear, setConfirmClear] = useState(false)
  const lines = useLineReports(items)
  const totals = useMemo(() => carritoTotals(items), [items])
  const hasItems = items.length > 0
  // Phones: while the summary is off screen, a bar above the tab bar shows the total and leads to it.
  const [summary, summaryInView] = useInView<HTMLElement>(hasItems)

  const clearAll = () => {
    dispatch(carritoCleared())
    setConfirmClear(false)
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 pt-5 pb-8 sm:pt-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-brand-900">Tu Carrito</h1>
        {inBrowser && items.length > 0 ? <ClearCarritoButton onClick={() => setConfirmClear(true)} /> : null}
      </div>

      {!inBrowser && !knownEmpty ? (
        <CarritoLoading />
      ) : items.length === 0 ? (
        <EmptyCarrito />
      ) : (
        <>
          {lines.notices.length > 0 ? <PriceNotices notices={lines.notices} onDismiss={lines.dismissNotices} /> : null}

          <div className="mt-4 gap-6 md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
            <ul className="space-y-3" aria-label="Productos en tu carrito">
              {items.map((item) => (
                <CarritoRow key={lineKey(item)} item={item} onPriceChange={lines.onPriceChange} onProblem={lines.onProblem} />
              ))}
            </ul>

            <CarritoSummary
              ref={summary}
              items={items}
              totals={totals}
              ordenError={counter.orderError}
              phone={phone}
              blocked={lines.blocked}
              placing={counter.placing}
              onPayAtCounter={() => counter.setAskName(true)}
            />
          </div>
        </>
      )}

      {hasItems && !summaryInView ? <TotalBar total={totals.total} summary={summary} /> : null}

      <ConfirmDialog
        open={confirmClear}
        title="Vaciar carrito"
        description="¿Quieres quitar todos los productos de tu carrito?"
        onCancel={() => setConfirmClear(false)}
        onConfirm={clearAll}
      />
      <QuienOrdenaDialog
        open={counter.askName}
        onClose={() => counter.setAskName(false)}
        defaultName={usuario?.name ?? ''}
        staff={STAFF.has(usuario?.rol ?? '')}
        busy={counter.placing}
        onSubmit={counter.order}
      />
    </section>
  )
}

/** A ref for an element, and whether at least 15% of it is on screen (true until observed). */
function useInView<T extends Element>(observe: boolean) {
  const ref = useRef<T>(null)
  const [inView, setInView] = useState(true)
  useEffect(() => {
    const node = ref.current
    if (!observe || !node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting), { threshold: 0.15 })
    observer.observe(node)
    return () => observer.disconnect()
  }, [observe])
  return [ref, inView] as const
}

function ClearCarritoButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Vaciar carrito"
      title="Vaciar carrito"
      className="flex h-11 w-11 items-center justify-center rounded-full text-slate-500 transition hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-teal-500"
    >
      <ClearCarritoIcon size={22} />
    </button>
  )
}

/** Prerendered: the cart is in browser storage, unknown here; the app shows it once loaded. */
function CarritoLoading() {
  return (
    <div className="mt-6" aria-busy="true">
      <Skeleton className="h-80 w-full rounded-3xl" />
      <span className="sr-only">Cargando tu carrito…</span>
    </div>
  )
}

function EmptyCarrito() {
  return (
    <div className="mt-6 flex flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CarritoIcon size={30} />
      </span>
      <p className="mt-4 text-lg font-semibold text-slate-800">Carrito de compras vacio</p>
      <p className="mt-1 text-sm text-slate-500">Agrega cámaras, redes y más desde el catálogo.</p>
      <Link to="/" className="btn-primary mt-6">
        Seguir comprando
      </Link>
    </div>
  )
}

/** The prices the cart took from today's catalogue, until the shopper dismisses them. */
function PriceNotices({ notices, onDismiss }: { notices: PriceNotice[]; onDismiss: () => void }) {
  return (
    <div role="status" className="mt-4 flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-3.5 text-sm text-sky-900">
      <InfoIcon size={20} className="mt-px shrink-0 text-sky-600" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Actualizamos los precios de tu carrito</p>
        <ul className="mt-1 space-y-0.5">
          {notices.map((n) => (
            <li key={n.key}>
              El precio de {n.nombre} cambió de {formatMoney(n.antes)} a {formatMoney(n.ahora)}.
            </li>
          ))}
        </ul>
        <button type="button" className="link mt-1.5 text-sky-800" onClick={onDismiss}>
          Entendido
        </button>
      </div>
    </div>
  )
}

/** Phones: the total and 'Continuar', which scrolls to the summary. */
function TotalBar({ total, summary }: { total: number; summary: RefObject<HTMLElement | null> }) {
  return (
    <div className="animate-fade-in fixed inset-x-0 bottom-[calc(3.6rem+env(safe-area-inset-bottom))] z-30 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-6px_20px_rgba(15,23,42,0.08)] backdrop-blur md:hidden">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3">
        <div>
          <p className="text-[11px] text-slate-500">Total con IVA</p>
          <p className="text-lg leading-tight font-bold text-brand-900 tabular-nums">{formatMoney(total)}</p>
        </div>
        <button
          type="button"
          className="btn-primary"
          onClick={() => summary.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })}
        >
          Continuar
        </button>
      </div>
    </div>
  )
}
