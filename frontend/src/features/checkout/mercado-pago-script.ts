/** The provider's browser SDK, at the address @mercadopago/sdk-js injects. */
export const MP_SDK_URL = 'https://sdk.mercadopago.com/js/v2'

/** How long the script may take before the shopper is offered a retry (and the counter). */
export const SCRIPT_TIMEOUT_MS = 20_000

type WithSdk = { MercadoPago?: unknown }

/** Whether the provider's script has run in this page. */
export const sdkLoaded = () => typeof window !== 'undefined' && Boolean((window as WithSdk).MercadoPago)

let loading: Promise<void> | null = null

/**
 * Loads the provider's script, for the Wallet to find. @mercadopago/sdk-js (0.0.3) keeps the
 * promise of its first load for the life of the page, a failed one included: after one failure
 * every Wallet fails again without asking the network, and its rejection is never caught (an
 * uncaught error, and the Wallet's onError is not called). Loaded here first, the SDK finds
 * `window.MercadoPago` already there and uses it, so its own loader never fails. A failure here is
 * not kept: the next call, a 'Reintentar', adds a fresh script tag and asks the network again.
 * Concurrent calls share one load.
 */
export function loadMercadoPagoScript(timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  if (sdkLoaded()) return Promise.resolve()
  if (loading) return loading
  const attempt = new Promise<void>((resolve, reject) => {
    // A tag left by an earlier failure would make the SDK wait for a load that already failed.
    for (const old of document.querySelectorAll(`script[src="${MP_SDK_URL}"]`)) old.remove()
    const script = document.createElement('script')
    script.src = MP_SDK_URL
    script.async = true
    const finish = (error?: Error) => {
      window.clearTimeout(timer)
      script.onload = null
      script.onerror = null
      if (!error) return resolve()
      script.remove()
      reject(error)
    }
    const timer = window.setTimeout(() => finish(new Error(`MercadoPago.js no cargó en ${timeoutMs / 1000} s`)), timeoutMs)
    script.onload = () => finish(sdkLoaded() ? undefined : new Error('MercadoPago.js not available'))
    script.onerror = () => finish(new Error('Failed to load MercadoPago.js'))
    document.head.appendChild(script)
  })
  loading = attempt
  const settled = () => {
    loading = null
  }
  attempt.then(settled, settled)
  return attempt
}
