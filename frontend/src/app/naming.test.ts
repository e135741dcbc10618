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

/** A word with its first letter in lower case: `cart` of `Cart`. */
const lowerFirst = (word: string) => word[0].toLowerCase() + word.slice(1)

/**
 * An English domain word as a part of a function's or variable's name, in any case it is written:
 * the first word of a lower camel-case name (`cart` in `cartSlice`, not in `cartel`), a later word
 * of one (`Cart` in `toCartItem`) or of a PascalCase one, a word of a CONSTANT_CASE one (`CART` in
 * `CART_KEY`).
 */
const inVariableName = (words: string[]) =>
  new RegExp(
    [
      `^(${words.map(lowerFirst).join('|')})s?(?=[A-Z]|$)`,
      inCamelCase(words).source,
      `(^|_)(${words.map((w) => w.toUpperCase()).join('|')})S?(?=_|$)`,
    ].join('|'),
  )

/** An English domain word as a part of a kebab-case name, a file's up to its first dot ('cart' in `cart-page`). */
const inFileName = (words: string[]) => new RegExp(`(^|-)(${words.join('|')})s?(?=-|$)`, 'i')

/** A file's name up to its first dot: `carrito-page` of `/src/features/checkout/carrito-page.test.tsx`. */
const stem = (file: string) => file.slice(file.lastIndexOf('/') + 1).split('.')[0]

/** The types and interfaces a source declares, and its components (functions and constants named in PascalCase). */
const declaredTypes = (text: string) =>
  [...text.matchAll(/^\s*(?:export\s+)?(?:type|interface|function|const)\s+([A-Z][a-z]\w*)/gm)].map((m) => m[1])

/**
 * The functions, classes and variables a source declares: `function x`, `class X`, `const x`,
 * `let x` and `var x` (exported or not, at the top or nested, arrow functions and loops' variables
 * too), `catch (x)`, the names of an array pattern (`const [trabajoId, setTrabajoId] = useState()`,
 * ours to choose) and of an exported object pattern (`export const { selectCarritoItems } =
 * slice.selectors`, the module's own names). Other object patterns are skipped: they take apart
 * what they are given (`const { ventas } = data`, a component's props) and keep its field names,
 * the API's JSON fields among them. Members of objects and classes are fields too: not checked.
 */
const declaredNames = (text: string) => [
  ...[...text.matchAll(/(?:^|[\s(;{])(?:function\*?|class|const|let|var)[ \t]+([\w$]+)/gm)].map((m) => m[1]),
  ...[...text.matchAll(/\bcatch\s*\(([\w$]+)/g)].map((m) => m[1]),
  ...[...text.matchAll(/(?:^|[\s(;{])(?:const|let|var)[ \t]+\[([^\]]*)\]/gm)].flatMap((m) => namesIn(m[1])),
  ...[...text.matchAll(/^export\s+const\s+\{([^}]*)\}/gm)].flatMap((m) => namesIn(m[1])),
]

/** The names a pattern's list declares: `whole`, `fraction` of `whole, fraction = ''`. */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((item) => item.split('=')[0].trim())
    .filter((name) => /^[\w$]+$/.test(name))

/**
 * Testing Library's `user` is the person at the screen (`const user = userEvent.setup()`, typed
 * `UserEvent`), a code word as the library's `userEvent` is; the shop's user is a `usuario`.
 */
const TESTING_LIBRARY_USER = /(?:const|let)\s+user(?:\s*=\s*userEvent\.setup\(\)|:\s*UserEvent\b)/g

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

describe('function and variable names', () => {
  // This file's own examples of wrong names aside.
  const names = Object.entries(sources)
    .filter(([file]) => file !== '/src/app/naming.test.ts')
    .flatMap(([file, text]) => declaredNames(text.replace(TESTING_LIBRARY_USER, '')).map((name) => `${file}: ${name}`))

  it('finds the functions and variables of every source', () => {
    expect(names.length).toBeGreaterThan(2000)
    expect(names).toEqual(
      expect.arrayContaining([
        '/src/lib/carrito-slice.ts: carritoSlice',
        '/src/lib/carrito-slice.ts: selectCarritoItems',
        '/src/features/catalog/carrito-line.ts: toCarritoItem',
        '/src/features/catalog-admin/components/importar-productos-dialog.tsx: setTrabajoId',
        '/e2e/helpers.ts: paidVenta',
      ]),
    )
  })

  it('use the Spanish word of a thing users see', () => {
    // 'Return' is left out as for types: the way back (safeReturnPath) and a devolución share it.
    expect(names.filter((entry) => inVariableName(ENGLISH_DOMAIN).test(entry.slice(entry.indexOf(': ') + 2)))).toEqual([])
  })

  it('its check refuses a mixed name', () => {
    for (const name of ['toCartItem', 'salesApi', 'cartSlice', 'productTitle', 'orderBy', 'CART_KEY', 'NO_PURCHASES', 'user']) {
      expect(inVariableName(ENGLISH_DOMAIN).test(name), name).toBe(true)
    }
    for (const name of ['toCarritoItem', 'ventasApi', 'carritoSlice', 'cartel', 'ordered', 'sortBy', 'CARRITO_KEY', 'usuario', 'reorder']) {
      expect(inVariableName(ENGLISH_DOMAIN).test(name), name).toBe(false)
    }
    expect(
      declaredNames(
        'export function toCartItem() {}\n  const salesApi = api\nfor (let i = 0; i < 2; i++) {}\n' +
          'const [orderError, setOrderError] = useState()\nexport const { selectUser } = slice.selectors\n' +
          'const { products } = data\nclass CartError {}\ntry {} catch (cutError) {}\nconst [whole, fraction = \'\'] = parts',
      ),
    ).toEqual(['toCartItem', 'salesApi', 'i', 'CartError', 'cutError', 'orderError', 'setOrderError', 'whole', 'fraction', 'selectUser'])
  })
})
