import { expect, test } from '@playwright/test'
import { DESKTOP, MOBILE, shot, watchPageErrors } from './helpers'

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  test('the home page shows the header, the products and the bottom navigation', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header).toBeVisible()
    await expect(header.getByPlaceholder('¿Qué estás buscando hoy?')).toBeVisible()
    await expect(page.getByTestId('greeting')).toHaveText('Bienvenido')
    await expect(page.getByText('Envío gratis en compras mayores a $9999').first()).toBeVisible()

    const bottom = page.getByRole('navigation', { name: 'Navegación inferior' })
    await expect(bottom).toBeVisible()
    for (const tab of ['Inicio', 'Tiendas', 'Descuentos', 'Perfil']) {
      await expect(bottom.getByRole('link', { name: tab })).toBeVisible()
    }

    const featured = page.getByRole('region', { name: 'Productos Destacados' })
    await expect(featured.getByRole('link').first()).toBeVisible()
    await expect(featured.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible()
    await shot(page, 'home-mobile')
    await page.getByRole('heading', { name: 'Productos Destacados' }).scrollIntoViewIfNeeded()
    await shot(page, 'home-mobile-products')
    expect(errors).toEqual([])
  })

  test('the side menu opens and closes', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    const menu = page.getByRole('dialog', { name: 'Menú principal' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Todo' })).toHaveAttribute('href', '/modern')
    await expect(menu.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
    await shot(page, 'side-menu-mobile')

    await menu.getByRole('button', { name: 'Cerrar menú' }).click()
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })

  test('the Tiendas tab shows the shop details', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Tiendas' }).click()
    await expect(page).toHaveURL(/\/tiendas$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'Tiendas', level: 1 })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', /^https:\/\//)
    await expect(main.locator('a[href^="tel:"]')).toBeVisible()
    await shot(page, 'tiendas-mobile')
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await shot(page, 'footer-mobile')
  })

  test('the search suggests products and opens the chosen one', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('combobox').fill('cam')
    const option = page.getByRole('option').first()
    await expect(option).toBeVisible()
    await shot(page, 'search-mobile')
    await option.click()
    await expect(page).toHaveURL(/\/product\/[^/]+$/)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
  })
})

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: DESKTOP })

  test('the bottom navigation is not visible', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Navegación inferior' })).toBeHidden()
    await expect(page.getByRole('region', { name: 'Productos Destacados' }).getByRole('link').first()).toBeVisible()
    await shot(page, 'home-desktop', { fullPage: true })
    expect(errors).toEqual([])
  })

  test('scrolling down loads more featured products', async ({ page }) => {
    await page.goto('/')
    const featured = page.getByRole('region', { name: 'Productos Destacados' })
    const cards = featured.getByRole('listitem')
    // The products, not the skeletons of the prerendered page.
    await expect(featured.getByRole('link').first()).toBeVisible()
    const first = await cards.count()
    await page.getByTestId('load-more').scrollIntoViewIfNeeded()
    await expect.poll(() => cards.count()).toBeGreaterThan(first)
  })
})

test.describe('deep links and unknown routes', () => {
  test('a deep link to a product loads the app; an unknown product is a 404 with the shop around it', async ({ page, request }) => {
    const list = await (await request.get('/v1/productos?limit=1')).json()
    const producto = list.products[0]
    const ok = await page.goto(`/product/${producto._id}`)
    expect(ok?.status()).toBe(200)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    const missing = await page.goto('/product/x')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
  })

  test('a deep link to /corte/print loads the app', async ({ page }) => {
    const response = await page.goto('/corte/print')
    expect(response?.status()).toBe(200)
    // Not signed in: the app itself sends the visitor to the login screen.
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible()
  })

  test('an unknown route shows the Spanish not-found page', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe')
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
    await shot(page, 'not-found-desktop')
    await page.getByRole('link', { name: 'Volver a Inicio' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})
