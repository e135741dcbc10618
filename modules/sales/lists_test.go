package sales

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/salestate"
	"tienda/pkg/search"
	"tienda/pkg/shoptime"
)

// listSales stores n varied sales over ten days: every payment, delivery, method, with and
// without a shipment, buyers with accents and phones, some sales in other states.
func listSales(t *testing.T, s *Service, n int) []Sale {
	t.Helper()
	day := time.Date(2026, 11, 14, 12, 0, 0, 0, shoptime.Zone)
	names := []string{"María López", "JOSÉ Pérez", "Ana Núñez", "Luis Ortiz", "Óscar Ruiz"}
	var out []Sale
	for i := range n {
		v := Sale{ID: bson.NewObjectID(), Folio: fmt.Sprintf("20261114-12%02d%02d-%04d", i/60, i%60, 1000+i), Fecha: day.Add(time.Duration(i*97) * time.Minute).UTC(),
			Usuario: Buyer{Name: names[i%len(names)], Email: fmt.Sprintf("cliente%d@Correo.mx", i%7), Phone: fmt.Sprintf("55 %04d %04d", 1000+i%3, 2000+i)},
			Cliente: []string{"Juan", "Güero", "", "Sofía"}[i%4],
			Estado:  salestate.Confirmada, Carrito: []Item{{Nombre: "Cámara", Cantidad: 1}}, Historial: []Cambio{},
			Total: float64((i*37)%500) + 0.5,
			Pago:  PagoValues[i%2], Entrega: EntregaValues[i%len(EntregaValues)], MetodoPago: MetodoValues[i%len(MetodoValues)]}
		if i%3 == 0 {
			v.Envio = &Envio{Status: "En camino", Empresa: "DHL"}
		}
		if i%11 == 0 {
			v.Estado = salestate.EsperandoPago
		}
		if i%13 == 0 {
			v.Total = 100.5 // ties, broken by _id
		}
		if err := s.store.insert(context.Background(), v); err != nil {
			t.Fatal(err)
		}
		v.Busqueda = searchText(v)
		out = append(out, v)
	}
	if _, err := s.store.db.IndexIDs(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out
}

// wantList is what a list must answer, worked out over the sales in memory.
func wantList(all []Sale, q ListQuery, open bool) ([]string, int64) {
	var kept []Sale
	for _, v := range all {
		ok := v.Estado == salestate.Confirmada && (!open || q.Needle != "" || q.Entrega != "" || slices.Contains(openStates, v.Entrega)) &&
			(q.Entrega == "" || v.Entrega == q.Entrega) && (q.Pago == "" || v.Pago == q.Pago) &&
			(q.Metodo == "" || v.MetodoPago == q.Metodo) && (q.Envio == "" || (q.Envio == "con") == (v.Envio != nil)) &&
			(q.From.IsZero() || !v.Fecha.Before(q.From)) && (q.To.IsZero() || v.Fecha.Before(q.To)) &&
			strings.Contains(v.Busqueda, q.Needle)
		if ok {
			kept = append(kept, v)
		}
	}
	key := strings.TrimPrefix(q.Sort, "-")
	slices.SortFunc(kept, func(a, b Sale) int {
		c := 0
		switch key {
		case "fecha":
			c = a.Fecha.Compare(b.Fecha)
		case "total":
			c = cmp.Compare(a.Total, b.Total)
		case "folio":
			c = strings.Compare(a.Folio, b.Folio)
		}
		if c == 0 {
			c = bytes.Compare(a.ID[:], b.ID[:])
		}
		if strings.HasPrefix(q.Sort, "-") {
			return -c
		}
		return c
	})
	folios := []string{}
	for i := (q.Page - 1) * q.Limit; i < len(kept) && i < q.Page*q.Limit; i++ {
		folios = append(folios, kept[i].Folio)
	}
	return folios, int64(len(kept))
}

// Each filter, sort and page of the staff lists selects what it says, in its order, with its total.
func TestListsFilterSortAndPage(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	all := listSales(t, s, 150)
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, shoptime.Zone).UTC() }
	queries := []ListQuery{
		{},
		{Needle: search.Needle("maría")},
		{Needle: search.Needle("PEREZ")},
		{Needle: search.Needle("Güero")},
		{Needle: search.Needle("55 1001")},
		{Needle: search.Needle("20261114-1201")},
		{Needle: search.Needle("cliente3@correo")},
		{Needle: search.Needle("nadie")},
		{Needle: search.Needle(all[42].Folio)},                   // a whole folio: by its index
		{Needle: search.Needle(all[43].Folio), Pago: PagoPagado}, // in another state than asked: none
		{Needle: search.Needle(strings.ReplaceAll(all[44].Folio, "-", " "))},
		{Pago: PagoPagado},
		{Pago: PagoPendiente, Metodo: "Mercado Pago"},
		{Entrega: EntregaEnviado},
		{Entrega: EntregaCancelado},
		{Envio: "con"},
		{Envio: "sin", Metodo: "Efectivo"},
		{From: day(16), To: day(18)},
		{From: day(20)},
		{To: day(15), Pago: PagoPagado},
		{Needle: search.Needle("ana"), Entrega: EntregaPendiente, From: day(14), To: day(24)},
	}
	sorts := []string{"-fecha", "fecha", "-total", "total", "folio", "-folio"}
	for i, q := range queries {
		for j, sort := range []string{sorts[i%len(sorts)], sorts[(i+3)%len(sorts)]} {
			q.Sort, q.Page, q.Limit = sort, 1+j*(i%3), []int{25, 7, 100}[(i+j)%3]
			for _, open := range []bool{true, false} {
				list, total, err := s.OpenOrders(ctx, q)
				if !open {
					list, total, err = s.Sales(ctx, q)
				}
				if err != nil {
					t.Fatalf("%+v: %v", q, err)
				}
				got := []string{}
				for _, v := range list {
					got = append(got, v.Folio)
				}
				want, wantTotal := wantList(all, q, open)
				if total != wantTotal || !slices.Equal(got, want) {
					t.Errorf("open %v %+v:\n got  %v (%d)\n want %v (%d)", open, q, got, total, want, wantTotal)
				}
			}
		}
	}
}

// The search text is written with each sale, and given once to the sales stored before it existed.
func TestSearchTextIsWrittenAndFilledIn(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	raw, err := s.store.db.R.Collection(collection).FindOne(ctx, bson.M{"_id": v.ID}).Raw()
	if err != nil || raw.Lookup("busqueda").StringValue() != v.Folio+" | juan | "+search.Digits(v.Folio) {
		t.Fatalf("search text %v (%v); folio %s", raw.Lookup("busqueda"), err, v.Folio)
	}
	// Sales of an earlier release: no search text.
	var old []any
	for i := range 30 {
		old = append(old, Sale{ID: bson.NewObjectID(), Folio: fmt.Sprintf("20250101-000000-%04d", i), Fecha: time.Now().UTC(), Estado: salestate.Confirmada,
			Entrega: EntregaPendiente, Pago: PagoPendiente, Cliente: "Señora Muñoz", Usuario: Buyer{Name: "Ana", Phone: "(55) 9999-00" + fmt.Sprint(10+i)},
			Carrito: []Item{}, Historial: []Cambio{}})
	}
	if _, err := s.store.db.W.Collection(collection).InsertMany(ctx, old); err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.db.W.Collection(metaCollection).DeleteOne(ctx, bson.M{"_id": searchJob}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.store.fillSearch(ctx); err != nil || n != 30 {
		t.Fatalf("filled %d: %v", n, err)
	}
	if n, err := s.store.fillSearch(ctx); err != nil || n != 0 {
		t.Fatalf("the job ran twice: %d %v", n, err)
	}
	list, total, err := s.OpenOrders(ctx, ListQuery{Needle: search.Needle("55 9999 0012"), Sort: "-fecha", Page: 1, Limit: 25})
	if err != nil || total != 1 || list[0].Folio != "20250101-000000-0002" {
		t.Fatalf("search of a filled sale: %d %v", total, err)
	}
	if _, total, err := s.OpenOrders(ctx, ListQuery{Needle: search.Needle("senora munoz"), Page: 1, Limit: 25}); err != nil || total != 30 {
		t.Fatalf("search by 'Quien Ordena': %d %v", total, err)
	}
}

// The demo sales: as many open orders as asked and half as many closed, realistic, searchable,
// written once.
func TestDemoSales(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	// Open orders asked for, and half as many closed sales: enough for every payment method and
	// delivery state. (A shop's start asks for DEMO_VENTAS of them; 400 took 20 s under -race.)
	const demoOpen = 100
	const demoSales = demoOpen * 3 / 2
	m := &Module{service: s}
	lines := []Item{{ID: "v1", ProductID: "p1", Nombre: "Cámara IP", PrecioFinal: 1299.9}, {ID: "v2", ProductID: "p2", Nombre: "Cable UTP", PrecioFinal: 85.5}}
	start := time.Now()
	if err := m.SeedDemo(ctx, demoOpen, lines); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d demo sales in %v", demoSales, time.Since(start))
	if err := m.SeedDemo(ctx, demoOpen, lines); err != nil {
		t.Fatal(err)
	}
	// A start cut short: some demo sales stored, the job not marked done. The next start stores the rest.
	if _, err := s.store.db.W.Collection(metaCollection).DeleteOne(ctx, bson.M{"_id": demoJob}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.db.W.Collection(collection).DeleteMany(ctx, bson.M{"entrega": EntregaEnviado}); err != nil {
		t.Fatal(err)
	}
	if err := m.SeedDemo(ctx, demoOpen, lines); err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.db.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	all, err := s.store.find(ctx, bson.M{})
	if err != nil || len(all) != demoSales {
		t.Fatalf("%d demo sales, %v", len(all), err)
	}
	open, folios, methods, entregas := 0, map[string]bool{}, map[string]int{}, map[string]int{}
	now := time.Now()
	for _, v := range all {
		if slices.Contains(openStates, v.Entrega) {
			open++
		}
		folios[v.Folio] = true
		methods[v.MetodoPago]++
		entregas[v.Entrega]++
		if err := checkTotals(v); err != nil || v.Fecha.After(now) || v.Fecha.Before(now.AddDate(0, 0, -demoDays-1)) ||
			v.Usuario.Name == "" || !strings.Contains(v.Usuario.Email, "@") || len(search.Digits(v.Usuario.Phone)) != 10 ||
			(v.Pago == PagoPagado) != (v.PagadoEn != nil) || v.Folio[:8] != v.Fecha.In(shoptime.Zone).Format("20060102") {
			t.Fatalf("demo sale %+v: %v", v, err)
		}
	}
	if open != demoOpen || len(folios) != demoSales || len(methods) != 4 || len(entregas) != 5 {
		t.Fatalf("open %d, folios %d, methods %v, deliveries %v", open, len(folios), methods, entregas)
	}
	page, total, err := s.OpenOrders(ctx, ListQuery{Needle: search.Needle(all[123].Folio), Sort: "-fecha", Page: 1, Limit: 25})
	if err != nil || total != 1 || page[0].ID != all[123].ID {
		t.Fatalf("by folio: %d %v", total, err)
	}
}
