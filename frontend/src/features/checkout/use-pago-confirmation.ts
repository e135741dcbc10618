import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { carritoCleared } from '@/lib/carrito-slice'
import { selectIsSignedIn } from '@/lib/session-slice'
import { useConfirmPagoMutation } from '@/features/checkout/api'
import { isValidReturn, readReturnParams } from '@/features/checkout/pago-return'
import { readUltimaVenta, writeUltimaVenta } from '@/features/checkout/ultima-venta'

/**
 * The payment Mercado Pago sends the shopper back with (the page's parameters), confirmed with the
 * server once the shopper is signed in, unless this browser already saved its sale. A confirmed
 * sale is kept as the last one and empties the cart.
 */
export function usePagoConfirmation() {
  const dispatch = useAppDispatch()
  const [search] = useSearchParams()
  const params = useMemo(() => readReturnParams(search), [search])
  const valid = isValidReturn(params)
  const signedIn = useAppSelector(selectIsSignedIn)
  // Read once: a sale this browser already saved for this payment is shown, not saved again.
  const [stored] = useState(readUltimaVenta)
  const already = valid && stored?.mercadoPago && String(stored.mercadoPago.payment_id) === params.payment_id ? stored : null
  const [confirm, { data, error, isUninitialized, isLoading }] = useConfirmPagoMutation()
  const shouldSave = valid && !already && signedIn

  useEffect(() => {
    if (!shouldSave) return
    // Started from a timer so that React's development double effects cancel the first one.
    const timer = window.setTimeout(() => {
      confirm(params)
        .unwrap()
        .then((result) => {
          writeUltimaVenta(result.venta)
          dispatch(carritoCleared())
        })
        .catch(() => {
          // Shown from the mutation's state.
        })
    }, 0)
    return () => window.clearTimeout(timer)
  }, [shouldSave, params, confirm, dispatch])

  const retry = () => confirm(params)
  return { params, valid, already, signedIn, data, error, isUninitialized, isLoading, retry }
}
