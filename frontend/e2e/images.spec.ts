import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DESKTOP, MOBILE } from './helpers'

// What pictures cost a shopper: the bytes each product card of the home page downloads, and the
// product page's main picture, in a real browser. A few demo products show photos (2000x1500 JPEG,
// made in the background after start); the others show small SVG drawings.

const UPLOAD = /^\/v1\/imagenes\/[0-9a-f]{32}$/
/** What a product card may download on a phone (issue #16). */
const CARD_BUDGET = 40_000

type Producto = { _id: string; imagen?: string }

/** Waits for the demo photos and returns the products that show one. */
async function productosWithPhotos(request: APIRequestContext): Promise<Producto[]> {
  let withPhotos: Producto[] = []
  await expect
    .poll(
      async () => {
        const res = await request.get('/v1/productos?limit=100')
        const { products } = (await res.json()) as { products: Producto[] }
        withPhotos = products.filter((p) => UPLOAD.test(p.imagen ?? ''))
        return withPhotos.length
      },
      { timeout: 30_000, message: 'the demo photos are stored in the background after start' },
    )
    .toBeGreaterThanOrEqual(4)
  return withPhotos
}

/** Records the bytes (and cache header) of every picture the page downloads, by path. */
function pictures(page: Page) {
  const got = new Map<string, { bytes: number; cache: string | null }>()
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname
    if (!path.startsWith('/v1/imagenes/') || res.status() !== 200) return
    const body = await res.body().catch(() => Buffer.alloc(0))
    got.set(path, { bytes: body.length, cache: res.headers()['cache-control'] ?? null })
  })
  return got
}

type CardPicture = { src: string; loading: string | null; width: string | null; height: string | null }

/** Scrolls the home page to its end so that every card's picture loads, and lists them. */
async function cardPictures(page: Page): Promise<CardPicture[]> {
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Productos Destacados' })
  await expect(featured.getByRole('link').first()).toBeVisible()
  await expect(page.locator('main li img').first()).toBeVisible()
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 300) {
    await page.mouse.wheel(0, 300)
    await page.waitForTimeout(40)
  }
  // The favourites strip scrolls sideways: bring each of its cards in.
  for (const img of await page.locator('[aria-labelledby="favoritos"] img').all()) await img.scrollIntoViewIfNeeded()
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('main img')].every((i) => (i as HTMLImageElement).complete)))
    .toBe(true)
  await page.waitForLoadState('networkidle')
  return page.evaluate(() =>
    [...document.querySelectorAll('main li img')].map((i) => {
      const img = i as HTMLImageElement
      return { src: new URL(img.currentSrc).pathname, loading: img.getAttribute('loading'), width: img.getAttribute('width'), height: img.getAttribute('height') }
    }),
  )
}

function report(label: string, cards: CardPicture[], got: Map<string, { bytes: number }>) {
  const photos = cards.filter((c) => /\/\d+\.webp$/.test(c.src))
  const bytes = photos.map((c) => got.get(c.src)?.bytes ?? 0)
  const drawings = cards.filter((c) => c.src.endsWith('.svg')).map((c) => got.get(c.src)?.bytes ?? 0)
  const total = [...new Set(cards.map((c) => c.src))].reduce((sum, src) => sum + (got.get(src)?.bytes ?? 0), 0)
  const line =
    `${label}: ${cards.length} cards, ${total} B of pictures in all; ${photos.length} with photos: ` +
    `${photos.map((c, i) => `${c.src.split('/').pop()} ${bytes[i]} B`).join(', ')}` +
    `; largest ${Math.max(...bytes)} B; drawings ${Math.min(...drawings)}-${Math.max(...drawings)} B`
  console.log(line)
  test.info().annotations.push({ type: 'figure', description: line })
  return { photos, bytes }
}

test.describe('on a phone at 3x (390x844)', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 })

  test('no product card downloads more than 40 KB of picture', async ({ page, request }) => {
    await productosWithPhotos(request)
    const got = pictures(page)
    const cards = await cardPictures(page)
    const { photos, bytes } = report('home, 390 px at 3x', cards, got)
    expect(photos.length).toBeGreaterThanOrEqual(4)
    // A card is about 147 CSS px wide: 441 device pixels, so the 480 px WebP.
    for (const photo of photos) expect(photo.src).toMatch(/\/480\.webp$/)
    for (const card of cards) {
      expect(got.get(card.src)?.bytes, card.src).toBeLessThanOrEqual(CARD_BUDGET)
      expect(card.width, 'width and height keep the box').toBe(card.height)
      expect(card.loading).toBe('lazy')
    }
    expect(Math.max(...bytes)).toBeLessThanOrEqual(CARD_BUDGET)
    // Never an original, and every size cached for a year.
    for (const [path, { cache }] of got) {
      expect(path, 'an original was downloaded').not.toMatch(UPLOAD)
      if (path.endsWith('.webp')) expect(cache).toBe('public, max-age=31536000, immutable')
    }
  })

  test('the product page loads its main photo first, in its size, without moving the page', async ({ page, request }) => {
    const [producto] = await productosWithPhotos(request)
    const got = pictures(page)
    // Hold the pictures back a moment to see the box before the photo arrives.
    await page.route('**/v1/imagenes/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    })
    await page.goto(`/product/${producto._id}`)
    const main = page.getByTestId('carousel').locator('img')
    await expect(main).toBeVisible()
    const before = await main.boundingBox()
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const after = await main.boundingBox()
    expect(after).toEqual(before)
    expect(Math.round(after!.width)).toBe(Math.round(after!.height))
    await expect(main).toHaveAttribute('loading', 'eager')
    await expect(main).toHaveAttribute('fetchpriority', 'high')
    const src = await main.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)
    // 324 CSS px at 3x: 972 device pixels, so the 1200 px WebP.
    expect(src).toBe(`${producto.imagen}/1200.webp`)
    const line = `product page, 390 px at 3x: main photo ${src.split('/').pop()} ${got.get(src)?.bytes} B`
    console.log(line)
    test.info().annotations.push({ type: 'figure', description: line })
  })
})

test.describe('on a desktop (1280x800)', () => {
  test.use({ viewport: DESKTOP })

  test('product cards download the 320 px photo', async ({ page, request }) => {
    await productosWithPhotos(request)
    const got = pictures(page)
    const cards = await cardPictures(page)
    const { photos } = report('home, 1280 px at 1x', cards, got)
    expect(photos.length).toBeGreaterThanOrEqual(4)
    for (const photo of photos) expect(photo.src).toMatch(/\/320\.webp$/)
    for (const card of cards) expect(got.get(card.src)?.bytes, card.src).toBeLessThanOrEqual(CARD_BUDGET)
  })
})
