import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Wallet } from '@mercadopago/sdk-react'
import { describeError, logError } from '@/lib/error-log'
import { loadMercadoPagoScript, sdkLoaded } from '@/features/checkout/mercado-pago-script'

/** How long the provider's widget may take, once its script is there, before a retry is offered. */
export const WALLET_TIMEOUT_MS = 20_000

// Module constants: the Wallet rebuilds its brick whenever a prop changes identity.
const CUSTOMIZATION = { customStyle: { borderRadius: '9999px' } } as const

type Phase = 'script' | 'wallet' | 'failed'

/**
 * The provider's checkout widget for a preference. Its script is loaded first (see
 * loadMercadoPagoScript); when that or the widget fails, the shopper reads why and gets a
 * 'Reintentar' that really loads again, and 'Pagar en caja' stays beside it.
 */
export function MercadoPagoWallet({ preferenceId }: { preferenceId: string }) {
  const [phase, setPhase] = useState<Phase>(() => (sdkLoaded() ? 'wallet' : 'script'))
  // A new Wallet (a new brick) on each retry.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (phase !== 'script') return
    let live = true
    loadMercadoPagoScript().then(
      () => live && setPhase('wallet'),
      (error: unknown) => {
        logError({ title: 'Mercado Pago no disponible', error: describeError(error), origen: 'mercadopago:script', cause: error })
        if (live) setPhase('failed')
      },
    )
    return () => {
      live = false
    }
  }, [phase])

  const fail = useCallback(() => setPhase('failed'), [])
  const retry = () => {
    setAttempt((n) => n + 1)
    setPhase(sdkLoaded() ? 'wallet' : 'script')
  }

  if (phase === 'failed') {
    return (
      <div role="alert" data-testid="mp-load-failed" className="rounded-xl bg-amber-50 px-3 py-3 text-center text-sm text-amber-900">
        <p className="font-semibold">No pudimos cargar Mercado Pago.</p>
        <p className="mt-0.5">Revisa tu conexión e inténtalo de nuevo, o paga en caja.</p>
        <button type="button" className="btn-secondary mt-3 min-h-11 w-full" onClick={retry}>
          Reintentar
        </button>
      </div>
    )
  }
  if (phase === 'script') return <Loading />
  return <WalletBrick key={attempt} preferenceId={preferenceId} onFail={fail} />
}

function Loading() {
  return (
    <div className="flex min-h-14 items-center justify-center gap-2 text-sm text-slate-500" role="status">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-sky-200 border-t-sky-600" aria-hidden="true" />
      Cargando Mercado Pago…
    </div>
  )
}

type BrickProps = { preferenceId: string; onFail: () => void }

/**
 * The Wallet brick, created once (stable props) after the SDK's own 200 ms wait. It fails when the
 * brick reports an error or is not ready in time.
 */
function WalletBrick({ preferenceId, onFail }: BrickProps) {
  const [ready, setReady] = useState(false)
  const readyRef = useRef(false)
  const failedRef = useRef(false)
  const onFailRef = useRef(onFail)
  useEffect(() => {
    onFailRef.current = onFail
  })

  const fail = useCallback((reason: string, cause?: unknown) => {
    if (failedRef.current) return
    failedRef.current = true
    logError({ title: 'Mercado Pago no disponible', error: reason, origen: 'mercadopago:wallet', cause })
    onFailRef.current()
  }, [])

  const initialization = useMemo(() => ({ preferenceId, redirectMode: 'self' as const }), [preferenceId])
  const onReady = useCallback(() => {
    readyRef.current = true
    setReady(true)
  }, [])
  const onError = useCallback((error: unknown) => fail(describeError(error), error), [fail])

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!readyRef.current) fail(`Mercado Pago no respondió en ${WALLET_TIMEOUT_MS / 1000} s`)
    }, WALLET_TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [fail])

  return (
    <div className="relative min-h-14" data-testid="mp-wallet-container" aria-busy={!ready}>
      {!ready ? (
        <div className="absolute inset-0">
          <Loading />
        </div>
      ) : null}
      <Wallet initialization={initialization} customization={CUSTOMIZATION} locale="es-MX" onReady={onReady} onError={onError} />
    </div>
  )
}
