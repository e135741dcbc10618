import { expect, test, type Page } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer, logIn } from './helpers'

// Issue 26: every link and button a shopper taps on the shop's pages is at least 44x44 CSS px
// (WCAG 2.5.5, Target Size), measured in Chromium on a phone (390x844).
//
// What counts: visible links, buttons and elements with a button-like role (button, link, tab,
// switch, menuitem, checkbox, radio) and <summary>. Exempt, as WCAG 2.5.5 allows:
// - inline links inside a sentence or paragraph ("Inline: the target is in a sentence or block of
//   text"): an element laid out inline whose text block holds other text besides its own;
// - what is not there for the shopper to tap: hidden, or visually hidden (1x1 'sr-only', the skip
//   link until it is focused), or read-only (aria-disabled switches that only show a state).
// Everything else that is smaller is listed with its page, its name and its size.

const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const MIN = 44

/** Every visible tap target of the page smaller than 44x44, as 'tag "name" WxH'. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
    ].join(',')
    const blockOf = (el: Element): Element => {
      let node = el.parentElement
      while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement
      return node ?? document.body
    }
    const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
      if (el.closest('[inert], [aria-hidden="true"]')) continue
      if (el.getAttribute('aria-readonly') === 'true' && el.getAttribute('aria-disabled') === 'true') continue
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue // visually hidden (sr-only, the skip link)
      // Inline in a sentence: its block of text says more than the link itself.
      if (getComputedStyle(el).display === 'inline' && textOf(blockOf(el)).length > textOf(el).length) continue
      if (Math.round(r.width) >= min && Math.round(r.height) >= min) continue
      const name = el.getAttribute('aria-label') || textOf(el) || el.getAttribute('title') || el.getAttribute('href') || ''
      out.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`)
    }
    return out
  }, MIN)
}

/** Opens `path`, waits for `ready`, and answers the small targets of the whole page, each with its page. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path)
  await ready(page)
  // Late images and answers can still move things: measure once the page has settled.
  await page.waitForLoadState('networkidle')
  return (await smallTargets(page)).map((t) => `${path}: ${t}`)
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible()
}

test.describe('tap targets on a phone (390x844)', () => {
  test.use(PHONE)

  test('every link and button of the shop pages is at least 44x44 px (inline text links aside)', async ({ page, request }) => {
    test.setTimeout(120_000)
    const list = (await (await request.get('/v1/productos?compact=0&limit=24')).json()) as {
      products: { _id: string; variantes?: { stock?: number }[]; extras?: unknown[] }[]
    }
    // A product with several variants and extras shows the most controls; a second picture gives
    // it the carousel's arrows and dots (the demo products have one picture each).
    const producto = [...list.products].sort((a, b) => (b.variantes?.length ?? 0) + (b.extras?.length ?? 0) - (a.variantes?.length ?? 0) - (a.extras?.length ?? 0))[0]
    expect(producto, 'a product').toBeTruthy()
    const detail = (await (await request.get(`/v1/productos/${producto._id}`)).json()) as { img_portada: string; details: Record<string, unknown> }
    const pictures = await request.patch(`/v1/productos/${producto._id}`, {
      headers: bearer(await apiToken(request, DEMO.admin)),
      data: { details: { ...detail.details, imagenes: [detail.img_portada, '/v1/imagenes/demo/producto-001.svg'] } },
    })
    expect(pictures.ok(), await pictures.text()).toBe(true)

    const found: string[] = []
    found.push(...(await check(page, '/', async (p) => expect(p.getByRole('region', { name: 'Productos Destacados' })).toBeVisible())))
    const categoria = await page.locator('a[href^="/busqueda/"]').first().getAttribute('href')
    expect(categoria, 'a category link on the home page').toBeTruthy()
    found.push(...(await check(page, categoria!, async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(...(await check(page, '/ofertas', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(...(await check(page, '/modern', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(
      ...(await check(page, `/product/${producto._id}`, async (p) => {
        await expect(p.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
        await expect(p.getByRole('button', { name: 'Ver imagen 2' })).toBeVisible()
      })),
    )
    // The cart with the product in it (added on its page), then the empty cart.
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await expect(page.getByText('Producto agregado al carrito.')).toBeVisible()
    found.push(...(await check(page, '/carrito', heading(/carrito/i))))
    found.push(...(await check(page, '/tiendas', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(...(await check(page, '/login', heading('Iniciar sesión'))))
    found.push(...(await check(page, '/usuarios/registro', heading('Registre sus datos'))))
    found.push(...(await check(page, '/usuarios/restablecer-cuenta', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(...(await check(page, '/success', heading('Datos de pago inválidos'))))
    found.push(...(await check(page, '/failure', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible())))
    found.push(...(await check(page, '/pagina-que-no-existe', async (p) => expect(p.getByText('Página no encontrada')).toBeVisible())))
    // The side menu, open.
    await page.goto('/')
    await page.getByRole('button', { name: /menú/i }).first().click()
    await expect(page.getByRole('dialog', { name: 'Menú principal' })).toBeVisible()
    found.push(...(await smallTargets(page)).map((t) => `menú: ${t}`))

    // Signed in: the profile, 'Mis compras' and the thank-you page.
    await logIn(page, DEMO.cliente)
    found.push(...(await check(page, '/usuarios/perfil', async (p) => expect(p.getByTestId('mis-compras')).toBeVisible())))
    found.push(...(await check(page, '/usuarios/compras', heading('Mis compras'))))
    found.push(...(await check(page, '/carrito/gracias', heading('No hay una compra reciente'))))
    found.push(...(await check(page, '/carrito', heading(/carrito/i))))

    // The shop's frame repeats on every page: each target is listed once, with the first page it was on.
    const once = new Map<string, string>()
    for (const f of found) {
      const target = f.slice(f.indexOf(': ') + 2)
      if (!once.has(target)) once.set(target, f)
    }
    expect([...once.values()], 'tap targets smaller than 44x44 px').toEqual([])
  })
})
