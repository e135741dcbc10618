/**
 * 'más IVA' beside a catalogue price: prices are before IVA, which the cart adds on top (16 %), and
 * a Mexican shopper expects to be told so wherever a price shows.
 */
export function MasIva({ className = 'text-xs' }: { className?: string }) {
  return <span className={`font-medium whitespace-nowrap text-slate-500 ${className}`}>más IVA</span>
}
