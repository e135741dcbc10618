import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import type { Perfil } from '@/features/invoicing/types'
import { CATALOGOS_FAILED } from '@/features/invoicing/fiscal-check'
import { catalogos, perfilFisica, perfilMoral } from '@/features/invoicing/test-fixtures'

const cuenta = { _id: 'u1', name: 'Ana López', email: 'ana@tienda.mx', phone: '', address: '', rol: 'Cliente', status: true, admin: false }

/** The profile page's server with an in-memory list of fiscal profiles. */
function server(start: Perfil[], extra: Parameters<typeof mockServer>[0] = {}) {
  let perfiles = [...start]
  let creations = 0
  const mock = mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
    'GET /v1/usuarios/u1': json({ data: cuenta }),
    'GET /v1/ventas/usuario/u1': json([]),
    'GET /v1/facturas/catalogos': json(catalogos),
    'GET /v1/facturas/perfiles': () => json({ perfiles }),
    'POST /v1/facturas/perfiles': async (req) => {
      const body = (await bodyOf(req)) as Perfil
      if (++creations === 1) {
        return json(
          { error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { rfc: 'El dígito verificador del RFC no coincide.' } } },
          400,
        )
      }
      const created = { ...body, _id: 'p9', predeterminado: perfiles.length === 0 || Boolean(body.predeterminado) }
      perfiles = [...perfiles, created]
      return json(created, 201)
    },
    'PUT /v1/facturas/perfiles/p2': async (req) => {
      const body = (await bodyOf(req)) as Perfil
      perfiles = perfiles.map((p) => (p._id === 'p2' ? { ...p, ...body, _id: 'p2' } : { ...p, predeterminado: body.predeterminado ? false : p.predeterminado }))
      return json(perfiles.find((p) => p._id === 'p2'))
    },
    'DELETE /v1/facturas/perfiles/p1': () => {
      perfiles = perfiles.filter((p) => p._id !== 'p1')
      return new Response(null, { status: 204 })
    },
    ...extra,
  })
  return mock
}

describe('Mi perfil · Datos fiscales', () => {
  it('adds a profile: quick checks first, then the server’s field error on its field, then saves', async () => {
    storeSession()
    const { calls } = server([])
    const { user } = renderApp('/usuarios/perfil')
    expect(await screen.findByText('Aún no tienes datos fiscales.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Agregar datos fiscales' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agregar datos fiscales' })
    expect(within(dialog).getByLabelText('Razón social')).toHaveAccessibleDescription(/Constancia de Situación Fiscal/)

    // Quick checks: nothing is sent, the first wrong field gets the focus.
    await user.type(within(dialog).getByLabelText('RFC'), 'loaa8001')
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '031')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(within(dialog).getByLabelText('RFC')).toHaveAccessibleDescription(/13 caracteres/)
    expect(within(dialog).getByLabelText('Código postal fiscal')).toHaveAccessibleDescription('El código postal tiene 5 dígitos.')
    expect(within(dialog).getByLabelText('RFC')).toHaveFocus()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    // 5 digits are not enough: no Mexican postal code is below 01000.
    await user.clear(within(dialog).getByLabelText('Código postal fiscal'))
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '00000')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(within(dialog).getByLabelText('Código postal fiscal')).toHaveAccessibleDescription(
      'Ese código postal no existe: los de México van del 01000 al 99999.',
    )
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await user.clear(within(dialog).getByLabelText('Código postal fiscal'))
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '031')

    // A 13-character RFC offers only the regímenes of a persona física, the uso follows the régimen.
    await user.type(within(dialog).getByLabelText('RFC'), '01AB1')
    const regimen = within(dialog).getByLabelText('Régimen fiscal')
    expect(within(regimen).queryByRole('option', { name: /601/ })).not.toBeInTheDocument()
    await user.selectOptions(regimen, '605')
    const uso = within(dialog).getByLabelText('Uso del CFDI')
    expect(within(uso).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'D01', 'S01'])
    await user.selectOptions(uso, 'D01')
    await user.type(within(dialog).getByLabelText('Razón social'), 'Ana López Álvarez')
    await user.clear(within(dialog).getByLabelText('Código postal fiscal'))
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '03100')
    await user.type(within(dialog).getByLabelText('Correo para facturas'), 'ana@correo.mx')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('El dígito verificador del RFC no coincide.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('RFC')).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(within(dialog).getByLabelText('RFC')).toHaveFocus())

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const list = await screen.findByRole('list', { name: 'Datos fiscales' })
    expect(list).toHaveTextContent('LOAA800101AB1')
    expect(list).toHaveTextContent('ANA LÓPEZ ÁLVAREZ')
    const posts = calls.filter((c) => c.method === 'POST')
    expect(await posts[1].json()).toEqual({
      rfc: 'LOAA800101AB1',
      razonSocial: 'ANA LÓPEZ ÁLVAREZ',
      regimenFiscal: '605',
      codigoPostal: '03100',
      usoCfdi: 'D01',
      email: 'ana@correo.mx',
      predeterminado: false,
    })
  })

  it('edits, makes another one the default and deletes', async () => {
    storeSession()
    const { calls } = server([perfilFisica, perfilMoral])
    const { user } = renderApp('/usuarios/perfil')
    const list = await screen.findByRole('list', { name: 'Datos fiscales' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent('Predeterminado')
    expect(second).not.toHaveTextContent('Predeterminado')
    expect(second).toHaveTextContent('601 · General de Ley Personas Morales')

    await user.click(within(second).getByRole('button', { name: 'Hacer predeterminado ABC010101AB1' }))
    await waitFor(() => expect(within(within(list).getAllByRole('listitem')[1]).getByText('Predeterminado')).toBeInTheDocument())
    const put = calls.find((c) => c.method === 'PUT')
    expect(await put?.json()).toMatchObject({ rfc: 'ABC010101AB1', predeterminado: true })

    await user.click(screen.getByRole('button', { name: 'Editar ABC010101AB1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos fiscales' })
    expect(within(dialog).getByLabelText('Régimen fiscal')).toHaveValue('601')
    await user.clear(within(dialog).getByLabelText('Correo para facturas'))
    await user.type(within(dialog).getByLabelText('Correo para facturas'), 'conta@elsol.mx')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('conta@elsol.mx')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Eliminar LOAA800101AB1' }))
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar datos fiscales' })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(screen.queryByText('LOAA800101AB1')).not.toBeInTheDocument())
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/v1/facturas/perfiles/p1'))).toBe(true)
  })
  it('says when the profiles cannot be loaded', async () => {
    storeSession()
    server([], { 'GET /v1/facturas/perfiles': new Response('boom', { status: 500 }) })
    renderApp('/usuarios/perfil')
    const section = (await screen.findByRole('heading', { name: 'Datos fiscales' })).closest('section') as HTMLElement
    expect(await within(section).findByRole('alert')).toHaveTextContent(/^No pudimos cargar tus datos fiscales\.$/)
    expect(within(section).queryByText('Aún no tienes datos fiscales.')).not.toBeInTheDocument()
  })

  it('tells a failed delete inside its dialog and a failed default on the list, each in its own words', async () => {
    storeSession()
    server([perfilFisica, perfilMoral], {
      'DELETE /v1/facturas/perfiles/p1': new Response('boom', { status: 500 }),
      'PUT /v1/facturas/perfiles/p2': json({ error: { code: 'internal' } }, 500),
    })
    const { user } = renderApp('/usuarios/perfil')
    await user.click(await screen.findByRole('button', { name: 'Eliminar LOAA800101AB1' }))
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar datos fiscales' })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(/^No pudimos eliminar el perfil fiscal\.$/)
    expect(screen.getByRole('dialog', { name: 'Eliminar datos fiscales' })).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('LOAA800101AB1')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Hacer predeterminado ABC010101AB1' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No pudimos cambiar el perfil predeterminado\.$/)
  })

  it('does not offer the form while the SAT catalogues cannot be loaded', async () => {
    storeSession()
    let broken = true
    server([], { 'GET /v1/facturas/catalogos': () => (broken ? new Response('boom', { status: 500 }) : json(catalogos)) })
    const { user } = renderApp('/usuarios/perfil')
    await screen.findByText('Aún no tienes datos fiscales.')
    await user.click(screen.getByRole('button', { name: 'Agregar datos fiscales' }))
    // The dialog may open before the first answer (then the form gives way to the error) or after
    // it (then it asks again and fails again): either way it ends with the error, not the form.
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOGOS_FAILED)
    const dialog = screen.getByRole('dialog', { name: 'Agregar datos fiscales' })
    expect(within(dialog).queryByLabelText('RFC')).not.toBeInTheDocument()
    const retry = await within(dialog).findByRole('button', { name: 'Reintentar' })
    await waitFor(() => expect(retry).toBeEnabled())
    broken = false
    await user.click(retry)
    expect(await screen.findByLabelText('RFC')).toBeInTheDocument()
    const form = screen.getByRole('dialog', { name: 'Agregar datos fiscales' })
    expect(within(form).getByRole('option', { name: /601/ })).toBeInTheDocument()
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  })
})
