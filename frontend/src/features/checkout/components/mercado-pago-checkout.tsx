import { useEffect, useState } from 'react'
import { initMercadoPago } from '@mercadopago/sdk-react'
import { apiErrorMessage } from '@/lib/api-errors'
import type { CarritoItem } from '@/lib/carrito'
import { useGetConfigQuery } from '@/lib/config-api'
import { useCreatePreferenceMutation } from '@/features/checkout/api'
import { toOrdenLines } from '@/features/checkout/orden-lines'
import { MercadoPagoWallet } from '@/features/checkout/components/mercado-pago-wallet'
import { useAttemptKey } from '@/features/checkout/attempt-key'

export const ONLINE_UNAVAILABLE = 'El pago en línea no está disponible por ahora. Puedes pagar en caja.'

// initMercadoPago only stores the key; call it once per key for the whole visit.
let initializedKey: string | null = null
function initOnce(publicKey: string) {
  if (initializedKey === publicKey) return
  initMercadoPago(publicKey, { locale: 'es-MX' })
  initializedKey = publicKey
}

type Props = { items: CarritoItem[]; disabled?: boolean }

type State =
  | { step: 'idle'; error?: string }
  | { step: 'wallet'; preferenceId: string }
  | { step: 'unavailable'; message: string }

/**
 * 'Pagar con Mercado Pago': creates the preference, then the
 * button gives way to the provider's widget. Without a public key or with the provider down it
 * says so; when the widget's script does not load, the widget offers a retry. The counter stays.
 */
export function MercadoPagoCheckout({ items, disabled }: Props) {
  const { data: config, isLoading: configLoading } = useGetConfigQuery()
  const publicKey = config?.mercadoPagoPublicKey?.trim() ?? ''
  const [createPreference, { isLoading }] = useCreatePreferenceMutation()
  const [state, setState] = useState<State>({ step: 'idle' })
  // A retry of the same cart sends the same key: one order, one preference.
  const attempt = useAttemptKey()

  useEffect(() => {
    if (config && !publicKey) console.info('Mercado Pago: no hay llave pública configurada; el pago en línea está apagado.')
  }, [config, publicKey])

  if (configLoading) return null
  if (!publicKey || state.step === 'unavailable') {
    return (
      <p
        role="note"
        data-testid="mp-unavailable"
        className={`rounded-xl px-3 py-2.5 text-center text-sm ${
          state.step === 'unavailable' ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-600'
        }`}
      >
        {state.step === 'unavailable' ? state.message : ONLINE_UNAVAILABLE}
      </p>
    )
  }

  const pay = async () => {
    setState({ step: 'idle' })
    try {
      const request = { public_key: publicKey, items: toOrdenLines(items) }
      const { id } = await createPreference({ ...request, idempotencyKey: attempt.keyFor(request) }).unwrap()
      attempt.done()
      initOnce(publicKey)
      setState({ step: 'wallet', preferenceId: id })
    } catch (error) {
      const err = error as Parameters<typeof apiErrorMessage>[0]
      const status = err && 'status' in err ? err.status : undefined
      if (status === 503) setState({ step: 'unavailable', message: apiErrorMessage(err, ONLINE_UNAVAILABLE) })
      else setState({ step: 'idle', error: apiErrorMessage(err, 'No pudimos iniciar el pago en línea. Inténtalo de nuevo.') })
    }
  }

  if (state.step === 'wallet') {
    return (
      <div className="space-y-2">
        <MercadoPagoWallet preferenceId={state.preferenceId} />
        <p className="text-center text-xs text-slate-500">Serás dirigido a Mercado Pago para completar tu pago de forma segura.</p>
      </div>
    )
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={pay}
        disabled={disabled || isLoading}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-[#009ee3] px-5 py-3 text-sm font-bold text-white shadow-sm transition hover:bg-[#008ac6] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isLoading ? (
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
        ) : null}
        Pagar con Mercado Pago
      </button>
      {state.error ? (
        <p role="alert" className="text-sm text-rose-700">
          {state.error}
        </p>
      ) : null}
    </div>
  )
}
