import { useState } from 'react'
import { downloadFile, DownloadError, saveFile } from '@/lib/download'
import { useDownloadAuth } from '@/lib/use-download-auth'
import { facturaFileUrl, type Factura } from '@/features/invoicing/types'

export type FileFormat = 'pdf' | 'xml'

/** The staff's downloads of a factura's PDF and XML with their session; which one is on its way, and why one failed. */
export function useFacturaFiles() {
  const { token, onDownloadError } = useDownloadAuth()
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState('')

  async function download(factura: Pick<Factura, '_id' | 'uuid'>, format: FileFormat) {
    setBusy(`${factura._id}.${format}`)
    setProblem('')
    try {
      const name = `factura-${factura.uuid || factura._id}.${format}`
      const { blob, fileName } = await downloadFile(facturaFileUrl(factura._id, format), name, token)
      saveFile(blob, fileName)
    } catch (err) {
      onDownloadError(err)
      setProblem(err instanceof DownloadError ? err.message : 'No se pudo descargar el archivo.')
    } finally {
      setBusy(null)
    }
  }

  return { download, busy, problem }
}

export type FacturaFiles = ReturnType<typeof useFacturaFiles>
