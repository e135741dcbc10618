import { expect, test, type Page } from '@playwright/test'
import { DEMO, DESKTOP, MOBILE, logIn, shot } from './helpers'

const localLog = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('errorLog') ?? '[]') as { title: string; error: string; origen: string }[])

test.describe('error log', () => {
  test.use({ viewport: DESKTOP })

  test('a failed call and a global error are logged, uploaded when back online and read by the admin', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('banner')).toBeVisible()

    // A call that fails: the search answers 500 once.
    await page.route(/\/v1\/productos\/search/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x","request_id":"e2e-req"}}' }),
    )
    await page.getByRole('banner').getByPlaceholder('¿Qué estás buscando hoy?').fill('camara e2e')
    await expect.poll(async () => (await localLog(page)).map((e) => e.title)).toContain('Error al obtener un producto por nombre')
    await page.unroute(/\/v1\/productos\/search/)

    // A global error.
    await page.evaluate(() => setTimeout(() => { throw new Error('fallo global de prueba e2e') }))
    await expect.poll(async () => (await localLog(page)).some((e) => e.title === 'Error global' && e.error.includes('fallo global de prueba e2e'))).toBe(true)

    // Coming back online uploads it; the local log is cleared after the ok answer.
    const upload = page.waitForResponse((r) => r.url().endsWith('/v1/logs') && r.request().method() === 'POST')
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    expect((await upload).status()).toBe(200)
    await expect.poll(async () => (await localLog(page)).length).toBe(0)

    // The admin finds both in 'Registro de errores'.
    await logIn(page, DEMO.admin)
    await page.goto('/registro-errores')
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de errores' })).toBeVisible()
    await page.getByLabel('Texto').fill('fallo global de prueba e2e')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    const list = page.getByRole('list', { name: 'Errores registrados' })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.getByRole('heading', { name: 'Error global' })).toBeVisible()

    await page.getByLabel('Texto').fill('e2e-req')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect(list.getByRole('heading', { name: 'Error al obtener un producto por nombre' })).toBeVisible()
    await shot(page, 'registro-errores-desktop')
  })

  test('a customer cannot open the screen', async ({ page }) => {
    await logIn(page, DEMO.cliente)
    await page.goto('/registro-errores')
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de errores' })).toHaveCount(0)
  })
})

test.describe('error log on a phone', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  test('the screen fits a phone', async ({ page }) => {
    await logIn(page, DEMO.admin)
    await page.goto('/registro-errores')
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de errores' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Filtrar' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(page, 'registro-errores-mobile', { fullPage: true })
  })
})
