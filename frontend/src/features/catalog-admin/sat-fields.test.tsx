import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

function server(post = json({ _id: 'p1' }, 201)) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/admin/productos': json({ productos: [], meta: { hasMore: false, page: 1, total: 0, limit: 25 } }),
    'GET /v1/discounts': json({ data: [] }),
    'POST /v1/productos': post,
  })
}

async function openForm() {
  const { user } = renderApp('/productos')
  await user.click(await screen.findByRole('button', { name: 'Nuevo Producto' }))
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo Producto' })
  await user.type(within(dialog).getByLabelText('Nombre'), 'Switch 24 puertos')
  return { user, dialog }
}

describe("the product form's SAT keys (Clave SAT, Unidad SAT)", () => {
  beforeEach(() => storeSession({ rol: 'Auxiliar', name: 'Aux' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('sends the keys with marca, modelo and garantía, the unit in capitals', async () => {
    const { calls } = server()
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Clave SAT'), '43222610')
    const unidad = within(dialog).getByLabelText('Unidad SAT')
    await user.clear(unidad)
    await user.type(unidad, 'e48')
    await user.type(within(dialog).getByLabelText('Marca'), 'Ubiquiti')
    await user.type(within(dialog).getByLabelText('Modelo'), 'USW-24')
    await user.type(within(dialog).getByLabelText('Garantía'), '2 años')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(calls.some((r) => r.method === 'POST')).toBe(true))
    const body = (await calls.find((r) => r.method === 'POST')!.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      sat_key: '43222610',
      unidad_de_medida: { clave_unidad_sat: 'E48' },
      marca: 'Ubiquiti',
      modelo: 'USW-24',
      garantia: '2 años',
    })
  })

  it('refuses a key of the wrong shape before sending, on its field', async () => {
    const { calls } = server()
    const { user, dialog } = await openForm()
    const clave = within(dialog).getByLabelText('Clave SAT')
    await user.type(clave, '4617')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Clave SAT: escribe los 8 dígitos')
    expect(clave).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((r) => r.method === 'POST')).toBe(false)
  })

  it("shows the server's Spanish message on the unit field", async () => {
    const msg = '«PZA» no está en el catálogo de unidades del SAT (c_ClaveUnidad).'
    server(
      json(
        { error: { code: 'invalid', message: 'Revisa los datos marcados.', request_id: 'r1', fields: { 'unidad_de_medida.clave_unidad_sat': msg } } },
        400,
      ),
    )
    const { user, dialog } = await openForm()
    const unidad = within(dialog).getByLabelText('Unidad SAT')
    await user.clear(unidad)
    await user.type(unidad, 'PZA')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText(msg)).toBeInTheDocument()
    expect(unidad).toHaveAttribute('aria-invalid', 'true')
  })
})
