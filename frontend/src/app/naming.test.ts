import ts from 'typescript'
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

/**
 * 'Return' as a devolución (`onReturn`), not as the way back, a code word: a place to go back to
 * (`returnTo`, `safeReturnPath`, `returnHere`, `ReturnState`) or the payment provider's return to
 * the shop (`ReturnParams`).
 */
const DEVOLUCION_RETURN = /(^return|Return)s?(?=[A-Z]|$)(?!To|Path|Here|State|Params)/

/**
 * A source's syntax tree, by the TypeScript compiler's parser (no types: all the sources take
 * about a second). Parameters and props are read from the tree, not by regexes: a parameter list
 * mixes names with types, defaults and functions of its own, and a props type nests other object
 * types, which a regex cannot tell apart without guessing.
 */
const parse = (file: string, text: string, kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)

/** The names a parameter declares: `venta`, or those of an array pattern (`[corte, total]`); none of an object pattern. */
const bindingNames = (name: ts.BindingName): string[] =>
  ts.isIdentifier(name)
    ? [name.text]
    : ts.isArrayBindingPattern(name)
      ? name.elements.flatMap((element) => (ts.isBindingElement(element) ? bindingNames(element.name) : []))
      : []

/** Testing Library's `user: UserEvent`, the person at the screen (see TESTING_LIBRARY_USER). */
const isUserEvent = (parameter: ts.ParameterDeclaration) =>
  parameter.type !== undefined &&
  ts.isTypeReferenceNode(parameter.type) &&
  ts.isIdentifier(parameter.type.typeName) &&
  parameter.type.typeName.text === 'UserEvent'

/**
 * The parameters the functions of a source declare, ours to name: of functions, arrow functions
 * and callbacks (`(venta: Venta) => …`, `.map((producto) => …)`), methods and function types
 * (`onOpen: (venta: Venta) => void`), an array pattern's names too. An object pattern is skipped:
 * it takes apart what the function is given and keeps its field names, the API's JSON among
 * them; a component's props are checked where their type names them (propNames).
 */
const parameterNames = (source: ts.SourceFile) => {
  const names: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isParameter(node) && !isUserEvent(node)) names.push(...bindingNames(node.name))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

/** The members an object type names (`{ venta: Venta; onCorte: () => void }`), those of an intersection's or union's object types too. */
const memberNames = (type: ts.TypeNode): string[] =>
  ts.isTypeLiteralNode(type)
    ? type.members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []))
    : ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)
      ? type.types.flatMap(memberNames)
      : ts.isParenthesizedTypeNode(type)
        ? memberNames(type.type)
        : []

/** A component: a function, or a constant holding an arrow function or a function, named in PascalCase. */
const componentOf = (node: ts.Node) => {
  const fn = ts.isFunctionDeclaration(node)
    ? node
    : ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      ? node.initializer
      : undefined
  const name = (node as ts.FunctionDeclaration | ts.VariableDeclaration).name
  return fn && name && ts.isIdentifier(name) && /^[A-Z]/.test(name.text) ? fn : undefined
}

/**
 * The props the components of a source declare, ours to name: the members of a `type XProps =
 * {…}` and of an `interface XProps {…}`, and of the object type written beside a component's
 * destructured props (`function VentaRow({ venta }: { venta: Venta })`). Other object types are
 * skipped: the API's answers (`types.ts`), requests and the patterns taking them apart
 * (`const { ventas } = data`) keep the JSON's field names.
 */
const propNames = (source: ts.SourceFile) => {
  const names: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text.endsWith('Props')) names.push(...memberNames(node.type))
    if (ts.isInterfaceDeclaration(node) && node.name.text.endsWith('Props')) {
      names.push(...node.members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : [])))
    }
    const props = componentOf(node)?.parameters[0]
    if (props?.type && ts.isObjectBindingPattern(props.name)) names.push(...memberNames(props.type))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

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

describe('parameter and prop names', () => {
  // This file's own examples of wrong names aside.
  const trees = Object.entries(sources)
    .filter(([file]) => file !== '/src/app/naming.test.ts')
    .map(([file, text]) => [file, parse(file, text)] as const)
  const parameters = trees.flatMap(([file, tree]) => parameterNames(tree).map((name) => `${file}: ${name}`))
  const props = trees.flatMap(([file, tree]) => propNames(tree).map((name) => `${file}: ${name}`))
  const refused = (entry: string) => {
    const name = entry.slice(entry.indexOf(': ') + 2)
    return inVariableName(ENGLISH_DOMAIN).test(name) || DEVOLUCION_RETURN.test(name)
  }

  it('finds the parameters and props of every source', () => {
    expect(parameters.length).toBeGreaterThan(1500)
    expect(props.length).toBeGreaterThan(600)
    expect(parameters).toEqual(
      expect.arrayContaining([
        '/src/features/catalog/stock-limit.ts: inCarrito',
        '/src/features/cashcut/helpers.ts: corte',
        '/e2e/helpers.ts: cuenta',
      ]),
    )
    expect(props).toEqual(
      expect.arrayContaining([
        '/src/components/producto-card.tsx: producto',
        '/src/features/sales/components/orden-rows.tsx: onDevolucion',
        '/src/features/staff/components/staff-layout.tsx: usuarioName',
      ]),
    )
  })

  it('of parameters use the Spanish word of a thing users see', () => {
    expect(parameters.filter(refused)).toEqual([])
  })

  it('of props use the Spanish word of a thing users see', () => {
    expect(props.filter(refused)).toEqual([])
  })

  it('its check refuses a mixed name', () => {
    expect(
      parameterNames(
        parse(
          'planted',
          'function f(order: Orden, [cut, total]: [Corte, number], n = 1) {}\n' +
            'const g = (user: UserEvent, { products }: Data) => items.map((product) => product.id)\n' +
            'type H = { onOpen: (sale: Venta) => void }',
          ts.ScriptKind.TSX,
        ),
      ),
    ).toEqual(['order', 'cut', 'total', 'n', 'product', 'sale'])
    expect(
      propNames(
        parse(
          'planted',
          'type RowProps = Base & { sale: Venta; onCut: () => void }\ninterface ListProps { products: Producto[] }\n' +
            'export function VentaRow({ order }: { order: Venta }) {}\nconst Card = ({ cart }: { cart: Carrito }) => null\n' +
            'function toVenta({ sale }: { sale: Venta }) {}\ntype Venta = { user: string }',
          ts.ScriptKind.TSX,
        ),
      ),
    ).toEqual(['sale', 'onCut', 'products', 'order', 'cart'])
    for (const name of ['onReturn', 'returns', 'returnVenta']) expect(DEVOLUCION_RETURN.test(name), name).toBe(true)
    for (const name of ['returnTo', 'safeReturnPath', 'returnHere', 'ReturnState', 'ReturnParams', 'returning', 'onDevolucion']) {
      expect(DEVOLUCION_RETURN.test(name), name).toBe(false)
    }
  })
})
