import { describe, expect, it } from 'vitest'
import { api } from '@/lib/api'
import { endpointsWithMessages } from '@/lib/error-messages'

// The naming rule of README.md, 'Naming in the front end': words a user sees are Spanish, code
// words English, and a thing has one word everywhere.

// Every module that adds endpoints to the one API slice: lib's and each feature's api.ts or *-api.ts.
import.meta.glob(['/src/lib/*-api.ts', '/src/lib/categorias.ts', '/src/features/**/api.ts', '/src/features/**/*-api.ts'], {
  eager: true,
})

/** Every source file of the front end (its path from frontend/ and its text). */
const sources: Record<string, string> = import.meta.glob(['/src/**/*.{ts,tsx}', '/e2e/**/*.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
})

/** Every file under src and e2e, whatever its kind (CSS, JSON cases...). */
const files = Object.keys(import.meta.glob(['/src/**/*', '/e2e/**/*']))

/** The English verbs an endpoint's name begins with. */
const VERBS = [
  'get', 'list', 'create', 'update', 'delete', 'set', 'search', 'find', 'toggle', 'preview', 'send',
  'cancel', 'replace', 'sync', 'confirm', 'reorder', 'upload', 'recover', 'reset', 'login', 'register',
]

/**
 * English words for things the shop names in Spanish (Producto, Venta, Orden, Corte, Categoria,
 * Usuario, Descuento, Factura, Compra, Cuenta, Perfil, Respaldo, Importacion, Trabajo, Inventario,
 * Movimiento, Proveedor, Auditoria, Envio, Cliente, Pago, Carrito, Catalogo, Efectivo).
 */
const ENGLISH_DOMAIN = [
  'Product', 'Sale', 'Order', 'Cut', 'Category', 'Categories', 'User', 'Discount', 'Invoice', 'Purchase',
  'Account', 'Profile', 'Backup', 'Import', 'Job', 'Inventory', 'Movement', 'Supplier', 'Audit',
  'Shipment', 'Customer', 'Payment', 'Cart', 'Catalog', 'Cash',
]

/** An English domain word as a part of a camel-case name ('Sale' in `SaleItem`, not in `Salesforce`). */
const inCamelCase = (words: string[]) => new RegExp(`(${words.join('|')})s?(?=[A-Z]|$)`)

/** An English domain word as a part of a kebab-case name, a file's up to its first dot ('cart' in `cart-page`). */
const inFileName = (words: string[]) => new RegExp(`(^|-)(${words.join('|')})s?(?=-|$)`, 'i')

/** A file's name up to its first dot: `carrito-page` of `/src/features/checkout/carrito-page.test.tsx`. */
const stem = (file: string) => file.slice(file.lastIndexOf('/') + 1).split('.')[0]

/** The types and interfaces a source declares, and its components (functions and constants named in PascalCase). */
const declaredTypes = (text: string) =>
  [...text.matchAll(/^\s*(?:export\s+)?(?:type|interface|function|const)\s+([A-Z][a-z]\w*)/gm)].map((m) => m[1])

const endpoints = Object.keys(api.endpoints)

describe('endpoint names', () => {
  it('finds the endpoints of every feature', () => {
    expect(endpoints.length).toBeGreaterThan(80)
    expect(endpoints).toEqual(expect.arrayContaining(['getConfig', 'getProducto', 'listVentas', 'createCorte', 'listFacturas']))
  })

  it('are an English verb and the Spanish words of the things they are about', () => {
    const verb = new RegExp(`^(${VERBS.join('|')})([A-Z]|$)`)
    expect(endpoints.filter((name) => !verb.test(name))).toEqual([])
    // 'Return' is a devolución here; in a type or a file it is the way back (return-path.ts).
    expect(endpoints.filter((name) => inCamelCase([...ENGLISH_DOMAIN, 'Return']).test(name))).toEqual([])
  })

  it('give their error messages to endpoints that exist', () => {
    expect(endpointsWithMessages().filter((name) => !endpoints.includes(name))).toEqual([])
  })
})

describe('file names', () => {
  it('finds the files of the features, the shared code and the e2e specs', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '/src/features/checkout/components/carrito-page.tsx',
        '/src/features/catalog/components/producto-page.tsx',
        '/src/lib/carrito-slice.ts',
        '/e2e/ventas.spec.ts',
      ]),
    )
  })

  it('use the Spanish word of a thing users see (feature folders are the modules’ code names)', () => {
    expect(files.filter((file) => inFileName(ENGLISH_DOMAIN).test(stem(file)))).toEqual([])
  })

  it('its check refuses a mixed name', () => {
    expect(inFileName(ENGLISH_DOMAIN).test('cart-page')).toBe(true)
    expect(inFileName(ENGLISH_DOMAIN).test('producto-sales')).toBe(true)
    expect(inFileName(ENGLISH_DOMAIN).test('user')).toBe(true)
    expect(inFileName(ENGLISH_DOMAIN).test('carrito-page')).toBe(false)
    expect(inFileName(ENGLISH_DOMAIN).test('cartel')).toBe(false)
  })
})

describe('type and component names', () => {
  const types = Object.entries(sources).flatMap(([file, text]) => declaredTypes(text).map((name) => `${file}: ${name}`))

  it('finds the types of every source', () => {
    expect(types.length).toBeGreaterThan(300)
    expect(types).toEqual(
      expect.arrayContaining([
        '/src/lib/carrito.ts: CarritoItem',
        '/src/features/sales/types.ts: Venta',
        '/src/features/checkout/components/carrito-page.tsx: CarritoPage',
      ]),
    )
  })

  it('use the Spanish word of a thing users see', () => {
    expect(types.filter((entry) => inCamelCase(ENGLISH_DOMAIN).test(entry.slice(entry.indexOf(': ') + 2)))).toEqual([])
  })

  it('its check refuses a mixed name', () => {
    expect(inCamelCase(ENGLISH_DOMAIN).test('SaleFactura')).toBe(true)
    expect(inCamelCase(ENGLISH_DOMAIN).test('ProductoImport')).toBe(true)
    expect(inCamelCase(ENGLISH_DOMAIN).test('VentaFactura')).toBe(false)
    expect(inCamelCase(ENGLISH_DOMAIN).test('Cartel')).toBe(false)
    expect(declaredTypes('export function CartRow() {}\n  const UserDialog = () => null\nconst PAGE_SIZE = 24')).toEqual([
      'CartRow',
      'UserDialog',
    ])
  })
})
