import { useDocumentTitle } from '@/components/use-document-title'
import { screenInfo, type StaffScreen } from '@/features/staff/permissions'

function StaffPlaceholder({ screen, children }: { screen: StaffScreen; children: string }) {
  const { title } = screenInfo(screen)
  useDocumentTitle(title)
  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-slate-600">
        <p>{children}</p>
      </div>
    </section>
  )
}

export const ProductosPage = () => (
  <StaffPlaceholder screen="productos">Aquí podrás buscar, crear y actualizar productos.</StaffPlaceholder>
)
export const DescuentosPage = () => (
  <StaffPlaceholder screen="descuentos">Aquí podrás administrar los descuentos.</StaffPlaceholder>
)
export const VentasPage = () => (
  <StaffPlaceholder screen="ventas">Aquí verás las ventas y los ingresos por periodo.</StaffPlaceholder>
)
export const OrdenesPage = () => (
  <StaffPlaceholder screen="ordenes">Aquí verás las órdenes pendientes y su entrega.</StaffPlaceholder>
)
export const EnviosPage = () => (
  <StaffPlaceholder screen="envios">Aquí podrás dar seguimiento a los envíos.</StaffPlaceholder>
)
export const CortePage = () => (
  <StaffPlaceholder screen="corte">Aquí verás las ventas pendientes de corte y podrás hacer el corte.</StaffPlaceholder>
)
export const UsuariosPage = () => (
  <StaffPlaceholder screen="usuarios">Aquí podrás administrar usuarios y roles.</StaffPlaceholder>
)
export const RegistroErroresPage = () => (
  <StaffPlaceholder screen="registro-errores">Aquí verás los errores que reportan los navegadores.</StaffPlaceholder>
)
