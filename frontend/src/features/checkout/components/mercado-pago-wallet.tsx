import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Wallet } from '@mercadopago/sdk-react'
import { describeError, logError } from '@/lib/error-log'

/** How long the provider's script may take before the shopper is offered the counter instead. */
export const WALLET_TIMEOUT_MS = 20_000

/** The message the provider's loader rejects with when its script cannot be loaded. */
const LOAD_FAILURE = 'Failed to load MercadoPago.js'

// Module constants: the Wallet rebuilds its brick whenever a prop changes identity.
const CUSTOMIZATION = { customStyle: { borderRadius: '9999px' } } as const

type WalletProps = {
  preferenceId: string
  /** Called once when the provider's widget cannot be shown (script not loaded, error, timeout). */
  onUnavailable: (reason: string) => void
}

/**
 * The provider's checkout widget for a preference: created once (stable props) after the SDK's
 * own 200 ms wait. A script that fails to load rejects outside the widget (its `onError` is not
 * called), so the page listens for that rejection and for a timeout as well.
 */
export function MercadoPagoWallet({ preferenceId, onUnavailable }: WalletProps) {
  const [ready, setReady] = useState(false)
  const readyRef = useRef(false)
  const failedRef = useRef(false)
  const onUnavailableRef = useRef(onUnavailable)
  useEffect(() => {
    onUnavailableRef.current = onUnavailable
  })

  const fail = useCallback((reason: string, cause?: unknown) => {
    if (failedRef.current) return
    failedRef.current = true
    logError({ title: 'Mercado Pago no disponible', error: reason, origen: 'mercadopago:wallet', cause })
    onUnavailableRef.current(reason)
  }, [])

  const initialization = useMemo(() => ({ preferenceId, redirectMode: 'self' as const }), [preferenceId])
  const onReady = useCallback(() => {
    readyRef.current = true
    setReady(true)
  }, [])
  const onError = useCallback((error: unknown) => fail(describeError(error), error), [fail])

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const text = describeError(event.reason)
      if (text.includes(LOAD_FAILURE)) fail(text, event.reason)
    }
    const timer = window.setTimeout(() => {
      if (!readyRef.current) fail(`Mercado Pago no respondió en ${WALLET_TIMEOUT_MS / 1000} s`)
    }, WALLET_TIMEOUT_MS)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [fail])

  return (
    <div className="relative min-h-14" data-testid="mp-wallet-container" aria-busy={!ready}>
      {!ready ? (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-500" role="status">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-sky-200 border-t-sky-600" aria-hidden="true" />
          Cargando Mercado Pago…
        </div>
      ) : null}
      <Wallet initialization={initialization} customization={CUSTOMIZATION} locale="es-MX" onReady={onReady} onError={onError} />
    </div>
  )
}
