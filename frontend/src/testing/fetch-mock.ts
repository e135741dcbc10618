import { vi } from 'vitest'
import { sampleCategorias } from '@/testing/categorias'

/** A JSON answer as the server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The JSON body a request carried. */
export async function bodyOf(request: Request): Promise<unknown> {
  return JSON.parse(await request.clone().text())
}

type Reply = Response | ((request: Request) => Response | Promise<Response>)

/**
 * Replaces `fetch` with a fake server. Keys are "METHOD /path" (query string ignored); anything
 * else answers 404 in the server's error shape. Returns the calls made, as Requests.
 */
export function mockServer(given: Record<string, Reply>) {
  // The shop's frame draws the categories on every screen: a fresh store's, unless a test says otherwise.
  const routes: Record<string, Reply> = { 'GET /v1/categorias': json({ categorias: sampleCategorias }), ...given }
  const calls: Request[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    calls.push(request.clone())
    const url = new URL(request.url)
    const reply = routes[`${request.method} ${url.pathname}`]
    if (!reply) return json({ error: { code: 'not_found', message: 'No encontrado' } }, 404)
    return typeof reply === 'function' ? reply(request) : reply.clone()
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

/** The public config the server answers at `GET /v1/config`. */
export const sampleConfig = {
  tienda: {
    nombre: 'Tienda de Seguridad y Redes',
    direccion: 'Av. Insurgentes Sur 1234, Ciudad de México',
    horario: 'Lunes a viernes de 9:00 a 19:00',
    telefono: '55 1234 5678',
    mapa: 'https://www.openstreetmap.org/search?query=insurgentes',
  },
  mercadoPagoPublicKey: 'TEST-key',
  sentryDsn: '',
}
