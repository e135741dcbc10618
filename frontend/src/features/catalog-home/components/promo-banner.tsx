import { TruckIcon } from '@/components/icons'

export function PromoBanner() {
  return (
    <div className="bg-gradient-to-r from-teal-600 to-teal-500 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-3 py-2 text-center text-[13px] font-semibold sm:py-2.5 sm:text-sm">
        <TruckIcon size={18} className="shrink-0" />
        Envío gratis en compras mayores a $9999
      </p>
    </div>
  )
}
