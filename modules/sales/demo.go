package sales

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
	"tienda/pkg/search"
	"tienda/pkg/shoptime"
)

// demoJob is the one-off job of the demo sales (DEMO_VENTAS).
const demoJob = "demo-ventas"

// demoDays is how far back the demo sales go.
const demoDays = 60

// SeedDemo stores, once, a shop's worth of demo sales of lines (the demo catalogue's): open
// orders (to deliver or on their way, some paid), and half as many again delivered, cancelled or
// returned, from the last 60 days up to now, with Spanish names, e-mails and phones, mixed payment
// methods and shipments; paid ones wait for a cash cut. They are written in batches, as they are
// (their stock is not taken). Each has a fixed _id, so a start cut short completes on the next one.
func (m *Module) SeedDemo(ctx context.Context, open int, lines []Item) error {
	s := m.service
	if done, err := s.store.jobDone(ctx, demoJob); err != nil || done || open <= 0 {
		return err
	}
	if len(lines) == 0 {
		return fmt.Errorf("sales: demo sales: no catalogue lines")
	}
	start := time.Now()
	list := DemoSales(open, open/2, lines, s.now())
	if err := s.store.seed(ctx, list); err != nil && !mongox.IsDuplicate(err) { // stored by a start cut short
		return err
	}
	if err := s.store.markJobDone(ctx, demoJob); err != nil {
		return err
	}
	s.changedSoon()
	s.log.Info().Int("sales", len(list)).Int("open", open).Dur("took", time.Since(start)).Msg("demo sales created")
	return nil
}

var (
	demoNames    = strings.Fields("María José Juan Guadalupe Francisco Ana Luis Verónica Carlos Patricia Miguel Alejandra Jorge Sofía Ricardo Fernanda Héctor Lucía Eduardo Mónica Raúl Gabriela Andrés Rocío Óscar Daniela Sergio Beatriz Iván Ximena")
	demoSurnames = strings.Fields("Hernández García Martínez López González Pérez Rodríguez Sánchez Ramírez Cruz Flores Gómez Morales Vázquez Jiménez Reyes Díaz Torres Gutiérrez Ruiz Mendoza Aguilar Ortiz Castillo Núñez Romero Chávez Rivera Domínguez Muñoz")
	demoMails    = []string{"gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "prodigy.net.mx"}
	demoCarriers = []string{"DHL", "Estafeta", "FedEx", "Redpack", "Paquetexpress"}
)

// DemoSales are open demo orders and closed demo sales of lines, made over the demoDays days
// before now, oldest first, each in a second of its own (so their folios differ), the same for the
// same arguments: SeedDemo's, and benchmarks'. Store them with Seed.
func DemoSales(open, closed int, lines []Item, now time.Time) []Sale {
	r := rand.New(rand.NewPCG(2026, uint64(open)<<32|uint64(closed))) //nolint:gosec // demo data, not secrets
	n := open + closed
	isOpen := make([]bool, n)
	for i := range open {
		isOpen[i] = true
	}
	r.Shuffle(n, func(i, j int) { isOpen[i], isOpen[j] = isOpen[j], isOpen[i] })
	span := demoDays * 24 * time.Hour
	slot := span / time.Duration(n)
	first := now.UTC().Add(-span).Truncate(time.Second)
	out := make([]Sale, n)
	for i := range n {
		fecha := first.Add(time.Duration(i)*slot + time.Duration(r.Int64N(int64(max(slot-time.Second, 1))))).Truncate(time.Second)
		out[i] = demoSale(r, i, fecha, isOpen[i], lines)
	}
	return out
}

// demoSale is the i-th demo sale, made at fecha.
func demoSale(r *rand.Rand, i int, fecha time.Time, open bool, lines []Item) Sale {
	buyer, who := demoBuyer(r)
	v := Sale{ID: demoSaleID(i), Fecha: fecha, Folio: fmt.Sprintf("%s-%04d", fecha.In(shoptime.Zone).Format("20060102-150405"), r.IntN(10000)),
		Usuario: buyer, UsuarioID: who.Hex(), Cliente: buyer.Name, Estado: salestate.Confirmada, Guardado: true,
		Origen: OrigenCaja, CreadoPor: "", NombreCreador: "Carmen Cajera", Historial: []Cambio{}, Version: 1,
		Pago: PagoPendiente, Entrega: EntregaPendiente}
	if r.IntN(4) == 0 {
		v.Cliente = demoNames[r.IntN(len(demoNames))] // someone else picks it up
	}
	for range 1 + r.IntN(3) {
		it := lines[r.IntN(len(lines))]
		it.Cantidad = 1 + r.IntN(3)*r.IntN(2)
		it.Extras = []Extra{}
		v.Carrito = append(v.Carrito, it)
	}
	totals, err := totalsOf(v.Carrito)
	if err != nil {
		panic(err) // the demo catalogue's lines are priced
	}
	v.Subtotal, v.IVA, v.Total = totals.Subtotal.Pesos(), totals.IVA.Pesos(), totals.Total.Pesos()
	v.MetodoPago = MetodoValues[[]int{0, 0, 0, 0, 1, 1, 1, 2, 2, 3}[r.IntN(10)]]
	paid := !open || r.IntN(10) < 3
	if v.MetodoPago == "Mercado Pago" {
		v.Origen, v.CreadoPor, v.NombreCreador, paid = OrigenMercadoPago, v.UsuarioID, buyer.Name, true
		v.MontoCobro = v.Total
		v.MercadoPago = &MercadoPago{PaymentID: fmt.Sprintf("demo-%d", 90000000+i), Status: "approved", PaymentType: "credit_card",
			ExternalReference: v.ID.Hex(), Timestamp: fecha.Add(2 * time.Minute)}
	}
	entrega := EntregaPendiente
	switch k := r.IntN(20); {
	case open && k < 6:
		entrega = EntregaEnviado
	case !open && k < 3:
		entrega, paid = EntregaCancelado, v.Origen == OrigenMercadoPago
		v.StockDevuelto = true
	case !open && k < 4:
		entrega = EntregaDevuelto
	case !open:
		entrega = EntregaEntregado
	}
	demoProgress(r, &v, paid, entrega)
	return v
}

// demoProgress records what happened to a demo sale after it was placed: its payment, its
// shipment and its delivery, each in its history.
func demoProgress(r *rand.Rand, v *Sale, paid bool, entrega string) {
	at := v.Fecha.Add(time.Duration(5+r.IntN(120)) * time.Minute)
	if paid {
		pagado := at
		v.Pago, v.PagadoEn, v.CobradoPor, v.NombreCobro = PagoPagado, &pagado, "", "Carmen Cajera"
		if v.Origen == OrigenMercadoPago {
			v.NombreCobro = "Mercado Pago"
		}
		v.Historial = append(v.Historial, Cambio{Campo: "pago", De: PagoPendiente, A: PagoPagado, Nombre: v.NombreCobro, Fecha: at})
	}
	if entrega == EntregaEnviado || (entrega == EntregaEntregado && r.IntN(2) == 0) {
		at = at.Add(time.Duration(2+r.IntN(30)) * time.Hour)
		status := map[string]string{EntregaEnviado: "En camino", EntregaEntregado: "Entregado"}[entrega]
		v.Envio = &Envio{Status: status, Empresa: demoCarriers[r.IntN(len(demoCarriers))], Guia: fmt.Sprintf("%010d", r.Int64N(1e10)),
			Fecha: at, CostoEnvio: float64(99 + 50*r.IntN(4))}
		v.Historial = append(v.Historial, Cambio{Campo: "envio", De: "", A: v.Envio.Empresa + " " + v.Envio.Guia, Nombre: "Arturo Auxiliar", Fecha: at})
	}
	if entrega != EntregaPendiente {
		at = at.Add(time.Duration(1+r.IntN(48)) * time.Hour)
		v.Historial = append(v.Historial, Cambio{Campo: "entrega", De: EntregaPendiente, A: entrega, Nombre: "Carlos Comandero", Fecha: at})
		for i := range v.Carrito {
			v.Carrito[i].Entregado = entrega == EntregaEntregado || entrega == EntregaDevuelto
		}
	}
	v.Entrega, v.Version = entrega, 1+len(v.Historial)
}

// demoBuyer is a customer with a Spanish name, an e-mail and a phone, and their account's id
// (one of 400: a customer buys again).
func demoBuyer(r *rand.Rand) (Buyer, bson.ObjectID) {
	k := r.IntN(400)
	name := demoNames[k%len(demoNames)] + " " + demoSurnames[(k/len(demoNames)+k)%len(demoSurnames)] + " " + demoSurnames[(k*7)%len(demoSurnames)]
	parts := strings.Fields(search.Fold(name))
	var id bson.ObjectID
	copy(id[:], "demo-cliente")
	binary.BigEndian.PutUint16(id[10:], uint16(k)) //nolint:gosec // k < 400
	return Buyer{Name: name, Email: fmt.Sprintf("%s.%s%d@%s", parts[0], parts[1], 10+k%90, demoMails[k%len(demoMails)]),
		Phone: fmt.Sprintf("55 %04d %04d", 1000+(k*37)%9000, (k*7919)%10000), Address: fmt.Sprintf("Calle %d #%d, CDMX", 1+k%90, 10+k)}, id
}

// demoSaleID is the fixed _id of the i-th demo sale: 2026-01-01, "dmv" and i.
func demoSaleID(i int) bson.ObjectID {
	var id bson.ObjectID
	binary.BigEndian.PutUint32(id[0:4], 1767225600)
	copy(id[4:7], "dmv")
	binary.BigEndian.PutUint32(id[7:11], uint32(i)) //nolint:gosec // a count of demo sales
	return id
}

// Seed stores sales as they are, with their search text, a thousand at a time, unordered (a sale
// whose _id or folio is stored already is left out, and reported by the error), then tells their
// days' summaries (summary.go): the demo sales,
// and tests and benchmarks that need thousands of sales quickly.
func Seed(ctx context.Context, db *mongox.Store, list []Sale) error {
	return store{db: db}.seed(ctx, list)
}

// seed is Seed.
func (s store) seed(ctx context.Context, list []Sale) error {
	var dup error
	for i := 0; i < len(list); i += 1000 {
		batch := make([]any, 0, 1000)
		for _, v := range list[i:min(i+1000, len(list))] {
			v.Busqueda = searchText(v)
			if v.Pago == PagoPagado && len(v.Pagos) == 0 {
				v.Pagos = []Pago{paymentOf(v)}
			}
			batch = append(batch, v)
		}
		err := s.insertBatch(ctx, batch)
		if err != nil && !mongox.IsDuplicate(err) {
			return err
		}
		if err != nil && dup == nil {
			dup = err // the other batches go on
		}
	}
	if err := s.tellAll(ctx); err != nil { // the days' summaries (summary.go)
		return err
	}
	return dup
}
