import { formatMoney } from '@/lib/money'
import { DENOMINACIONES, countTotal, counted, denominationLabel, differenceLabel, readPieces, type Pieces } from '@/features/cashcut/helpers'

/**
 * One drawer's count by denomination: how many bills and coins of each value, with the total
 * counted, the cash calculated and the difference as they are typed.
 */
export function DenominationCount({
  title,
  expected,
  pieces,
  onChange,
}: {
  title: string
  expected: number
  pieces: Pieces
  onChange: (pieces: Pieces) => void
}) {
  const total = countTotal(pieces)
  const diff = Math.round(total * 100 - expected * 100) / 100
  const wrong = pieces.some((p) => readPieces(p).problem)
  return (
    <fieldset className="rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {DENOMINACIONES.map((d, i) => {
          const problem = readPieces(pieces[i] ?? '').problem
          return (
            <label key={`${d.tipo}-${d.valor}`} className="text-xs text-slate-700">
              <span className="block">{denominationLabel(d)}</span>
              <input
                className={`field-input mt-0.5 tabular-nums ${problem ? 'border-rose-400' : ''}`}
                inputMode="numeric"
                placeholder="0"
                value={pieces[i] ?? ''}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => onChange(pieces.map((p, j) => (j === i ? e.target.value : p)))}
              />
            </label>
          )
        })}
      </div>
      {wrong ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700">
          Escribe cuántas piezas contaste: un número entero de 0 a 100,000.
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm" aria-live="polite">
        <div>
          <dt className="text-xs text-slate-500">Calculado</dt>
          <dd className="font-medium tabular-nums">{formatMoney(expected)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Contado</dt>
          <dd className="font-medium tabular-nums" data-testid="conteo-total">
            {formatMoney(total)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Diferencia</dt>
          <dd className={`font-medium tabular-nums ${diff < 0 ? 'text-red-700' : diff > 0 ? 'text-amber-700' : 'text-emerald-700'}`}>
            {counted(pieces) ? `${differenceLabel(diff)}${diff ? ` ${formatMoney(Math.abs(diff))}` : ''}` : '—'}
          </dd>
        </div>
      </dl>
    </fieldset>
  )
}
