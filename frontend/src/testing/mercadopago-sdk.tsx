import { useEffect } from 'react'
import { vi } from 'vitest'

// The provider's SDK, as the tests see it (vite.config.ts points '@mercadopago/sdk-react' here in
// tests): jsdom never loads the provider's script, so the Wallet is a stand-in that reports ready
// and shows the props it was given. One module for every test file, so that files sharing a worker
// see the same one.

export const initMercadoPago = vi.fn()

export function Wallet({ initialization, locale, onReady }: { initialization: { preferenceId: string; redirectMode?: string }; locale?: string; onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady])
  return (
    <div
      data-testid="mp-wallet"
      data-preference-id={initialization.preferenceId}
      data-redirect-mode={initialization.redirectMode}
      data-locale={locale}
    />
  )
}
