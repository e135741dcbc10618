package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// productKinds gives the created products names a shopper would search for and admin categories
// that the storefront's category pages cover.
var productKinds = []struct{ nombre, categoria string }{
	{"Cámara IP domo 4 MP", "Camaras IP y NVRs"},
	{"Cámara bala HD 1080p", "Camaras y DVRs HD"},
	{"Grabador NVR 16 canales", "Camaras IP y NVRs"},
	{"Disco duro de videovigilancia 4 TB", "Almacenamiento"},
	{"Switch PoE 8 puertos", "Switches"},
	{"Router inalámbrico doble banda", "Routers"},
	{"Bobina de cable UTP categoría 6", "Cables"},
	{"Panel solar 450 W", "Energia Solar"},
	{"Sensor de movimiento inalámbrico", "Seguridad"},
	{"Bocina de techo 6 pulgadas", "Audio"},
	{"Antena de enlace punto a punto", "Enlaces inalambricos"},
	{"Gabinete de pared 12U", "Accesorios"},
}

// product is the part of a created product the benchmark needs.
type product struct {
	ID        string `json:"_id"`
	Variantes []struct {
		ID string `json:"_id"`
	} `json:"variantes"`
}

// newProduct is the admin form's body, the same shape as app/bench_test.go sends.
func newProduct(i, stock int) map[string]any {
	k := productKinds[i%len(productKinds)]
	return map[string]any{
		"nombre":    fmt.Sprintf("%s modelo B%05d", k.nombre, i),
		"categoria": k.categoria,
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": stock,
			"precioCompra": 100 + i%400, "precioVenta": 150 + i%600, "descuento": 0}},
	}
}

// countProducts is the number of products in the store, as the back office counts them.
func countProducts(ctx context.Context, a *api, admin string) (int, error) {
	b, err := a.call(ctx, http.MethodGet, "/v1/admin/productos?page=1&limit=1", admin, nil, http.StatusOK)
	if err != nil {
		return 0, err
	}
	var out struct {
		Meta struct {
			Total int `json:"total"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return 0, fmt.Errorf("count products: %w", err)
	}
	return out.Meta.Total, nil
}

// seedPaidSales writes n paid sales straight into the stopped server's data directory, as checkout
// and a cashier would leave them (with sales.SeedPaid, like seedPaid in app/cashcut_test.go).
func seedPaidSales(ctx context.Context, dataDir string, n int) (err error) {
	store, err := mongox.Open(ctx, mongox.Options{DataDir: dataDir})
	if err != nil {
		return fmt.Errorf("open the data directory %s (is a server still running on it?): %w", dataDir, err)
	}
	defer func() {
		// The sales were written through this store: a failed close may have lost some.
		if closeErr := store.Close(context.Background()); closeErr != nil && err == nil {
			err = fmt.Errorf("close the data directory %s: %w", dataDir, closeErr)
		}
	}()
	now := time.Now().UTC().Truncate(time.Millisecond)
	methods := sales.MetodoValues
	cashiers := [][2]string{{"bench-c1", "Carmen Cajera"}, {"bench-c2", "Pedro Cajero"}, {"mercadopago", "Mercado Pago"}}
	const batch = 1000
	for from := 0; from < n; from += batch {
		docs := make([]sales.Sale, 0, batch)
		for i := from; i < min(from+batch, n); i++ {
			unit := money.Cents(int64(100+i%50)*100 + int64(i%100))
			qty := 1 + i%3
			line := money.PriceLine(unit, int64(qty))
			who := cashiers[i%len(cashiers)]
			method := methods[i%len(methods)]
			origen := sales.OrigenCaja
			if method == "Mercado Pago" {
				who, origen = cashiers[2], sales.OrigenMercadoPago
			}
			docs = append(docs, sales.Sale{
				ID: bson.NewObjectID(), Folio: "B-" + bson.NewObjectID().Hex(), Fecha: now, Cliente: "Cliente de prueba",
				Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: productKinds[i%len(productKinds)].nombre,
					Precio: unit.Pesos(), PrecioFinal: unit.Pesos(), Cantidad: qty, Talla: "Unico", Tamano: "1", Extras: []sales.Extra{}}},
				Historial: []sales.Cambio{}, Subtotal: line.Base.Pesos(), IVA: line.IVA.Pesos(), Total: line.Total.Pesos(),
				Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaPendiente,
				MetodoPago: method, CobradoPor: who[0], NombreCobro: who[1], PagadoEn: &now, Origen: origen,
			})
		}
		if err := sales.SeedPaid(ctx, store, docs); err != nil {
			return fmt.Errorf("insert paid sales: %w", err)
		}
	}
	return nil
}

// seedProducts creates products until the store holds -products, and returns some ids for the
// product-detail scenario.
func (b *bench) seedProducts(ctx context.Context) ([]string, error) {
	have, err := countProducts(ctx, b.shop, b.admin)
	if err != nil {
		return nil, err
	}
	need := b.o.products - have
	created := make([]product, max(need, 0))
	if need > 0 {
		logf("creating %d products through POST /v1/productos, %d at a time (the store holds %d)", need, b.o.creators, have)
		res := closedLoop(ctx, b.o.creators, 0, need, func(ctx context.Context, i int) error {
			body, err := b.shop.call(ctx, http.MethodPost, "/v1/productos", b.admin, newProduct(i, 100+i%50), http.StatusCreated)
			if err != nil {
				return err
			}
			if (i+1)%500 == 0 {
				logf("  %d of %d created", i+1, need)
			}
			return json.Unmarshal(body, &created[i])
		})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if res.errs > 0 {
			return nil, fmt.Errorf("%d of %d products could not be created; first error: %w", res.errs, need, res.firstErr)
		}
		logf("created %d products in %v", need, res.elapsed.Round(time.Millisecond))
		b.rows = append(b.rows, row{name: fmt.Sprintf("create a product (POST /v1/productos, %d clients, store growing %d to %d)", b.o.creators, have, b.o.products),
			rate: fmt.Sprintf("%.1f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)), bareP99: "-", ratio: "-", target: "-", met: "-"})
	}
	got, err := countProducts(ctx, b.shop, b.admin)
	if err != nil {
		return nil, fmt.Errorf("count the products after seeding: %w", err)
	}
	if got < b.o.products {
		return nil, fmt.Errorf("the store holds %d products after seeding, want %d", got, b.o.products)
	}
	var ids []string
	for _, p := range created {
		if p.ID != "" {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 { // nothing created this time: take ids from the first page
		body, err := b.shop.call(ctx, http.MethodGet, "/v1/productos?page=1&limit=100&compact=1", "", nil, http.StatusOK)
		if err != nil {
			return nil, err
		}
		var page struct{ Products []product }
		if err := json.Unmarshal(body, &page); err != nil {
			return nil, fmt.Errorf("no product ids for the detail scenario: %w", err)
		}
		if len(page.Products) == 0 {
			return nil, errors.New("no product ids for the detail scenario: the first page is empty")
		}
		for _, p := range page.Products {
			ids = append(ids, p.ID)
		}
	}
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] }) //nolint:gosec // picks which products to read: no secret, math/rand is enough
	return ids[:min(len(ids), b.o.detailPool)], nil
}
