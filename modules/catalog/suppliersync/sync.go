package suppliersync

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier"
	"tienda/modules/catalog/supplier/syscom"
)

// The sync: every SYSCOM_SYNC_EVERY the imported products' prices and the distributor's units
// are read again (a page of 60 a call, at the client's pace, under the distributor's limit), and
// what changed is written to proveedor_cambios, which the screen shows. A price staff set by hand
// stays.

const changesColl = "proveedor_cambios"

// Cambio is one product's change in a sync.
type Cambio struct {
	ID         bson.ObjectID `bson:"_id" json:"_id"`
	Fecha      time.Time     `bson:"fecha" json:"fecha"`
	ProductoID string        `bson:"productoId" json:"productoId"` // the distributor's
	Producto   string        `bson:"producto" json:"producto"`     // the shop's id
	Nombre     string        `bson:"nombre" json:"nombre"`
	Campo      string        `bson:"campo" json:"campo"` // "precio" or "existencia"
	Antes      string        `bson:"antes" json:"antes"`
	Despues    string        `bson:"despues" json:"despues"`
}

// SyncResult counts a sync's work.
type SyncResult struct {
	Revisados int `json:"revisados"`
	Cambiados int `json:"cambiados"`
	Fallidos  int `json:"fallidos"`
}

// Sync refreshes every imported product's price and the distributor's units: a page of a search
// by category brings 60 products in one call, so the products are read by their deepest category
// first, and one at a time only those no page had (moved or withdrawn). One sync at a time.
func (m *Module) Sync(ctx context.Context) (SyncResult, error) {
	m.syncMu.Lock()
	defer m.syncMu.Unlock()
	var res SyncResult
	known := m.cat.DistributorProducts(supplier.Proveedor)
	if len(known) == 0 {
		return res, nil
	}
	cli, err := m.client(ctx)
	if err != nil {
		return res, err
	}
	doc, err := m.settings(ctx)
	if err != nil {
		return res, err
	}
	rules, err := doc.Reglas.rules()
	if err != nil {
		return res, err
	}
	rates, err := cli.ExchangeRates(ctx)
	if err != nil {
		return res, err
	}
	seen := map[string]bool{}
	one := func(p syscom.Product) error {
		seen[p.ID] = true
		res.Revisados++
		d, err := supplier.FromSyscom(p, rates.Normal, rules)
		if err == nil {
			err = m.syncOne(ctx, known[p.ID], d, &res)
		}
		if err != nil {
			res.Fallidos++
			m.log.Warn().Err(err).Str("producto_id", p.ID).Msg("supplier sync: product")
		}
		return ctx.Err()
	}
	for _, cat := range m.deepestCategories(known) {
		err := walkPages(ctx, cli, cat, func(p syscom.Product) error {
			if _, ok := known[p.ID]; !ok || seen[p.ID] {
				return nil
			}
			return one(p)
		})
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		if err != nil {
			m.log.Warn().Err(err).Str("categoria", cat).Msg("supplier sync: category")
		}
	}
	for _, id := range sortedKeys(known) {
		if seen[id] {
			continue
		}
		p, err := cli.Product(ctx, id)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Revisados++
			res.Fallidos++
			m.log.Warn().Err(err).Str("producto_id", id).Msg("supplier sync: product")
			continue
		}
		if err := one(p); err != nil {
			return res, err
		}
	}
	now := m.now().UTC()
	return res, m.setSettings(ctx, bson.M{"ultimaSincronizacion": now})
}

// deepestCategories are the deepest distributor categories of the imported products.
func (m *Module) deepestCategories(known map[string]string) []string {
	set := map[string]string{}
	for _, shopID := range known {
		if p, err := m.cat.Product(shopID); err == nil && len(p.Categorias) > 0 {
			set[p.Categorias[0]] = shopID
		}
	}
	return sortedKeys(set)
}

// walkPages calls fn with every product of a category's search, page after page.
func walkPages(ctx context.Context, cli *syscom.Client, cat string, fn func(syscom.Product) error) error {
	for pagina := 1; pagina <= 5000; pagina++ {
		page, err := cli.Search(ctx, syscom.Query{Categoria: cat}, pagina)
		if err != nil {
			return err
		}
		for _, p := range page.Productos {
			if err := fn(p); err != nil {
				return err
			}
		}
		if pagina >= page.Paginas || len(page.Productos) == 0 {
			return nil
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// syncOne writes a product's new price and units, when they changed.
func (m *Module) syncOne(ctx context.Context, shopID string, d supplier.Draft, res *SyncResult) error {
	var changes []Cambio
	_, err := m.cat.UpdateProductWith(ctx, shopID, func(cur catalog.Product) (catalog.ProductInput, bool) {
		changes = nil
		now := m.now().UTC().Truncate(time.Millisecond)
		add := func(campo, antes, despues string) {
			changes = append(changes, Cambio{ID: bson.NewObjectID(), Fecha: now, ProductoID: d.ProductoID, Producto: shopID,
				Nombre: cur.Nombre, Campo: campo, Antes: antes, Despues: despues})
		}
		if cur.Distribuidor == nil || len(cur.Variantes) == 0 {
			return catalog.ProductInput{}, false
		}
		dist := *cur.Distribuidor
		if dist.Existencia != d.ExistenciaProveedor {
			add("existencia", fmt.Sprint(dist.Existencia), fmt.Sprint(d.ExistenciaProveedor))
		}
		price := d.Precio.Precio.Pesos()
		priceKept := slices.Contains(dist.Editados, catalog.EditPrecio)
		if was := cur.Variantes[0].PrecioVenta; !priceKept && was != price {
			add("precio", fmt.Sprintf("%.2f", was), fmt.Sprintf("%.2f", price))
		}
		if len(changes) == 0 {
			return catalog.ProductInput{}, false
		}
		dist.Existencia, dist.Actualizado = d.ExistenciaProveedor, now
		in := catalog.ProductInput{Distribuidor: &dist}
		for i, v := range cur.Variantes {
			vi := catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla}
			vi.SetTamano(v.Tamano)
			stock, compra, venta, desc, minimo := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento, float64(v.Minimo)
			if i == 0 && !priceKept {
				compra, venta = d.Precio.CostoMXN.Pesos(), price
			}
			vi.Stock, vi.PrecioCompra, vi.PrecioVenta, vi.Descuento, vi.Minimo = &stock, &compra, &venta, &desc, &minimo
			in.Variantes = append(in.Variantes, vi)
		}
		return in, true
	})
	if err != nil || len(changes) == 0 {
		return err
	}
	res.Cambiados++
	return m.store.insertChanges(ctx, changes)
}

// changes returns the latest changes of the syncs, newest first.
func (m *Module) changes(ctx context.Context) ([]Cambio, error) { return m.store.recentChanges(ctx) }
