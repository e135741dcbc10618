import { expect, test } from '@playwright/test'
import { DEMO, DESKTOP, MOBILE, apiToken, bearer, logIn, shot, watchPageErrors } from './helpers'

test.describe('Auditoría', () => {
  test('the Administrador finds who changed a discount, with the value before and after, on a phone and a desktop', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    // The Auxiliar creates a discount and raises it.
    const aux = bearer(await apiToken(request, DEMO.auxiliar))
    const name = `Auditoría e2e ${Date.now()}`
    const created = await request.post('/v1/discounts', { headers: aux, data: { name, description: 'Prueba', percentage: 15, expirationDate: '2030-12-31' } })
    expect(created.status()).toBe(201)
    const id = ((await created.json()) as { data: { _id: string } }).data._id
    const edited = await request.patch(`/v1/discounts/${id}`, { headers: aux, data: { name, description: 'Prueba', percentage: 20, expirationDate: '2030-12-31' } })
    expect(edited.status()).toBe(200)

    await page.setViewportSize(MOBILE)
    await logIn(page, DEMO.admin)
    await page.goto('/auditoria')
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible()
    await page.getByLabel('Colección').selectOption('discounts')
    await page.getByLabel('Registro').fill(name.toLowerCase())
    // The filters are kept in the address.
    await expect(page).toHaveURL(/coleccion=discounts.*registro=/)
    const rows = page.getByRole('table', { name: 'Cambios registrados' }).locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(page.getByText('2 cambios')).toBeVisible()
    // Newest first: the raise, then the creation.
    await expect(rows.nth(0)).toContainText('Arturo Auxiliar')
    await expect(rows.nth(0)).toContainText('Modificación')
    await expect(rows.nth(0).getByRole('listitem')).toHaveText('Porcentaje: 15 →cambió a 20')
    await expect(rows.nth(1)).toContainText('Creación')
    // A phone shows each entry as a card: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await shot(page, 'auditoria-mobile', { fullPage: true })

    await page.setViewportSize(DESKTOP)
    await expect(page.getByRole('columnheader', { name: 'Cambios' })).toBeVisible()
    await shot(page, 'auditoria-desktop')
    expect(errors).toEqual([])
  })

  test('an Auxiliar cannot open it', async ({ page }) => {
    await logIn(page, DEMO.auxiliar)
    await page.goto('/auditoria')
    await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible()
  })
})
