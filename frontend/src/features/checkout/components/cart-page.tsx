import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/dialog'
import { AlertIcon, CartIcon, ClearCartIcon, InfoIcon, LogInIcon } from '@/components/icons'
import { Skeleton } from '@/components/skeleton'
import { useInBrowser } from '@/components/use-in-browser'
import { useDocumentTitle } from '@/components/use-document-title'
import { api } from '@/lib/api'
import { apiErrorMessage } from '@/lib/api-errors'
import { formatMoney } from '@/lib/money'
import { telHref } from '@/lib/phone'
import { cartCleared, selectCartItems } from '@/lib/cart-slice'
import { useGetConfigQuery } from '@/lib/config-api'
import { selectIsSignedIn, selectUser } from '@/lib/session-slice'
import { lineKey } from '@/features/checkout/cart-refresh'
import { CartKnownEmpty } from '@/features/checkout/served-empty'
import { cartTotals } from '@/features/checkout/cart-totals'
import { CartRow, type PriceNotice } from '@/features/checkout/components/cart-row'
import { usePlaceOrderMutation } from '@/features/checkout/api'
import { toOrderLines } from '@/features/checkout/order-lines'
import { writeUltimaVenta } from '@/features/checkout/ultima-venta'
import { MercadoPagoCheckout } from '@/features/checkout/components/mercado-pago-checkout'
import { QuienOrdenaDialog } from '@/features/checkout/components/quien-ordena-dialog'

/** SPEC §8: the checkout failure text; `{phone}` is the shop's phone. */
export const ORDER_FAILED = 'La orden no se ha completado, contacta con nosotros {phone} para mas informacion'
const DEFAULT_PHONE = '55 1234 5678'

/** `/carrito` (SPEC §2 Cart): lines, totals with IVA, and the two ways to pay. */
export function CartPage() {
  useDocumentTitle('Tu Carrito')
  const inBrowser = useInBrowser()
  // Prerendering the page for a browser whose cart is empty (served-empty.ts).
  const knownEmpty = useContext(CartKnownEmpty)
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const items = useAppSelector(selectCartItems)
  const signedIn = useAppSelector(selectIsSignedIn)
  const user = useAppSelector(selectUser)
  const { data: config } = useGetConfigQuery()
  const phone = config?.tienda?.telefono || DEFAULT_PHONE
  const [placeOrder, { isLoading: placing }] = usePlaceOrderMutation()

  const [confirmClear, setConfirmClear] = useState(false)
  const [askName, setAskName] = useState(false)
  const [orderError, setOrderError] = useState<string | null>(null)
  const [notices, setNotices] = useState<PriceNotice[]>([])
  const [problems, setProblems] = useState<Record<string, string>>({})

  const totals = useMemo(() => cartTotals(items), [items])
  // Phones: while the summary is off screen, a bar above the tab bar shows the total and leads to it.
  const summary = useRef<HTMLElement>(null)
  const [summaryInView, setSummaryInView] = useState(true)
  const hasItems = items.length > 0
  useEffect(() => {
    const node = summary.current
    if (!hasItems || !node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setSummaryInView(entry.isIntersecting), { threshold: 0.15 })
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasItems])
  const onPriceChange = useCallback(
    (n: PriceNotice) => setNotices((all) => [...all.filter((x) => x.key !== n.key), n]),
    [],
  )
  const onProblem = useCallback(
    (key: string, problem: string | null) =>
      setProblems((all) => {
        if ((all[key] ?? null) === problem) return all
        const next = { ...all }
        if (problem) next[key] = problem
        else delete next[key]
        return next
      }),
    [],
  )
  const keys = new Set(items.map(lineKey))
  const blocked = Object.keys(problems).some((k) => keys.has(k))
  // Online payment is prepared for exactly these lines; any change starts it again.
  const cartSignature = items.map((i) => `${lineKey(i)}x${i.cantidad}`).join('|')

  const clearAll = () => {
    dispatch(cartCleared())
    setConfirmClear(false)
  }

  const order = async (cliente: string) => {
    setOrderError(null)
    try {
      const venta = await placeOrder({ cliente, carrito: toOrderLines(items) }).unwrap()
      writeUltimaVenta(venta)
      dispatch(cartCleared())
      navigate('/carrito/gracias')
    } catch (error) {
      const err = error as Parameters<typeof apiErrorMessage>[0]
      const offline = err && 'status' in err && err.status === 'FETCH_ERROR'
      setAskName(false)
      setOrderError(
        apiErrorMessage(err, offline ? 'No hay conexión con la tienda. Revisa tu internet e inténtalo de nuevo.' : 'No pudimos registrar tu orden.'),
      )
      // Stock or prices may have changed: the lines check the catalogue again and flag themselves.
      dispatch(api.util.invalidateTags(['Producto']))
    }
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 pt-5 pb-8 sm:pt-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-brand-900">Tu Carrito</h1>
        {inBrowser && items.length > 0 ? (
          <button
            type="button"
            onClick={() => setConfirmClear(true)}
            aria-label="Vaciar carrito"
            title="Vaciar carrito"
            className="rounded-full p-2.5 text-slate-500 transition hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-teal-500"
          >
            <ClearCartIcon size={22} />
          </button>
        ) : null}
      </div>

      {!inBrowser && !knownEmpty ? (
        // Prerendered: the cart is in browser storage, unknown here; the app shows it once loaded.
        <div className="mt-6" aria-busy="true">
          <Skeleton className="h-80 w-full rounded-3xl" />
          <span className="sr-only">Cargando tu carrito…</span>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CartIcon size={30} />
          </span>
          <p className="mt-4 text-lg font-semibold text-slate-800">Carrito de compras vacio</p>
          <p className="mt-1 text-sm text-slate-500">Agrega cámaras, redes y más desde el catálogo.</p>
          <Link to="/" className="btn-primary mt-6">
            Seguir comprando
          </Link>
        </div>
      ) : (
        <>
          {notices.length > 0 ? (
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
                <button type="button" className="link mt-1.5 text-sky-800" onClick={() => setNotices([])}>
                  Entendido
                </button>
              </div>
            </div>
          ) : null}

          <div className="mt-4 gap-6 md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
            <ul className="space-y-3" aria-label="Productos en tu carrito">
              {items.map((item) => (
                <CartRow key={lineKey(item)} item={item} onPriceChange={onPriceChange} onProblem={onProblem} />
              ))}
            </ul>

            <aside
              ref={summary}
              aria-label="Resumen de tu compra"
              className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:sticky md:top-4 md:mt-0 md:p-5"
            >
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between text-slate-600">
                  <dt>Subtotal</dt>
                  <dd className="tabular-nums" data-testid="subtotal">
                    {formatMoney(totals.subtotal)}
                  </dd>
                </div>
                <div className="flex justify-between text-slate-600">
                  <dt>IVA (16%)</dt>
                  <dd className="tabular-nums" data-testid="iva">
                    {formatMoney(totals.iva)}
                  </dd>
                </div>
                <div className="flex items-baseline justify-between border-t border-slate-200 pt-3 text-base font-bold text-brand-900">
                  <dt>Total</dt>
                  <dd className="text-xl tabular-nums" data-testid="total">
                    {formatMoney(totals.total)}
                  </dd>
                </div>
              </dl>

              {orderError ? (
                <div role="alert" className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
                  <p className="flex gap-2 font-semibold">
                    <AlertIcon size={18} className="mt-px shrink-0" />
                    <span>
                      {ORDER_FAILED.split('{phone}')[0]}
                      <a href={telHref(phone)} className="underline">
                        {phone}
                      </a>
                      {ORDER_FAILED.split('{phone}')[1]}
                    </span>
                  </p>
                  <p className="mt-1.5 pl-[26px]" data-testid="order-error">
                    {orderError}
                  </p>
                </div>
              ) : null}

              {blocked ? (
                <p className="mt-4 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
                  Revisa los productos marcados antes de ordenar.
                </p>
              ) : null}

              <div className="mt-4 space-y-3">
                {signedIn ? (
                  <>
                    <button
                      type="button"
                      className="btn-primary min-h-12 w-full"
                      disabled={blocked || placing}
                      onClick={() => setAskName(true)}
                    >
                      Pagar en caja
                    </button>
                    <div className="flex items-center gap-3 text-xs text-slate-400" aria-hidden="true">
                      <span className="h-px flex-1 bg-slate-200" />o paga en línea
                      <span className="h-px flex-1 bg-slate-200" />
                    </div>
                    <MercadoPagoCheckout key={cartSignature} items={items} disabled={blocked} />
                  </>
                ) : (
                  <Link to="/login" className="btn-primary min-h-12 w-full">
                    <LogInIcon size={18} />
                    Iniciar sesión para poder Ordenar
                  </Link>
                )}
              </div>
            </aside>
          </div>
        </>
      )}

      {hasItems && !summaryInView ? (
        <div className="animate-fade-in fixed inset-x-0 bottom-[calc(3.6rem+env(safe-area-inset-bottom))] z-30 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-6px_20px_rgba(15,23,42,0.08)] backdrop-blur md:hidden">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-3">
            <div>
              <p className="text-[11px] text-slate-500">Total con IVA</p>
              <p className="text-lg leading-tight font-bold text-brand-900 tabular-nums">{formatMoney(totals.total)}</p>
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
      ) : null}

      <ConfirmDialog
        open={confirmClear}
        title="Vaciar carrito"
        description="¿Quieres quitar todos los productos de tu carrito?"
        onCancel={() => setConfirmClear(false)}
        onConfirm={clearAll}
      />
      <QuienOrdenaDialog
        open={askName}
        onClose={() => setAskName(false)}
        defaultName={user?.name ?? ''}
        busy={placing}
        onSubmit={order}
      />
    </section>
  )
}
