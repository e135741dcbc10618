package suppliersync

import (
	"context"
	"errors"
	"slices"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier"
	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/cfdi"
	"tienda/pkg/mongox"
)

// importOne makes or updates the shop's product of one of the distributor's products; created
// tells which. known maps producto_id to the shop's product id, and gains what is created.
func (m *Module) importOne(ctx context.Context, cli *syscom.Client, id string, rate syscom.Rate, rules supplier.Rules, known map[string]string) (bool, error) {
	p, err := cli.Product(ctx, id)
	if err != nil {
		return false, err
	}
	d, err := supplier.FromSyscom(p, rate, rules)
	if err != nil {
		return false, err
	}
	update := func(shopID string) (bool, error) {
		_, err := m.cat.UpdateProductWith(ctx, shopID, func(cur catalog.Product) (catalog.ProductInput, bool) {
			return m.input(ctx, d, &cur), true
		})
		return false, err
	}
	if shopID, ok := known[d.ProductoID]; ok {
		return update(shopID)
	}
	in := m.input(ctx, d, nil)
	created, err := m.cat.CreateProduct(ctx, in)
	if mongox.IsDuplicate(err) { // another replica imported it meanwhile (the unique index): update that one
		shopID, found, ferr := m.cat.DistributorProductID(ctx, supplier.Proveedor, d.ProductoID)
		if ferr != nil || !found {
			return false, errors.Join(err, ferr)
		}
		known[d.ProductoID] = shopID
		return update(shopID)
	}
	if err != nil {
		return false, err
	}
	known[d.ProductoID] = created.ID.Hex()
	return true, nil
}

// input is the product input of a draft: the whole product for a new one (cur nil), or for an
// imported one the fields staff did not edit by hand, its units left as they are.
func (m *Module) input(ctx context.Context, d supplier.Draft, cur *catalog.Product) catalog.ProductInput {
	var edited []string
	if cur != nil && cur.Distribuidor != nil {
		edited = cur.Distribuidor.Editados
	}
	keep := func(field string) bool { return slices.Contains(edited, field) }
	in := catalog.ProductInput{Distribuidor: &catalog.Distribuidor{Nombre: supplier.Proveedor, ProductoID: d.ProductoID,
		Existencia: d.ExistenciaProveedor, Actualizado: m.now().UTC(), Editados: edited}}
	prov, pid := supplier.Proveedor, d.ProductoID
	if !keep(catalog.EditProveedor) {
		in.Proveedor = &prov
	}
	if !keep(catalog.EditCodigo) {
		in.SetSupplierProductID(pid)
	}
	if !keep(catalog.EditMarca) {
		in.Marca, in.MarcaLogo = &d.Marca, &d.MarcaLogo
	}
	if !keep(catalog.EditModelo) {
		in.Modelo = &d.Modelo
	}
	if !keep(catalog.EditMedidas) {
		in.Largo, in.Ancho, in.Alto = &d.Largo, &d.Ancho, &d.Alto
	}
	if !keep(catalog.EditCategorias) {
		in.Categorias = d.Categorias
	}
	if d.SatKey != "" && cfdi.CheckClaveProdServ(d.SatKey) == "" && !keep(catalog.EditSatKey) {
		in.SatKey = &d.SatKey
	}
	if d.UnidadSAT != "" && cfdi.CheckClaveUnidad(d.UnidadSAT) == "" && !keep(catalog.EditUnidad) {
		in.UnidadDeMedida = &catalog.UnidadMedida{ClaveUnidadSat: d.UnidadSAT}
	}
	if !keep(catalog.EditNombre) {
		in.Nombre, in.Titulo = &d.Nombre, &d.Nombre
	}
	if !keep(catalog.EditDescripcion) {
		in.Descripcion, in.DescripcionCorta = &d.Descripcion, &d.DescripcionCorta
	}
	if !keep(catalog.EditCategoria) {
		c := m.cat.SupplierCategory(d.Categoria)
		in.Categoria = &c
	}
	if cur == nil || !keep(catalog.EditImagen) || !keep(catalog.EditDetalles) {
		pics := m.pictureSet(ctx, d.Imagenes, cur)
		if !keep(catalog.EditImagen) && len(pics) > 0 {
			in.Imagen = &pics[0]
		}
		if !keep(catalog.EditDetalles) {
			descripcion := d.Descripcion
			in.Details = &catalog.DetailsInput{Caracteristicas: nonNil(d.Caracteristicas), Recursos: resources(d.Recursos),
				Imagenes: pics, Descripcion: &descripcion}
		}
	}
	price, cost := d.Precio.Precio.Pesos(), d.Precio.CostoMXN.Pesos()
	if cur == nil {
		zero := 0.0
		in.Variantes = []catalog.VariantInput{{Talla: "Unico", Stock: &zero, PrecioCompra: &cost, PrecioVenta: &price}}
		return in
	}
	for i, v := range cur.Variantes {
		vi := catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla}
		vi.SetTamano(v.Tamano)
		stock, compra, venta, desc, minimo := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento, float64(v.Minimo)
		if i == 0 && !keep(catalog.EditPrecio) {
			compra, venta = cost, price
		}
		vi.Stock, vi.PrecioCompra, vi.PrecioVenta, vi.Descuento, vi.Minimo = &stock, &compra, &venta, &desc, &minimo
		in.Variantes = append(in.Variantes, vi)
	}
	return in
}

// pictureSet stores the draft's pictures; a product that has them already keeps its own (an
// import again downloads nothing).
func (m *Module) pictureSet(ctx context.Context, urls []string, cur *catalog.Product) []string {
	if cur != nil && cur.Details != nil && len(cur.Details.Imagenes) > 0 {
		return cur.Details.Imagenes
	}
	out := []string{}
	for _, u := range urls {
		if len(out) == 8 {
			break
		}
		stored, err := m.storePicture(ctx, u)
		if err != nil {
			m.log.Warn().Err(err).Msg("supplier import: picture")
			continue
		}
		if !slices.Contains(out, stored) {
			out = append(out, stored)
		}
	}
	return out
}

func resources(rs []supplier.Recurso) []catalog.Recurso {
	out := make([]catalog.Recurso, 0, len(rs))
	for _, r := range rs {
		out = append(out, catalog.Recurso{Nombre: r.Nombre, Link: r.URL})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
