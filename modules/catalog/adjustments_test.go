package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

func TestAdjustmentsRefuseBadInputNamingTheFieldAndChangeNothing(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara por ajustar")) // 5 and 3 units
	good := func(change map[string]any) map[string]any {
		b := map[string]any{"productoId": p.ID.Hex(), "varianteId": p.Variantes[1].ID.Hex(), "tipo": "entrada", "cantidad": 2, "motivo": "Compra"}
		for k, v := range change {
			b[k] = v
		}
		return b
	}
	tests := []struct {
		name  string
		body  any
		code  int
		field string
		msg   string
	}{
		{"no reason", good(map[string]any{"motivo": "   "}), 400, "motivo", "Escribe el motivo del ajuste."},
		{"long reason", good(map[string]any{"motivo": string(make([]rune, 301))}), 400, "motivo", ""},
		{"unknown kind", good(map[string]any{"tipo": "robo"}), 400, "tipo", ""},
		{"kind of a sale", good(map[string]any{"tipo": "venta"}), 400, "tipo", ""},
		{"no quantity", good(map[string]any{"cantidad": nil}), 400, "cantidad", apperr.MsgRequired},
		{"zero units in", good(map[string]any{"cantidad": 0}), 400, "cantidad", apperr.MsgIntAtLeast(1)},
		{"negative", good(map[string]any{"cantidad": -3}), 400, "cantidad", apperr.MsgIntAtLeast(0)},
		{"fraction", good(map[string]any{"cantidad": 2.5}), 400, "cantidad", apperr.MsgInteger},
		{"too many", good(map[string]any{"cantidad": 1e9}), 400, "cantidad", apperr.MsgIntAtMost(1000000)},
		{"text quantity", good(map[string]any{"cantidad": "12x"}), 400, "cantidad", "Tipo de dato inválido."},
		{"bad product id", good(map[string]any{"productoId": "zzz"}), 400, "productoId", "Elige un producto."},
		{"bad variant id", good(map[string]any{"varianteId": "x"}), 400, "varianteId", "Elige una variante del producto."},
		{"no variant of two", good(map[string]any{"varianteId": ""}), 400, "varianteId", "Elige una variante del producto."},
		{"merma beyond the units", good(map[string]any{"tipo": "merma", "cantidad": 4}), 400, "cantidad",
			"Solo hay 3 piezas; la merma no puede dejar las existencias en negativo."},
		{"unknown product", good(map[string]any{"productoId": bson.NewObjectID().Hex()}), 404, "", "Producto no encontrado."},
		{"unknown variant", good(map[string]any{"varianteId": bson.NewObjectID().Hex()}), 404, "", ""},
		{"not JSON", "{", 400, "", "El cuerpo de la solicitud no es JSON válido."},
	}
	for _, tt := range tests {
		rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", tt.body)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != tt.code || tt.field != "" && e.Fields[tt.field] == "" ||
			tt.field != "" && tt.msg != "" && e.Fields[tt.field] != tt.msg || tt.field == "" && tt.msg != "" && e.Message != tt.msg {
			t.Errorf("%s: %d %s", tt.name, rec.Code, rec.Body)
		}
	}
	catalogtest.WaitUntil(t, "the creation's movements stored", func() bool { return env.storedProduct(p.ID.Hex()).MovimientosPendientes == nil })
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5)
	if stored.Variantes[1].Stock != 3 || len(env.storedMovements(p.ID.Hex())) != 2 {
		t.Fatalf("bad input changed something: %+v", stored.Variantes)
	}
}

func TestOnlyTheCataloguesStaffAdjustStock(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara de roles"))
	body := map[string]any{"productoId": p.ID.Hex(), "varianteId": p.Variantes[0].ID.Hex(), "tipo": "entrada", "cantidad": 1, "motivo": "Compra"}
	for role, want := range map[auth.Role]int{"": 401, auth.Cliente: 403, auth.Comandero: 403, auth.Cajero: 403, auth.Auxiliar: 201, auth.Administrador: 201} {
		if rec := env.do(role, http.MethodPost, "/v1/inventario/ajustes", body); rec.Code != want {
			t.Errorf("%q: %d %s", role, rec.Code, rec.Body)
		}
		for _, path := range []string{"/v1/inventario/movimientos", "/v1/inventario/bajo", "/v1/inventario/movimientos/exportar"} {
			if rec := env.do(role, http.MethodGet, path, nil); want != 201 && rec.Code != want || want == 201 && rec.Code != 200 {
				t.Errorf("%q %s: %d", role, path, rec.Code)
			}
		}
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 7)
}

// Adjustments (in, out, counts) and sales of one variant at once, on two replicas of the
// catalogue over the real store: the units never go below 0, and the movements account for
// every unit.
func TestConcurrentAdjustmentsAndSalesNeverGoNegative(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara disputada")
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 30, "precioVenta": 150}, {"talla": "Otra", "stock": 4, "precioVenta": 150}}
	p := env.mustCreate(body)
	replicas := []*Service{env.m.Service(), MustModule(t, env.db, 0).Service()}
	v := p.Variantes[0].ID
	who := audit.Actor{ID: "u1", Name: "Ana Auxiliar"}
	var sold, wasted, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range 60 { // buyers, 1 or 2 units each
		wg.Go(func() {
			n, svc := 1+i%2, replicas[i%3%2]
			_, err := svc.TakeStockFor(context.Background(), fmt.Sprintf("venta%d:0", i), OrderLine{ProductID: p.ID.Hex(), Cantidad: n}, StockNote{Folio: fmt.Sprint(i)})
			switch {
			case err == nil:
				sold.Add(int32(n))
			case apperr.Is(err, apperr.Conflict):
				refused.Add(1)
			default:
				t.Error(err)
			}
		})
	}
	adjust := func(tipo string, n int) error {
		c := float64(n)
		_, err := replicas[n%2].AdjustStock(audit.WithActor(context.Background(), who), AdjustInput{ProductID: p.ID.Hex(), VarianteID: v.Hex(), Tipo: tipo, Cantidad: &c, Motivo: "Prueba"})
		return err
	}
	for i := range 30 { // mermas of 3, entries of 2, returns of 1 and counts of 5
		wg.Go(func() {
			var err error
			switch i % 4 {
			case 0:
				if err = adjust(TipoMerma, 3); err == nil {
					wasted.Add(3)
				}
			case 1:
				err = adjust(TipoEntrada, 2)
			case 2:
				err = adjust(TipoDevolucion, 1)
			case 3:
				err = adjust(TipoConteo, 5)
			}
			// A merma larger than the units left is refused; so is an adjustment whose units kept
			// changing under it (a 409 that writes nothing, which the ledger check below confirms).
			if err != nil && !apperr.Is(err, apperr.Invalid) && !apperr.Is(err, apperr.Conflict) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	stored := env.storedProduct(p.ID.Hex())
	final := stored.Variantes[0].Stock
	checkTotals(t, stored, final)
	if final < 0 || stored.Variantes[1].Stock != 4 {
		t.Fatalf("units %d and %d", final, stored.Variantes[1].Stock)
	}
	replicas[1].storeWaiting(context.Background())
	ms := env.storedMovements(p.ID.Hex())
	checkLedger(t, ms, v, 0, final)
	var ventas, mermas int
	for _, m := range ms {
		switch m.Tipo {
		case TipoVenta:
			ventas -= m.Cantidad
		case TipoMerma:
			mermas -= m.Cantidad
		}
	}
	if ventas != int(sold.Load()) || mermas != int(wasted.Load()) {
		t.Fatalf("movements: %d sold, %d wasted; callers: %d sold, %d wasted", ventas, mermas, sold.Load(), wasted.Load())
	}
	t.Logf("%d movements: %d units sold (%d buyers refused), %d wasted, %d left", len(ms), ventas, refused.Load(), mermas, final)
}

// An adjustment whose units change between every read and its write gives up after adjustAttempts
// rereads with a conflict, and writes nothing.
func TestAnAdjustmentWhoseUnitsKeepChangingIsAConflict(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	m := New(Deps{Store: db, Log: zerolog.Nop(), ReloadEvery: -1})
	p := Product{ID: bson.NewObjectID(), Nombre: "Cámara inquieta", Variantes: []Variante{{ID: bson.NewObjectID(), Talla: "Unico", Stock: 50}}}
	var reads atomic.Int32
	// Between each read and its write, another sale takes a unit (the adjustment asks the time then).
	m.service.now = func() time.Time {
		reads.Add(1)
		if _, err := db.W.Collection(productsCollection).UpdateByID(ctx, p.ID, bson.M{"$inc": bson.M{"variantes.0.stock": -1}}); err != nil {
			t.Error(err)
		}
		return time.Now()
	}
	if err := db.BuildIndexes(ctx, m.Collections()...); err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.Collection(productsCollection).InsertOne(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := m.Upgrade(ctx); err != nil { // as the app's start does on the embedded store (migrate)
		t.Fatal(err)
	}
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	reads.Store(0)
	c := float64(20)
	_, err := m.service.AdjustStock(ctx, AdjustInput{ProductID: p.ID.Hex(), VarianteID: p.Variantes[0].ID.Hex(), Tipo: TipoConteo, Cantidad: &c, Motivo: "Conteo"})
	if e, ok := errors.AsType[*apperr.Error](err); !ok || e.Code != apperr.Conflict || e.Message != "Las existencias cambiaron mientras las ajustabas. Inténtalo de nuevo." {
		t.Fatalf("%v", err)
	}
	if n := reads.Load(); n != adjustAttempts {
		t.Errorf("%d reads, want %d", n, adjustAttempts)
	}
	got, err := m.service.store.product(ctx, p.ID)
	if err != nil || got.Variantes[0].Stock != 50-adjustAttempts || len(got.MovimientosPendientes) != 0 {
		t.Fatalf("%+v %v", got.Variantes, err)
	}
}
