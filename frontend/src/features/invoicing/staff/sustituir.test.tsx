import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodyOf, json } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { UUID_A, UUID_B, factura, invoicingServer } from '@/features/invoicing/staff/test-fixtures'

const posts = (calls: Request[]) => calls.filter((c) => c.method === 'POST')

/** Opens 'Cancelar' on the first row and waits for the motivos. */
async function openCancelar() {
  const view = renderApp('/facturas')
  const [row] = await screen.findAllByTestId('factura')
  await view.user.click(within(row).getByRole('button', { name: /^Cancelar/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' })
  const motivo = within(dialog).getByLabelText('Motivo')
  await waitFor(() => expect(within(motivo).getAllByRole('option').length).toBeGreaterThan(1))
  return { ...view, dialog, motivo }
}

describe("'Sustituir factura' (motivo 01)", () => {
  it("turns 'Cancelar' into the fiscal data form with the receptor's data and posts the edited data to /sustituir", async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({
      'POST /v1/facturas/f1/sustituir': json(factura({ _id: 'f9', uuid: UUID_B, sustituye: UUID_A }), 201),
    })
    const { user, dialog, motivo } = await openCancelar()
    await user.selectOptions(motivo, '01')
    expect(dialog).toHaveAccessibleName('Sustituir factura')
    expect(within(dialog).getByText(/^Se emitirá una factura nueva con estos datos, relacionada con la actual/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('RFC')).toHaveValue('EKU9003173C9')
    expect(within(dialog).getByLabelText('Razón social')).toHaveValue('ESCUELA KEMPER URGATE')
    expect(within(dialog).getByLabelText('Régimen fiscal')).toHaveValue('601')
    expect(within(dialog).getByLabelText('Código postal fiscal')).toHaveValue('42501')
    expect(within(dialog).getByLabelText('Uso del CFDI')).toHaveValue('G03')
    expect(within(dialog).getByLabelText('Correo para facturas')).toHaveValue('facturas@kemper.mx')

    await user.clear(within(dialog).getByLabelText('Razón social'))
    await user.type(within(dialog).getByLabelText('Razón social'), 'Escuela Kemper Urgate')
    await user.clear(within(dialog).getByLabelText('Código postal fiscal'))
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '42502')
    await user.selectOptions(within(dialog).getByLabelText('Uso del CFDI'), 'G01')
    await user.click(within(dialog).getByRole('button', { name: 'Emitir y sustituir' }))

    expect(await screen.findByRole('status')).toHaveTextContent(`Factura sustituida. Nueva factura: ${UUID_B}`)
    expect(posts(calls)).toHaveLength(1)
    expect(new URL(posts(calls)[0].url).pathname).toBe('/v1/facturas/f1/sustituir')
    expect(await bodyOf(posts(calls)[0])).toEqual({
      rfc: 'EKU9003173C9', razonSocial: 'ESCUELA KEMPER URGATE', regimenFiscal: '601', codigoPostal: '42502', usoCfdi: 'G01', email: 'facturas@kemper.mx',
    })
  })

  it("shows the server's field errors on their fields and its other refusals in the dialog", async () => {
    storeSession({ rol: 'Administrador' })
    let answer = json({ error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { rfc: 'El RFC no está en la lista de contribuyentes del SAT.' } } }, 400)
    const { calls } = invoicingServer({ 'POST /v1/facturas/f1/sustituir': () => answer })
    const { user, dialog, motivo } = await openCancelar()
    await user.selectOptions(motivo, '01')
    await user.click(within(dialog).getByRole('button', { name: 'Emitir y sustituir' }))
    const rfc = within(dialog).getByLabelText('RFC')
    await waitFor(() => expect(rfc).toHaveAccessibleDescription('El RFC no está en la lista de contribuyentes del SAT.'))
    expect(rfc).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByRole('alert')).toBeNull()

    answer = json({ error: { code: 'conflict', message: 'Esta factura ya se está sustituyendo.' } }, 409)
    await user.click(within(dialog).getByRole('button', { name: 'Emitir y sustituir' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Error al sustituir la factura: Esta factura ya se está sustituyendo\.$/)
    expect(posts(calls).every((c) => new URL(c.url).pathname === '/v1/facturas/f1/sustituir')).toBe(true)
  })

  it('says the new factura is being stamped when the server answers 202', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({ 'POST /v1/facturas/f1/sustituir': json(factura({ _id: 'f9', estado: 'timbrando', uuid: undefined }), 202) })
    const { user, dialog, motivo } = await openCancelar()
    await user.selectOptions(motivo, '01')
    await user.click(within(dialog).getByRole('button', { name: 'Emitir y sustituir' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Estamos timbrando la nueva factura; la anterior se cancelará en cuanto quede timbrada\.$/,
    )
  })

  it('goes back to cancelling when another motivo is chosen', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer()
    const { user, dialog, motivo } = await openCancelar()
    await user.selectOptions(motivo, '01')
    expect(dialog).toHaveAccessibleName('Sustituir factura')
    await user.selectOptions(within(dialog).getByLabelText('Motivo'), '03')
    expect(dialog).toHaveAccessibleName('Cancelar factura')
    expect(within(dialog).queryByLabelText('RFC')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Cancelar factura' })).toBeInTheDocument()
  })

  it('does not offer motivo 01 for a factura global', async () => {
    storeSession({ rol: 'Administrador' })
    invoicingServer({}, { facturas: [factura({ tipo: 'global', receptor: { ...factura().receptor, rfc: 'XAXX010101000' } })] })
    const { motivo } = await openCancelar()
    expect(within(motivo).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '02', '03', '04'])
  })

  it('offers motivo 04 for a factura global only', async () => {
    storeSession({ rol: 'Administrador' })
    invoicingServer()
    const { motivo } = await openCancelar()
    expect(within(motivo).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '01', '02', '03'])
  })

  it('marks in the list a factura that replaces another and one that was replaced', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({}, { facturas: [factura({ _id: 'f9', uuid: UUID_B, sustituye: UUID_A }), factura({ sustituidaPor: 'f9', estado: 'cancelada' })] })
    renderApp('/facturas')
    const rows = await screen.findAllByTestId('factura')
    expect(within(rows[0]).getByText(/^Sustituye a/)).toHaveTextContent(`Sustituye a ${UUID_A.slice(0, 8)}…`)
    expect(within(rows[0]).queryByText('Sustituida')).toBeNull()
    expect(within(rows[1]).getByText('Sustituida')).toBeInTheDocument()
    expect(within(rows[1]).queryByText(/^Sustituye a/)).toBeNull()
  })
})
