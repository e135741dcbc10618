package suppliersync

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier"
	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// The sync: every SYSCOM_SYNC_EVERY the imported products' prices and the distributor's units
// are read again (one call a product, at the client's pace, under the distributor's limit), and
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

// Sync refreshes every imported product's price and the distributor's units.
func (m *Module) Sync(ctx context.Context) (SyncResult, error) {
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
	ids := make([]string, 0, len(known))
	for id := range known {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Revisados++
		p, err := cli.Product(ctx, id)
		var d supplier.Draft
		if err == nil {
			d, err = supplier.FromSyscom(p, rates.Normal, rules)
		}
		if err != nil {
			res.Fallidos++
			m.log.Warn().Err(err).Str("producto_id", id).Msg("supplier sync: product")
			continue
		}
		changes, err := m.syncOne(ctx, known[id], d)
		if err != nil {
			res.Fallidos++
			m.log.Warn().Err(err).Str("producto_id", id).Msg("supplier sync: write")
			continue
		}
		if len(changes) > 0 {
			res.Cambiados++
			docs := make([]any, len(changes))
			for i, c := range changes {
				docs[i] = c
			}
			if _, err := m.db.W.Collection(changesColl).InsertMany(ctx, docs); err != nil {
				return res, apperr.Wrap(err, "suppliersync: log changes")
			}
		}
	}
	now := m.now().UTC()
	return res, m.setSettings(ctx, bson.M{"ultimaSincronizacion": now})
}

// syncOne writes a product's new price and units, when they changed.
func (m *Module) syncOne(ctx context.Context, shopID string, d supplier.Draft) ([]Cambio, error) {
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
	return changes, err
}

// changes returns the latest changes of the syncs, newest first.
func (m *Module) changes(ctx context.Context) ([]Cambio, error) {
	cs, err := mongox.FindAll[Cambio](ctx, m.db.R.Collection(changesColl), bson.M{},
		options.Find().SetSort(bson.D{{Key: "fecha", Value: -1}}).SetLimit(100))
	if err != nil {
		return nil, apperr.Wrap(err, "suppliersync: list changes")
	}
	return cs, nil
}
