package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
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
func seedPaidSales(ctx context.Context, dataDir string, n int) error {
	store, err := mongox.Open(ctx, mongox.Options{DataDir: dataDir})
	if err != nil {
		return fmt.Errorf("open the data directory %s (is a server still running on it?): %w", dataDir, err)
	}
	defer store.Close(context.Background())
	now := time.Now().UTC().Truncate(time.Millisecond)
	methods := sales.MetodoValues
	cashiers := [][2]string{{"bench-c1", "Carmen Cajera"}, {"bench-c2", "Pedro Cajero"}, {"mercadopago", "Mercado Pago"}}
	const batch = 1000
	for from := 0; from < n; from += batch {
		docs := make([]sales.Sale, 0, batch)
		for i := from; i < min(from+batch, n); i++ {
			unit := money.Cents(int64(100+i%50)*100 + int64(i%100))
			qty := 1 + i%3
			sub := unit.Times(int64(qty))
			who := cashiers[i%len(cashiers)]
			method := methods[i%len(methods)]
			origen := sales.OrigenCaja
			if method == "Mercado Pago" {
				who, origen = cashiers[2], sales.OrigenMercadoPago
			}
			docs = append(docs, sales.Sale{
				ID: bson.NewObjectID(), Folio: "B-" + bson.NewObjectID().Hex(), Fecha: now, Cliente: "Cliente de prueba",
				Carrito: []sales.Item{{ID: "v", ProductoID: "p", Nombre: productKinds[i%len(productKinds)].nombre,
					Precio: unit.Pesos(), PrecioFinal: unit.Pesos(), Cantidad: qty, Talla: "Unico", Tamano: "1", Extras: []sales.Extra{}}},
				Historial: []sales.Cambio{}, Subtotal: sub.Pesos(), IVA: sub.IVA().Pesos(), Total: sub.WithIVA().Pesos(),
				Estado: sales.EstadoConfirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaPendiente,
				MetodoPago: method, CobradoPor: who[0], NombreCobro: who[1], PagadoEn: &now, Origen: origen,
			})
		}
		if err := sales.SeedPaid(ctx, store, docs); err != nil {
			return fmt.Errorf("insert paid sales: %w", err)
		}
	}
	return nil
}
