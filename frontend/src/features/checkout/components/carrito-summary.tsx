import type { Ref } from 'react'
import { Link } from 'react-router'
import { useAppSelector } from '@/lib/hooks'
import { AlertIcon, LogInIcon } from '@/components/icons'
import type { CarritoItem } from '@/lib/carrito'
import { formatMoney } from '@/lib/money'
import { telHref } from '@/lib/phone'
import { selectIsSignedIn } from '@/lib/session-slice'
import { lineKey } from '@/features/checkout/carrito-refresh'
import type { CarritoTotals } from '@/features/checkout/carrito-totals'
import { MercadoPagoCheckout } from '@/features/checkout/components/mercado-pago-checkout'

/** The checkout failure text; `{phone}` is the shop's phone. */
export const ORDEN_FAILED = 'La orden no se ha completado, contacta con nosotros {phone} para mas informacion'

type Props = {
  ref: Ref<HTMLElement>
  items: CarritoItem[]
  totals: CarritoTotals
  /** Why the last 'Pagar en caja' failed, or null. */
  ordenError: string | null
  /** The shop's phone, for the failure text. */
  phone: string
  /** Some line cannot be ordered as it is. */
  blocked: boolean
  /** An order is being placed. */
  placing: boolean
  onPayAtCounter: () => void
}

/** The cart's summary: totals with IVA, why an order failed, and the two ways to pay. */
export function CarritoSummary({ ref, items, totals, ordenError, phone, blocked, placing, onPayAtCounter }: Props) {
  return (
    <aside
      ref={ref}
      aria-label="Resumen de tu compra"
      className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:sticky md:top-4 md:mt-0 md:p-5"
    >
      <Totals totals={totals} />

      {ordenError ? <OrdenFailed message={ordenError} phone={phone} /> : null}

      {blocked ? (
        <p className="mt-4 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          Revisa los productos marcados antes de ordenar.
        </p>
      ) : null}

      <PayOptions items={items} blocked={blocked} placing={placing} onPayAtCounter={onPayAtCounter} />
    </aside>
  )
}

function Totals({ totals }: { totals: CarritoTotals }) {
  return (
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
  )
}

/** The failure text around the shop's phone, and the reason. */
function OrdenFailed({ message, phone }: { message: string; phone: string }) {
  return (
    <div role="alert" className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
      <p className="flex gap-2 font-semibold">
        <AlertIcon size={18} className="mt-px shrink-0" />
        <span>
          {ORDEN_FAILED.split('{phone}')[0]}
          <a href={telHref(phone)} className="underline">
            {phone}
          </a>
          {ORDEN_FAILED.split('{phone}')[1]}
        </span>
      </p>
      <p className="mt-1.5 pl-[26px]" data-testid="order-error">
        {message}
      </p>
    </div>
  )
}

type PayOptionsProps = Pick<Props, 'items' | 'blocked' | 'placing' | 'onPayAtCounter'>

/** 'Pagar en caja' and Mercado Pago for a signed-in shopper; otherwise the way to sign in. */
function PayOptions({ items, blocked, placing, onPayAtCounter }: PayOptionsProps) {
  const signedIn = useAppSelector(selectIsSignedIn)
  // Online payment is prepared for exactly these lines; any change starts it again.
  const carritoSignature = items.map((i) => `${lineKey(i)}x${i.cantidad}`).join('|')
  return (
    <div className="mt-4 space-y-3">
      {signedIn ? (
        <>
          <button type="button" className="btn-primary min-h-12 w-full" disabled={blocked || placing} onClick={onPayAtCounter}>
            Pagar en caja
          </button>
          <div className="flex items-center gap-3 text-xs text-slate-400" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />o paga en línea
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <MercadoPagoCheckout key={carritoSignature} items={items} disabled={blocked} />
        </>
      ) : (
        <Link to="/login" state={{ volver: '/carrito' }} className="btn-primary min-h-12 w-full">
          <LogInIcon size={18} />
          Iniciar sesión para poder Ordenar
        </Link>
      )}
    </div>
  )
}
