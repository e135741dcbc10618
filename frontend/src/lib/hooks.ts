import { useDispatch, useSelector } from 'react-redux'
import type { AppDispatch, RootState } from '@/lib/store'

/** useDispatch typed by the shop's store: thunks and RTK Query's initiate() type-check. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
/** useSelector typed by the shop's state (RootState, lib/store.ts). */
export const useAppSelector = useSelector.withTypes<RootState>()
