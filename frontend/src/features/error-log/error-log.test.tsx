import { render, screen } from '@testing-library/react'
import { Provider } from 'react-redux'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/lib/store'
import { api } from '@/lib/api'
import {
  callErrorMessage,
  ERROR_LOG_KEY,
  logError,
  MAX_LOCAL_ENTRIES,
  readErrorLog,
  type ErrorLogEntry,
} from '@/lib/error-log'
import { registerErrorMessages, SPEC_MESSAGES } from '@/lib/error-messages'
import { resetSentry } from '@/lib/sentry'
import { startErrorLogWhenIdle } from '@/features/error-log/start'
import { startErrorLog, UPLOAD_INTERVAL_MS, uploadErrorLog } from '@/features/error-log/uploader'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { storeSession } from '@/testing/render'

// An endpoint like any feature's, mapped to its catalogue message; the shop's login request, whose
// message lib/error-messages.ts knows by the endpoint's name; one with no message.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProbeProductos: build.query<unknown, void>({ query: () => ({ url: 'productos', params: { page: 1 } }) }),
    login: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: 'usuarios/login', method: 'POST', body }),
    }),
    getProbeSinMensaje: build.query<unknown, void>({ query: () => 'config' }),
  }),
})
registerErrorMessages({ getProbeProductos: SPEC_MESSAGES.productos })

function Probe() {
  const { error, isLoading } = probeApi.useGetProbeProductosQuery()
  if (isLoading) return <p>Cargando…</p>
  return <p role="alert">{error ? callErrorMessage(error) : 'bien'}</p>
}

const entry = (n: number): ErrorLogEntry => ({
  title: 'Error desconocido',
  error: `fallo ${n}`,
  time: new Date(Date.UTC(2026, 10, 23, 9, 0, n)).toISOString(),
  origen: 'api:prueba',
  user: 'Ana López',
})

// One-off calls (subscribe: false): a subscription left behind would be asked again when a later
// test brings the browser back online (lib/api.ts refetchOnReconnect).

const seedLog = (entries: ErrorLogEntry[]) => localStorage.setItem(ERROR_LOG_KEY, JSON.stringify(entries))

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await resetSentry()
})

describe('a failed call', () => {
  it('writes one entry to the local log and shows the catalogue message', async () => {
    storeSession({ name: 'Ana López' })
    mockServer({
      'GET /v1/productos': json({ error: { code: 'internal', message: 'Ocurrió un error inesperado.', request_id: 'req-42' } }, 500),
    })
    const store = makeStore()
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener los productos')

    const log = readErrorLog()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ title: 'Error al obtener los productos', origen: 'api:getProbeProductos', user: 'Ana López' })
    expect(new Date(log[0].time).toISOString()).toBe(log[0].time)
    expect(log[0].error).toContain('GET /v1/productos')
    expect(log[0].error).toContain('estado 500')
    expect(log[0].error).toContain('req-42')
    expect(log[0].error).not.toContain('test-token')
  })

  it('of an endpoint without a message is titled Error desconocido, and never logs the password', async () => {
    mockServer({
      'POST /v1/usuarios/login': json({ error: { code: 'unauthorized', message: 'Correo o contraseña incorrectos.' } }, 401),
      'GET /v1/config': new Response('no', { status: 502 }),
    })
    const store = makeStore()
    const login = await store.dispatch(probeApi.endpoints.login.initiate({ email: 'a@b.mx', password: 'MiClave#123' }))
    expect(callErrorMessage('error' in login ? login.error : undefined)).toBe('Error al ingresar')
    const other = await store.dispatch(probeApi.endpoints.getProbeSinMensaje.initiate(undefined, { subscribe: false }))
    expect(callErrorMessage(other.error)).toBe('Error desconocido')

    const log = readErrorLog()
    expect(log.map((e) => e.title)).toEqual(['Error al ingresar', 'Error desconocido'])
    expect(log[0].user).toBe('')
    expect(JSON.stringify(log)).not.toContain('MiClave#123')
  })

  it('network failures are logged too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const store = makeStore()
    await store.dispatch(probeApi.endpoints.getProbeProductos.initiate(undefined, { subscribe: false }))
    expect(readErrorLog()).toHaveLength(1)
    expect(readErrorLog()[0].error).toContain('FETCH_ERROR')
  })
})

describe('the local log', () => {
  it('keeps at most the newest entries, dropping the oldest', () => {
    for (let i = 0; i < MAX_LOCAL_ENTRIES + 5; i++) logError({ error: `fallo ${i}`, origen: 'prueba' })
    const log = readErrorLog()
    expect(log).toHaveLength(MAX_LOCAL_ENTRIES)
    expect(log[0].error).toBe('fallo 5')
    expect(log.at(-1)?.error).toBe(`fallo ${MAX_LOCAL_ENTRIES + 4}`)
    expect(log[0].title).toBe('Error desconocido')
  })

  it('cuts long texts and survives corrupt storage', () => {
    localStorage.setItem(ERROR_LOG_KEY, '{no es json')
    expect(readErrorLog()).toEqual([])
    logError({ error: 'x'.repeat(10_000), origen: 'prueba' })
    expect(readErrorLog()[0].error.length).toBeLessThanOrEqual(2000)
  })

  it("logs window errors and unhandled rejections as 'Error global'", () => {
    const stop = startErrorLog(makeStore().dispatch, async () => undefined)
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }))
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent
    Object.defineProperty(rejection, 'reason', { value: new Error('promesa rota') })
    window.dispatchEvent(rejection)
    stop()
    window.dispatchEvent(new ErrorEvent('error', { message: 'después de parar' }))

    const log = readErrorLog()
    expect(log).toHaveLength(2)
    expect(log[0]).toMatchObject({ title: 'Error global', origen: 'window:error', error: 'TypeError: x is undefined' })
    expect(log[1]).toMatchObject({ title: 'Error global', origen: 'window:unhandledrejection', error: 'Error: promesa rota' })
  })
})

describe('the start after the page has loaded', () => {
  it('keeps the window errors from before it starts and logs them once it has', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json({ sentryDsn: '' }) })
    const stop = startErrorLogWhenIdle(makeStore().dispatch)
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('antes de empezar'), message: 'antes de empezar' }))
    expect(readErrorLog()).toEqual([]) // not started yet: kept, not logged
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContainEqual(expect.stringContaining('/v1/config')), { timeout: 3000 })
    expect(readErrorLog()).toEqual([expect.objectContaining({ title: 'Error global', error: 'TypeError: antes de empezar' })])

    window.dispatchEvent(new ErrorEvent('error', { message: 'ya empezado' }))
    stop()
    window.dispatchEvent(new ErrorEvent('error', { message: 'después de parar' }))
    expect(readErrorLog().map((e) => e.error)).toEqual(['TypeError: antes de empezar', 'ya empezado'])
  })
})

describe('the upload', () => {
  it('keeps the log when the upload fails', async () => {
    seedLog([entry(1), entry(2)])
    const { calls } = mockServer({ 'POST /v1/logs': json({ error: { code: 'internal', message: 'x' } }, 500) })
    const ok = await uploadErrorLog(makeStore().dispatch)
    expect(ok).toBe(false)
    expect(calls).toHaveLength(1)
    expect(readErrorLog()).toEqual([entry(1), entry(2)]) // unchanged, and the failure itself is not logged
    expect(console.warn).toHaveBeenCalled()
  })

  it('keeps the log when the network is down', async () => {
    seedLog([entry(1)])
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    expect(await uploadErrorLog(makeStore().dispatch)).toBe(false)
    expect(readErrorLog()).toEqual([entry(1)])
  })

  it('clears the log after an ok answer, sending it with the Bearer token', async () => {
    storeSession()
    seedLog([entry(1), entry(2)])
    const { calls } = mockServer({ 'POST /v1/logs': json({ ok: true, stored: 2 }) })
    expect(await uploadErrorLog(makeStore().dispatch)).toBe(true)
    expect(readErrorLog()).toEqual([])
    expect(localStorage.getItem(ERROR_LOG_KEY)).toBeNull()
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token')
    expect(await calls[0].json()).toEqual({ logs: [entry(1), entry(2)] })
  })

  it('keeps entries written while the upload was on its way', async () => {
    seedLog([entry(1)])
    mockServer({
      'POST /v1/logs': () => {
        logError({ error: 'durante el envío', origen: 'prueba' })
        return json({ ok: true, stored: 1 })
      },
    })
    await uploadErrorLog(makeStore().dispatch)
    expect(readErrorLog().map((e) => e.error)).toEqual(['durante el envío'])
  })

  it('runs when the browser comes back online, and every 60 s while online', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    let online = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    // Back online, the store also asks again for what is on screen (lib/api.ts refetchOnReconnect):
    // the config the log read for Sentry. Only the uploads are counted.
    const { calls } = mockServer({ 'POST /v1/logs': json({ ok: true, stored: 1 }), 'GET /v1/config': json(sampleConfig) })
    const uploads = () => calls.filter((c) => new URL(c.url).pathname === '/v1/logs')
    const stop = startErrorLog(makeStore().dispatch, async () => undefined)

    seedLog([entry(1)])
    vi.advanceTimersByTime(UPLOAD_INTERVAL_MS) // offline: nothing is sent
    expect(uploads()).toHaveLength(0)

    online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(readErrorLog()).toEqual([]))
    expect(uploads()).toHaveLength(1)

    seedLog([entry(2)])
    vi.advanceTimersByTime(UPLOAD_INTERVAL_MS - 1)
    expect(uploads()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    await vi.waitFor(() => expect(readErrorLog()).toEqual([]))
    expect(uploads()).toHaveLength(2)
    stop()
  })
})

describe('Sentry', () => {
  it('receives the failed calls when the config gives a DSN', async () => {
    const sent: unknown[] = []
    const { startSentry } = await import('@/lib/sentry')
    const started = await startSentry('https://clave@o1.ingest.sentry.io/42', {
      defaultIntegrations: false,
      transport: () => ({
        send: async (envelope: unknown) => {
          sent.push(envelope)
          return {}
        },
        flush: async () => true,
      }),
    })
    expect(started).toBe(true)
    mockServer({ 'GET /v1/productos': json({ error: { code: 'internal', message: 'x' } }, 500) })
    await makeStore().dispatch(probeApi.endpoints.getProbeProductos.initiate(undefined, { subscribe: false }))
    const Sentry = await import('@sentry/react')
    await Sentry.flush(1000)
    expect(sent).toHaveLength(1)
    expect(JSON.stringify(sent[0])).toContain('Error al obtener los productos')
  })

  it('is not started without a DSN', async () => {
    const { startSentry } = await import('@/lib/sentry')
    expect(await startSentry('')).toBe(false)
    const Sentry = await import('@sentry/react')
    expect(Sentry.getClient()).toBeUndefined()
  })
})
