package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"tienda/pkg/shoptime"
)

// storefront measures the catalogue's public reads with the query strings the React app sends,
// each beside the same recorded answers served by a bare net/http handler.
func (b *bench) storefront(ctx context.Context, detailIDs []string) error {
	bare, err := startBare()
	if err != nil {
		return err
	}
	defer bare.close()
	detail := make([]string, len(detailIDs))
	for i, id := range detailIDs {
		detail[i] = "/v1/productos/" + id
	}
	scenarios := []struct {
		name string
		uris []string
	}{
		{"storefront first page", []string{"/v1/productos?page=1&limit=24&compact=1"}},
		{"category page (Videovigilancia)", []string{"/v1/productos?page=1&limit=24&compact=1&categoria=22"}},
		{"search 'camara'", []string{"/v1/productos/search/?q=camara"}},
		{fmt.Sprintf("product detail (%d products in turn)", len(detail)), detail},
	}
	for _, sc := range scenarios {
		recClient := newClient(1)
		var first recorded
		for i, uri := range sc.uris {
			rec, err := bare.record(ctx, recClient, b.shop.base, uri)
			if err != nil {
				return fmt.Errorf("%s: %w", sc.name, err)
			}
			if i == 0 {
				first = rec
			}
		}
		logf("%s: %s, %d clients", sc.name, first.describe(), b.o.clients)
		measure := func(base string) result {
			c := newClient(b.o.clients)
			defer c.CloseIdleConnections()
			get := func(ctx context.Context, i int) error {
				uri := sc.uris[i%len(sc.uris)]
				status, _, body, err := getBrowser(ctx, c, base+uri)
				if err == nil && status != http.StatusOK {
					err = fmt.Errorf("GET %s: status %d: %.200s", uri, status, body)
				}
				return err
			}
			if b.o.warmup > 0 {
				closedLoop(ctx, b.o.clients, b.o.warmup, 0, get)
			}
			return closedLoop(ctx, b.o.clients, b.o.duration, b.o.n, get)
		}
		shop := measure(b.shop.base)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		floor := measure(bare.url)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ratio := float64(shop.pct(99)) / float64(max(floor.pct(99), time.Microsecond))
		b.rows = append(b.rows, row{name: sc.name, rate: fmt.Sprintf("%.0f (bare %.0f)", shop.rate(), floor.rate()),
			p50: ms(shop.pct(50)), p99: ms(shop.pct(99)), bareP99: ms(floor.pct(99)), ratio: fmt.Sprintf("%.2fx", ratio),
			target: "ratio <= 1.25x", met: yesNo(ratio <= 1.25, shop.errs+floor.errs)})
		reportErrors(sc.name, shop, floor)
	}
	return nil
}

// counterOrders places counter orders as the demo customer on one product with plenty of stock.
func (b *bench) counterOrders(ctx context.Context) error {
	body, err := b.shop.call(ctx, http.MethodPost, "/v1/productos", b.admin, map[string]any{"nombre": "Bobina de prueba", "categoria": "Cables",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 1000000, "precioCompra": 1, "precioVenta": 2, "descuento": 0}}}, http.StatusCreated)
	if err != nil {
		return fmt.Errorf("create the counter-order product: %w", err)
	}
	var p product
	if err := json.Unmarshal(body, &p); err != nil || len(p.Variantes) == 0 {
		return fmt.Errorf("create the counter-order product: unexpected answer %.200s", body)
	}
	order := map[string]any{"cliente": "Juan", "carrito": []map[string]any{{"id": p.Variantes[0].ID, "producto_id": p.ID, "cantidad": 1}}}
	logf("counter orders: POST /v1/ventas as cliente@tienda.mx, %d buyers", b.o.buyers)
	c := &api{base: b.shop.base, client: newClient(b.o.buyers)}
	res := closedLoop(ctx, b.o.buyers, b.o.duration, b.o.n, func(ctx context.Context, _ int) error {
		_, err := c.call(ctx, http.MethodPost, "/v1/ventas", b.cliente, order, http.StatusCreated)
		return err
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	b.rows = append(b.rows, row{name: fmt.Sprintf("counter order (POST /v1/ventas, %d buyers, %d orders)", b.o.buyers, len(res.lat)),
		rate: fmt.Sprintf("%.1f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)), bareP99: "-", ratio: "-",
		target: ">= 150/s, p99 < 150 ms", met: yesNo(res.rate() >= 150 && res.pct(99) < 150*time.Millisecond, res.errs)})
	reportErrors("counter order", res)
	return nil
}

// reportsAndCut stops the server, writes -sales paid sales into its data directory, starts it
// again and times the sales reports of today, the cash-cut reports and one 'Hacer corte'.
func (b *bench) reportsAndCut(ctx context.Context, run int) error {
	if err := b.srv.stop(); err != nil {
		return err
	}
	t0 := time.Now()
	if err := seedPaidSales(ctx, b.srv.dataDir, b.o.sales); err != nil {
		return err
	}
	logf("run %d: wrote %d paid sales into ventas in %v", run, b.o.sales, time.Since(t0).Round(time.Millisecond))
	if err := b.restart(ctx); err != nil {
		return err
	}
	if m, err := readMemory(b.srv.pid()); err == nil {
		logf("run %d: started: server VmHWM %d MB, VmRSS %d MB", run, m.HWM>>20, m.RSS>>20)
	}
	today := time.Now().In(shoptime.Zone).Format(time.DateOnly)
	calls := []struct {
		name, method, path, token string
		body                      any
	}{
		{"sales report screen: GET /v1/ventas/ (today)", http.MethodGet, "/v1/ventas/?startDate=" + today + "&endDate=" + today, b.admin, nil},
		{"sales report screen: POST /v1/ventas/reporte (today)", http.MethodPost, "/v1/ventas/reporte", b.admin, map[string]string{"startDate": today, "endDate": today}},
		{"cash-cut screen: GET /v1/ventas/reporte/metodo-pago", http.MethodGet, "/v1/ventas/reporte/metodo-pago", b.cajero, nil},
		{"cash-cut screen: GET /v1/ventas/reporte/usuario", http.MethodGet, "/v1/ventas/reporte/usuario", b.cajero, nil},
	}
	label := fmt.Sprintf("run %d, %d sales in store: ", run, run*b.o.sales)
	for _, c := range calls {
		res := closedLoop(ctx, 1, 0, b.o.reps, func(ctx context.Context, _ int) error {
			_, err := b.shop.call(ctx, c.method, c.path, c.token, c.body, http.StatusOK)
			return err
		})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		b.rows = append(b.rows, row{name: label + c.name, rate: fmt.Sprintf("%.2f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)),
			bareP99: "-", ratio: "-", target: "-", met: errorsOnly(res.errs)})
		reportErrors(c.name, res)
		if m, err := readMemory(b.srv.pid()); err == nil {
			logf("run %d: %s: server VmHWM %d MB, VmRSS %d MB", run, c.name, m.HWM>>20, m.RSS>>20)
		}
	}
	var cut struct {
		Ventas []json.RawMessage `json:"ventas"`
	}
	t1 := time.Now()
	body, err := b.shop.call(ctx, http.MethodPost, "/v1/ventas/corte", b.cajero, map[string]any{}, http.StatusCreated)
	took := time.Since(t1)
	if err != nil {
		return fmt.Errorf("run %d: Hacer corte: %w", run, err)
	}
	if err := json.Unmarshal(body, &cut); err != nil {
		return fmt.Errorf("run %d: Hacer corte: unexpected answer: %w", run, err)
	}
	note := ""
	if len(cut.Ventas) != b.o.sales {
		note = fmt.Sprintf(" (the cut closed %d sales, want %d)", len(cut.Ventas), b.o.sales)
	}
	logf("run %d: Hacer corte closed %d sales in %v", run, len(cut.Ventas), took.Round(time.Millisecond))
	b.rows = append(b.rows, row{name: label + "'Hacer corte' POST /v1/ventas/corte" + note, rate: "-", p50: "-", p99: ms(took),
		bareP99: "-", ratio: "-", target: "-", met: "-"})
	return nil
}

// memoryRow records the server's resident memory now and at its peak.
func (b *bench) memoryRow(name string) {
	m, err := readMemory(b.srv.pid())
	if err != nil {
		logf("%v", err)
		return
	}
	b.rows = append(b.rows, row{name: fmt.Sprintf("%s: VmHWM %d MB, VmRSS %d MB", name, m.HWM>>20, m.RSS>>20),
		rate: "-", p50: "-", p99: "-", bareP99: "-", ratio: "-", target: "VmHWM < 150 MB", met: yesNo(m.HWM < 150<<20, 0)})
}
