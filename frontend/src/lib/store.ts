import {
  combineSlices,
  configureStore,
  type Action,
  type ThunkAction,
} from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { api } from '@/lib/api'
import { carritoSlice } from '@/lib/carrito-slice'
import { saveCarrito, writeCarritoCookie } from '@/lib/carrito-storage'
import { sessionSlice } from '@/lib/session-slice'

// The store lives in lib/, beside the slices it is made of (features add endpoints to lib/api.ts,
// not slices of their own): so features, the hooks (lib/hooks.ts) and the slices' thunks name its
// types without importing src/app, which only composes routes and layouts. The one cycle,
// session-slice's thunks typed by AppThunk, is of types only: it is gone from the build.
const rootReducer = combineSlices(api, sessionSlice, carritoSlice)

export type RootState = ReturnType<typeof rootReducer>

/** Builds a store; tests pass a preloaded state, the app passes nothing and reads the browser. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  })
  setupListeners(store.dispatch)

  // The cart lives in browser storage so it survives reloads; a cookie says
  // how many lines it has (lib/carrito-storage.ts), also for carts stored before it existed.
  let lastItems = store.getState().cart.items
  if (!preloadedState) writeCarritoCookie(lastItems.length)
  store.subscribe(() => {
    const items = store.getState().cart.items
    if (items !== lastItems) {
      lastItems = items
      saveCarrito(items)
    }
  })
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>
