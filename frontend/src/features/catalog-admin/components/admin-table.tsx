import type { ReactNode } from 'react'

type AdminTableProps = {
  headers: string[]
  loading: boolean
  loadingText: string
  /** Shown as the only row when there is nothing to list. */
  emptyText: string
  empty: boolean
  children: ReactNode
}

/** The catalogue admin tables: headings, a loading row, the rows and an empty row. */
export function AdminTable({ headers, loading, loadingText, emptyText, empty, children }: AdminTableProps) {
  return (
    <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} className="p-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? <MessageRow span={headers.length} text={loadingText} /> : null}
          {children}
          {empty ? <MessageRow span={headers.length} text={emptyText} /> : null}
        </tbody>
      </table>
    </div>
  )
}

function MessageRow({ span, text }: { span: number; text: string }) {
  return (
    <tr>
      <td colSpan={span} className="p-4 text-center text-slate-500">
        {text}
      </td>
    </tr>
  )
}
