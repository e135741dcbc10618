import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadMercadoPagoScript, MP_SDK_URL } from '@/features/checkout/mercado-pago-script'

const sdkWindow = window as unknown as { MercadoPago?: unknown }
const tags = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${MP_SDK_URL}"]`)]

afterEach(() => {
  vi.useRealTimers()
  delete sdkWindow.MercadoPago
  for (const t of tags()) t.remove()
})

describe('loadMercadoPagoScript', () => {
  it('adds one script tag for concurrent calls and resolves when the SDK has run', async () => {
    const a = loadMercadoPagoScript()
    const b = loadMercadoPagoScript()
    expect(tags()).toHaveLength(1)
    sdkWindow.MercadoPago = function MercadoPago() {}
    tags()[0].dispatchEvent(new Event('load'))
    await expect(Promise.all([a, b])).resolves.toEqual([undefined, undefined])
    // Loaded: later calls neither add a tag nor wait.
    await expect(loadMercadoPagoScript()).resolves.toBeUndefined()
    expect(tags()).toHaveLength(1)
  })

  it('does not keep a failure: the next call loads again with a fresh tag', async () => {
    const first = loadMercadoPagoScript()
    const failedTag = tags()[0]
    failedTag.dispatchEvent(new Event('error'))
    await expect(first).rejects.toThrow('Failed to load MercadoPago.js')
    expect(tags()).toHaveLength(0)

    const second = loadMercadoPagoScript()
    expect(tags()).toHaveLength(1)
    expect(tags()[0]).not.toBe(failedTag)
    sdkWindow.MercadoPago = function MercadoPago() {}
    tags()[0].dispatchEvent(new Event('load'))
    await expect(second).resolves.toBeUndefined()
  })

  it('fails when the script loads without the SDK, or not at all in time', async () => {
    const empty = loadMercadoPagoScript()
    tags()[0].dispatchEvent(new Event('load'))
    await expect(empty).rejects.toThrow('MercadoPago.js not available')

    vi.useFakeTimers()
    const slow = loadMercadoPagoScript(1000)
    vi.advanceTimersByTime(1000)
    await expect(slow).rejects.toThrow('MercadoPago.js no cargó en 1 s')
    expect(tags()).toHaveLength(0)
  })
})
