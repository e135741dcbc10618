import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AlertIcon, ClockIcon } from '@/components/icons'
import { useDocumentTitle } from '@/components/use-document-title'
import { telHref } from '@/lib/phone'
import { useGetConfigQuery } from '@/lib/config-api'
import { shown } from '@/features/checkout/pago-return'

function usePhone() {
  const { data } = useGetConfigQuery()
  return data?.tienda?.telefono || '55 1234 5678'
}

function PagoNotice({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'rose' | 'amber'
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  useDocumentTitle(title)
  const colors = tone === 'rose' ? 'bg-rose-100 text-rose-600' : 'bg-amber-100 text-amber-700'
  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-6 pb-10">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <span className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${colors}`}>{icon}</span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-3 space-y-3 text-sm text-slate-700">{children}</div>
      </div>
    </section>
  )
}

/** `/failure`: Mercado Pago did not take the payment; the cart is still there. */
export function FailurePage() {
  const phone = usePhone()
  return (
    <PagoNotice tone="rose" icon={<AlertIcon size={28} />} title="El pago no se completó">
      <p>Mercado Pago no pudo procesar tu pago y no se hizo ningún cargo.</p>
      <p>
        Tus productos siguen en tu carrito: puedes intentarlo de nuevo con otro medio de pago o elegir{' '}
        <strong>Pagar en caja</strong> y pagar en la tienda.
      </p>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:justify-center">
        <Link to="/carrito" className="btn-primary">
          Volver al carrito
        </Link>
        <a href={telHref(phone)} className="btn-secondary">
          Llamar a la tienda
        </a>
      </div>
    </PagoNotice>
  )
}

/** `/pending`: the payment waits for approval (cash at a store, bank transfer). */
export function PendingPage() {
  const phone = usePhone()
  const [search] = useSearchParams()
  const pagoId = shown(search.get('payment_id') ?? search.get('collection_id') ?? '')
  return (
    <PagoNotice tone="amber" icon={<ClockIcon size={28} />} title="Pago pendiente">
      <p>
        Tu pago está en espera de aprobación. Esto pasa con pagos en efectivo o transferencias: Mercado Pago nos avisará
        en cuanto se acredite.
      </p>
      <p>
        <strong>No vuelvas a pagar.</strong> Tus productos quedan apartados mientras el pago está vigente; cuando se
        apruebe, tu orden aparecerá en tu historial de compras.
      </p>
      {pagoId !== '—' ? (
        <p className="rounded-xl bg-slate-50 px-3 py-2 font-mono text-xs text-slate-600">ID de pago: {pagoId}</p>
      ) : null}
      <p>
        ¿Dudas? Llámanos al{' '}
        <a href={telHref(phone)} className="font-semibold underline">
          {phone}
        </a>
        .
      </p>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:justify-center">
        <Link to="/usuarios/perfil" className="btn-primary">
          Ver mis compras
        </Link>
        <Link to="/" className="btn-secondary">
          Seguir comprando
        </Link>
      </div>
    </PagoNotice>
  )
}
