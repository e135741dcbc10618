import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { AlertIcon } from '@/components/icons'
import { useDocumentTitle } from '@/components/use-document-title'
import { CheckCircleIcon } from '@/components/icons'
import { apiErrorMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/dates'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { formatMoney } from '@/lib/money'
import { telHref } from '@/lib/phone'
import { returnHere } from '@/lib/return-path'
import { useGetConfigQuery } from '@/lib/config-api'
import { operationKind, pagoNotAccepted, shown } from '@/features/checkout/pago-return'
import type { ReturnParams, Venta } from '@/features/checkout/types'
import { usePagoConfirmation } from '@/features/checkout/use-pago-confirmation'

const DEFAULT_PHONE = '55 1234 5678'
/** 'Error al guardar una venta, contacta con nosotros {phone} para mas información', around the phone. */
const SAVE_FAILED = SPEC_MESSAGES.guardarVenta.split('{phone}')

/**
 * `/success`: Mercado Pago sends the shopper back here with the payment's
 * parameters; the server checks the payment with the provider and records the sale once.
 */
export function SuccessPage() {
  useDocumentTitle('Resultado del pago')
  const { data: config } = useGetConfigQuery()
  const phone = config?.tienda?.telefono || DEFAULT_PHONE
  const pago = usePagoConfirmation()
  return (
    <Shell>
      <PagoResult pago={pago} phone={phone} />
    </Shell>
  )
}

type Pago = ReturnType<typeof usePagoConfirmation>
type ApiError = Parameters<typeof apiErrorMessage>[0]

/** What there is to say about the payment, by how far its confirmation got. */
function PagoResult({ pago, phone }: { pago: Pago; phone: string }) {
  const { params, already, data, error } = pago
  if (!pago.valid) return <InvalidReturn phone={phone} />
  if (already) return <Receipt venta={already} params={params} saved />
  if (!pago.signedIn) return <SignInToSave params={params} phone={phone} />
  if (data) return <Receipt venta={data.venta} params={params} saved={data.guardada} />
  // The server asked Mercado Pago and did not accept the payment: its reason is all there is to say.
  if (error && pagoNotAccepted(error)) return <NotAccepted error={error} params={params} phone={phone} />
  // No answer about the payment (no connection, the provider or the store down): nothing is
  // claimed about it, only what to do.
  if (error) return <SaveFailed error={error} params={params} phone={phone} onRetry={pago.retry} />
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm" role="status">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-sky-100 border-t-sky-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-800">
        {pago.isUninitialized ? 'Procesando pago…' : pago.isLoading ? 'Guardando venta…' : 'Procesando pago…'}
      </p>
      <p className="text-sm text-slate-500">No cierres esta ventana.</p>
    </div>
  )
}

function InvalidReturn({ phone }: { phone: string }) {
  return (
    <Problem title="Datos de pago inválidos">
      <p>
        No recibimos los datos de tu pago desde Mercado Pago. Si ya pagaste, no repitas el pago: llámanos al{' '}
        <PhoneLink phone={phone} /> con tu comprobante y lo revisamos.
      </p>
      <Actions>
        <Link to="/carrito" className="btn-primary">
          Volver al carrito
        </Link>
      </Actions>
    </Problem>
  )
}

function SignInToSave({ params, phone }: { params: ReturnParams; phone: string }) {
  // Signed in, the shopper comes back to this very return, which then confirms the payment.
  const here = returnHere(useLocation())
  return (
    <Problem title="Inicia sesión para registrar tu pago">
      <p>
        Para que la tienda confirme tu pago y guarde tu venta, inicia sesión con la cuenta con la que compraste y
        vuelve a abrir este enlace, o llámanos al <PhoneLink phone={phone} />. No repitas el pago.
      </p>
      <Technical params={params} />
      <Actions>
        <Link to="/login" state={here} className="btn-primary">
          Iniciar sesión
        </Link>
      </Actions>
    </Problem>
  )
}

function NotAccepted({ error, params, phone }: { error: ApiError; params: ReturnParams; phone: string }) {
  return (
    <Problem title="Tu pago no se confirmó">
      <p data-testid="motivo" className="font-medium">
        {apiErrorMessage(error, 'Mercado Pago no confirmó este pago.')}
      </p>
      <p>
        ¿Dudas? Llámanos al <PhoneLink phone={phone} />.
      </p>
      <Technical params={params} />
      <Actions>
        <Link to="/carrito" className="btn-primary">
          Volver al carrito
        </Link>
        <Link to="/tiendas" className="btn-secondary">
          Contactar a la tienda
        </Link>
      </Actions>
    </Problem>
  )
}

type SaveFailedProps = { error: ApiError; params: ReturnParams; phone: string; onRetry: () => void }

function SaveFailed({ error, params, phone, onRetry }: SaveFailedProps) {
  return (
    <Problem title="No pudimos guardar tu venta">
      <p data-testid="motivo" className="font-medium">
        {apiErrorMessage(error, 'La tienda no pudo confirmar tu pago en este momento.')}
      </p>
      <p className="font-semibold text-slate-900">Si Mercado Pago ya te cobró, no repitas el pago.</p>
      <p>
        {SAVE_FAILED[0]}
        <PhoneLink phone={phone} />
        {SAVE_FAILED[1]}
      </p>
      <Technical params={params} />
      <Actions>
        <button type="button" className="btn-primary" onClick={onRetry}>
          Reintentar
        </button>
        <Link to="/tiendas" className="btn-secondary">
          Contactar a la tienda
        </Link>
      </Actions>
    </Problem>
  )
}

function Shell({ children }: { children: ReactNode }) {
  return <section className="mx-auto w-full max-w-xl px-4 pt-6 pb-10">{children}</section>
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-col gap-3 sm:flex-row">{children}</div>
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="font-semibold underline">
      {phone}
    </a>
  )
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-3xl border border-rose-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-rose-100 text-rose-600">
          <AlertIcon size={22} />
        </span>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      </div>
      <div className="mt-3 space-y-3 text-sm text-slate-700">{children}</div>
    </div>
  )
}

function Row({ label, value, mono }: { label: string; value: ReactNode; mono?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className={`min-w-0 text-right font-medium break-all text-slate-900 ${mono ? 'font-mono text-[13px]' : ''}`}>{value}</dd>
    </div>
  )
}

function Technical({ params, venta }: { params: ReturnParams; venta?: Venta }) {
  const mp = venta?.mercadoPago
  return (
    <section aria-label="Datos técnicos" className="rounded-2xl bg-slate-50 px-4 py-2">
      <h2 className="pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Datos técnicos</h2>
      <dl className="divide-y divide-slate-200 text-sm">
        <Row label="ID de pago" value={shown(params.payment_id || mp?.payment_id)} mono />
        <Row label="Estado" value={shown(params.status || mp?.status)} mono />
        <Row label="Tipo de pago" value={shown(params.payment_type || mp?.payment_type)} mono />
        <Row label="ID de orden" value={shown(params.merchant_order_id || mp?.merchant_order_id)} mono />
        <Row label="ID de cobro" value={shown(params.collection_id || mp?.collection_id)} mono />
        {venta ? <Row label="Productos procesados" value={String(venta.carrito?.length ?? 0)} /> : null}
      </dl>
    </section>
  )
}

function Receipt({ venta, params, saved }: { venta: Venta; params: ReturnParams; saved: boolean }) {
  const amount = venta.montoCobro ?? venta.total
  const pagoType = params.payment_type || venta.mercadoPago?.payment_type
  const reference = shown(params.external_reference || venta.mercadoPago?.external_reference || venta._id)
  const date = venta.mercadoPago?.timestamp || venta.fecha
  return (
    <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
      <div className="bg-gradient-to-br from-teal-600 to-brand-800 px-5 py-7 text-center text-white">
        <CheckCircleIcon size={44} className="mx-auto text-teal-100" />
        <h1 className="mt-2 text-xl font-bold">¡Pago recibido!</h1>
        <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="monto">
          {formatMoney(amount)}
        </p>
        {saved ? (
          <span
            data-testid="guardada"
            className="mt-3 inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-bold text-teal-700"
          >
            <CheckCircleIcon size={14} />
            Guardada
          </span>
        ) : null}
      </div>
      <div className="space-y-4 p-5">
        <dl className="divide-y divide-slate-100 text-sm">
          <Row label="Tipo de operación" value={operationKind(pagoType)} />
          <Row label="Folio" value={<span data-testid="folio">{venta.folio}</span>} mono />
          <Row label="Referencia" value={reference} mono />
          <Row label="Fecha" value={date ? formatDateTime(date) : '—'} />
        </dl>
        <Technical params={params} venta={venta} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/usuarios/perfil" className="btn-primary flex-1">
            Ver mis compras
          </Link>
          <Link to="/" className="btn-secondary flex-1">
            Seguir comprando
          </Link>
        </div>
      </div>
    </div>
  )
}
