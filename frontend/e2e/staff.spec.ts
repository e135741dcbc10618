import { expect, test } from '@playwright/test'
import { DEMO, DESKTOP, MOBILE, logIn, shot, watchPageErrors } from './helpers'

const drawer = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menú de administración' }).first()

test.describe('back office', () => {
  test.use({ viewport: DESKTOP })

  test('the admin signs in and the staff drawer shows Usuarios and Cortes de caja', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/login')
    await shot(page, 'login-desktop')
    await logIn(page, DEMO.admin)
    await expect(page.getByTestId('greeting')).toHaveText(/^Hola /)

    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('dialog', { name: 'Menú principal' }).getByRole('link', { name: 'Administrador' }).click()
    await expect(page).toHaveURL(/\/productos$/)
    await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible()

    const nav = drawer(page)
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Cortes de caja' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Registro de errores' })).toBeVisible()
    await shot(page, 'staff-admin-desktop')

    await nav.getByRole('link', { name: 'Cortes de caja' }).click()
    await expect(page.getByRole('heading', { name: 'Cortes de caja', level: 1 })).toBeVisible()

    await nav.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    expect(errors).toEqual([])
  })

  test('the cajero sees Cortes de caja but not Productos, and Productos is refused', async ({ page }) => {
    await logIn(page, DEMO.cajero)
    await page.goto('/corte')
    const nav = drawer(page)
    await expect(nav.getByRole('link', { name: 'Cortes de caja' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Ordenes' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Productos' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0)

    await page.goto('/productos')
    await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible()
    await shot(page, 'staff-cajero-forbidden')

    await page.goto('/corte/print')
    await expect(page.getByRole('heading', { name: 'Corte de caja' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menú de administración' })).toHaveCount(0)
  })

  test('a wrong password shows the server message in Spanish', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Correo electrónico').fill(DEMO.cliente.email)
    await page.getByLabel('Contraseña').fill('incorrecta')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByRole('alert')).toContainText('incorrect')
    await shot(page, 'login-error-desktop')
  })
})

test.describe('back office on a phone', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  test('the auxiliar opens the drawer from the top bar', async ({ page }) => {
    await logIn(page, DEMO.auxiliar)
    await page.goto('/ventas')
    await expect(page.getByRole('heading', { name: 'Reporte de ventas', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Abrir menú de administración' }).click()
    const menu = page.getByRole('dialog', { name: 'Menú de administración' })
    await expect(menu.getByRole('link', { name: 'Envíos' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Cortes de caja' })).toHaveCount(0)
    await shot(page, 'staff-auxiliar-mobile-drawer')
    await menu.getByRole('link', { name: 'Ordenes' }).click()
    await expect(page.getByRole('heading', { name: 'Lista de ordenes', level: 1 })).toBeVisible()
    await expect(menu).toBeHidden()
  })
})
