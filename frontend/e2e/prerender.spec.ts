import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO, MOBILE, logIn, watchPageErrors } from './helpers'

// The pages are prerendered at build time (scripts/prerender.mjs) and the server picks one by
// route (app/pages.go): the shop shows before its JS runs, and deep links still work.

type Producto = { _id: string; nombre?: string; titulo?: string; imagen?: string; img_portada?: string; variantes: { _id: string; precioVenta?: number }[] }

async function firstProducto(request: APIRequestContext): Promise<Producto> {
  const list = await (await request.get('/v1/productos?limit=1')).json()
  const producto: Producto | undefined = list.products?.[0]
  expect(producto?._id).toBeTruthy()
  return producto as Producto
}

/** Records, from the very first byte, whether the page ever showed `text` in the main area. */
async function watchForText(page: Page, text: string) {
  await page.addInitScript((text) => {
    const w = window as unknown as { __seen: boolean }
    w.__seen = false
    new MutationObserver(() => {
      if (document.querySelector('main')?.textContent?.includes(text)) w.__seen = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  }, text)
  return () => page.evaluate(() => (window as unknown as { __seen: boolean }).__seen)
}

test.describe('before any JS runs', () => {
  test.use({ javaScriptEnabled: false, viewport: MOBILE, isMobile: true })

  test('the home page shows the header, the hero and the bottom navigation', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header).toBeVisible()
    await expect(header.getByPlaceholder('¿Qué estás buscando hoy?')).toBeVisible()
    // What would not work yet waits for the app, rather than losing what the user does.
    await expect(header.getByRole('combobox', { name: 'Buscar productos' })).toBeDisabled()
    await expect(header.getByRole('button', { name: 'Abrir menú' })).toBeDisabled()
    await expect(page.getByTestId('greeting')).toHaveText('Bienvenido')
    await expect(page.getByRole('heading', { name: 'Protege lo que más importa' })).toBeVisible()
    await expect(page.getByText('Cámaras, grabadores, redes y energía de las mejores marcas')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Navegación inferior' })).toBeVisible()
  })

  test('a product page shows the frame and the loading product', async ({ page, request }) => {
    const producto = await firstProducto(request)
    await page.goto(`/product/${producto._id}`)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible()
  })

  test("a category page shows the frame and its grid's first cards loading, with their pictures", async ({ page, request }) => {
    await page.goto('/busqueda/22')
    await expect(page.getByRole('banner')).toBeVisible()
    const skeletons = page.getByRole('main').getByTestId('product-skeleton')
    await expect(skeletons.first()).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Cargando…')
    // The server drew the first screen's pictures (two rows of two) in their cards' skeletons, in
    // the order of the category's list, so they paint with the page rather than after the app.
    // A product without a picture (another test's import may put one first) keeps its grey box.
    const list = await (await request.get('/v1/productos?page=1&limit=24&compact=1&categoria=22')).json()
    const first = (list.products as Producto[]).slice(0, 4)
    expect(first).toHaveLength(4)
    expect(first.filter((p) => p.imagen || p.img_portada).length).toBeGreaterThan(0)
    for (const [i, p] of first.entries()) {
      const picture = skeletons.nth(i).locator('img')
      if (!p.imagen && !p.img_portada) {
        await expect(picture).toHaveCount(0)
        continue
      }
      await expect(picture).toHaveAttribute('alt', (p.nombre || p.titulo || '').trim())
      await expect(picture).toBeInViewport()
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
    await expect(skeletons.nth(4).locator('img')).toHaveCount(0)
  })

  test('the cart waits for the stored cart when its cookie says it has lines, never showing it empty', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'carrito', value: '2', url: baseURL! }])
    await page.goto('/carrito')
    await expect(page.getByRole('heading', { name: 'Tu Carrito' })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('Cargando tu carrito…')
    await expect(page.getByRole('main')).not.toContainText(/vac[ií]o/i)
    await expect(page.getByRole('link', { name: 'Carrito', exact: true })).toBeVisible()
  })

  test('a browser that never had a cart gets the empty cart at once', async ({ page }) => {
    await page.goto('/carrito')
    await expect(page.getByRole('heading', { name: 'Tu Carrito' })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('Carrito de compras vacio')
    await expect(page.getByRole('link', { name: 'Seguir comprando' })).toBeVisible()
  })

  test('other shop pages show the frame around the loading indicator', async ({ page }) => {
    await page.goto('/tiendas')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Cargando…')
  })

  test('back-office pages do not show the shop frame', async ({ page }) => {
    await page.goto('/ventas')
    await expect(page.locator('#root')).toBeEmpty()
  })
})

/**
 * Before the app's scripts run, keeps the page's header; answers later whether the app
 * adopted the prerendered markup (the same node) rather than drawing the page anew.
 */
async function watchAdoption(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        ;(window as unknown as { __first: Element | null }).__first = document.querySelector('#root header')
      }
    })
  })
  return () =>
    page.evaluate(() => {
      const first = (window as unknown as { __first: Element | null }).__first
      return first !== null && first.isConnected
    })
}

test.describe('deep links', () => {
  test('a product page opens straight from its address, its code Brotli-compressed', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const producto = await firstProducto(request)
    const encodings = new Map<string, string>()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (/^\/assets\/.+\.(js|css)$/.test(url.pathname)) encodings.set(url.pathname, response.headers()['content-encoding'] ?? '')
    })
    await page.goto(`/product/${producto._id}`)
    await expect(page.getByRole('heading', { level: 1, name: (producto.nombre || producto.titulo || '').trim() })).toBeVisible()
    await expect(page.getByTestId('precio-final')).toHaveText(/^\$[\d,]+\.\d{2}$/)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    expect(errors).toEqual([])
    // The build's Brotli copies (scripts/compress.mjs), which the browser decoded to draw the page.
    expect(encodings.size).toBeGreaterThan(2)
    expect([...encodings].filter(([, encoding]) => encoding !== 'br')).toEqual([])
  })

  test('a category page opens from its address with its first products, without asking the API for them', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/v1/productos' || url.pathname === '/v1/categorias') asked.push(url.pathname + url.search)
    })
    // At each frame, how many of the grid's first four places show a picture, and whether they are
    // the cards (links) yet or still the page's skeletons.
    await page.addInitScript(() => {
      const frames: string[] = []
      ;(window as unknown as { __frames: string[] }).__frames = frames
      const sample = () => {
        const pictures = [...document.querySelectorAll<HTMLImageElement>('main ul > li:nth-child(-n+4) img')]
        const shown = pictures.filter((img) => img.complete && img.naturalWidth > 0).length
        frames.push(`${shown}${document.querySelector('main a[href^="/product/"]') ? 'cards' : 'skeletons'}`)
        // Until 30 frames after the cards are drawn.
        if (frames.filter((f) => f.endsWith('cards')).length < 30) requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    })
    await page.goto('/busqueda/video-vigilancia')
    await expect(page.getByRole('heading', { level: 1, name: 'Videovigilancia' })).toBeVisible()
    await expect(page.getByRole('main').locator('a[href^="/product/"]').first()).toBeVisible()
    expect(asked).toEqual([])
    expect(errors).toEqual([])
    // The server drew the first pictures in the skeletons; they stay on screen as the app draws
    // the cards in their place, with no frame of grey boxes between (the app draws from the data
    // the page carries in its first render).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames.length)).toBeGreaterThan(30)
    const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)
    // The first four products with a picture (another test's import may put one without first).
    const list = await (await request.get('/v1/productos?page=1&limit=24&compact=1&categoria=video-vigilancia')).json()
    const pictures = (list.products as Producto[]).slice(0, 4).filter((p) => p.imagen || p.img_portada).length
    expect(pictures).toBeGreaterThan(0)
    const firstShown = frames.indexOf(`${pictures}skeletons`)
    expect(firstShown, frames.join(' ')).toBeGreaterThanOrEqual(0)
    expect(frames.slice(firstShown).filter((f) => !f.startsWith(String(pictures))), frames.join(' ')).toEqual([])
    expect(frames.at(-1)).toBe(`${pictures}cards`)
  })

  test('a staff screen opens straight from its address, in the back-office frame', async ({ page }) => {
    const errors = watchPageErrors(page)
    await logIn(page, DEMO.admin)
    await page.goto('/ventas')
    await expect(page.getByRole('heading', { level: 1, name: 'Reporte de ventas' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Navegación inferior' })).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('a cart with items never shows the empty cart on the way', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const producto = await firstProducto(request)
    const title = (producto.nombre || producto.titulo || '').trim()
    await page.goto(`/product/${producto._id}`)
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await expect(page.getByTestId('cart-badge')).toHaveText('1')

    const sawEmpty = await watchForText(page, 'Carrito de compras vacio')
    await page.goto('/carrito')
    await expect(page.getByRole('list', { name: 'Productos en tu carrito' })).toContainText(title.slice(0, 20))
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    expect(await sawEmpty()).toBe(false)
    expect(errors).toEqual([])
  })

  test('the app adopts the page prerendered for its route, signed in and with a cart too', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const redrawn: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('La página se dibujó de nuevo')) redrawn.push(page.url())
    })
    const adopted = await watchAdoption(page)
    const producto = await firstProducto(request)
    // A product page is the exception: it carries its product, so the app draws it at once from
    // that rather than adopting the prerendered loading state (app/pages.go).
    const visit = async (path: string, ready: (p: Page) => Promise<void>, adopt = true) => {
      await page.goto(path)
      await ready(page)
      if (adopt) {
        expect(await adopted(), `${path}: the prerendered page was drawn anew`).toBe(true)
      } else {
        // A page the server drew complete (the empty cart) is ready before the app has run: wait for it.
        await expect.poll(adopted, { message: `${path}: the prerendered page was adopted` }).toBe(false)
      }
    }
    const home = async (p: Page) => {
      await expect(p.getByRole('main').locator('a[href^="/product/"]').first()).toBeVisible()
    }
    const carrito = async (p: Page) => {
      await expect(p.getByRole('main')).not.toContainText('Cargando tu carrito…')
    }
    const detail = async (p: Page) => {
      await expect(p.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    }
    await visit('/', home)
    // An empty cart comes drawn from the server (its cookie says so), and the app draws it anew.
    await visit('/carrito', carrito, false)
    await visit(`/product/${producto._id}`, detail, false)
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    await logIn(page, DEMO.cliente)
    await visit('/', home)
    await expect(page.getByTestId('greeting')).toHaveText(/^Hola /)
    await visit('/carrito', carrito)
    await expect(page.getByRole('list', { name: 'Productos en tu carrito' })).toBeVisible()
    expect(redrawn).toEqual([])
    expect(errors).toEqual([])
  })
})
