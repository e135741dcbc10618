package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// readCSV checks an export's CSV answer (type, BOM, X-Total-Filas against its rows) and answers
// its rows, header first.
func readCSV(t *testing.T, rec *httptest.ResponseRecorder, file string) [][]string {
	t.Helper()
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
		rec.Header().Get("Content-Disposition") != `attachment; filename="`+file+`"` {
		t.Fatalf("%d %v %.300s", rec.Code, rec.Header(), rec.Body)
	}
	body, ok := bytes.CutPrefix(rec.Body.Bytes(), []byte("\ufeff"))
	if !ok {
		t.Fatalf("no BOM: %.100q", rec.Body)
	}
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header().Get("X-Total-Filas"); got != strconv.Itoa(len(rows)-1) {
		t.Fatalf("X-Total-Filas %q for %d rows", got, len(rows)-1)
	}
	return rows
}

// readXLSX reads an export's XLSX answer: its only sheet's rows as Excel shows them.
func readXLSX(t *testing.T, rec *httptest.ResponseRecorder, sheet string) (*excelize.File, [][]string) {
	t.Helper()
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("%d %v %.300s", rec.Code, rec.Header(), rec.Body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header().Get("X-Total-Filas"); got != strconv.Itoa(len(rows)-1) {
		t.Fatalf("X-Total-Filas %q for %d rows", got, len(rows)-1)
	}
	return f, rows
}

// exportSale is a sale of the export tests, written straight to the store.
func exportSale(folio string, at time.Time, pago, entrega string, cents int64) sales.Sale {
	sub := float64(cents) / 100
	iva := float64(cents*16/100) / 100
	v := sales.Sale{ID: bson.NewObjectID(), Folio: folio, Fecha: at.UTC(), Cliente: "Quién Ordena " + folio,
		Usuario:   sales.Buyer{Name: "Comprador, S.A.", Email: "c@x.mx"},
		Carrito:   []sales.Item{{ID: "v", ProductID: "p", Nombre: "Cámara IP", Talla: "Grande", Cantidad: 2, PrecioFinal: sub / 2}},
		Historial: []sales.Cambio{}, Subtotal: sub, IVA: iva, Total: sub + iva, Estado: salestate.Confirmada, Guardado: true,
		Pago: pago, Entrega: entrega, MetodoPago: "Tarjeta", Origen: sales.OrigenCaja, NombreCreador: "Cajero Uno"}
	if pago == sales.PagoPagado {
		paid := at.Add(time.Hour).UTC()
		v.PagadoEn = &paid
	}
	return v
}

func TestSalesExport(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 30, 0, 0, shoptime.Zone) }
	// F-3 was shipped, the shipment charged (a line that is not a product), and one unit returned.
	shipped := exportSale("F-3", day(30, 23), sales.PagoPagado, sales.EntregaEntregado, 100000) // 23:30 on the 30th: still November in Mexico City
	shipped.Carrito = append(shipped.Carrito, sales.Item{ID: "envio", Nombre: "Envío DHL", Cantidad: 1, PrecioFinal: 149.99, Envio: true})
	shipped.Subtotal, shipped.IVA, shipped.Total = 1149.99, 184, 1333.99
	shipped.Devoluciones = []sales.Devolucion{{ID: "d1", Subtotal: 500, IVA: 80, Monto: 580, Metodo: "Tarjeta"}}
	docs := []any{
		shipped,
		exportSale("F-1", day(1, 0), sales.PagoPendiente, sales.EntregaPendiente, 5050),
		exportSale("F-2", day(15, 12), sales.PagoPagado, sales.EntregaCancelado, 999),
		exportSale("F-antes", day(1, 0).Add(-time.Hour), sales.PagoPagado, sales.EntregaEntregado, 100),
		exportSale("F-despues", day(30, 23).Add(time.Hour), sales.PagoPagado, sales.EntregaEntregado, 100),
	}
	formula := exportSale("F-4", day(20, 9), sales.PagoPagado, sales.EntregaEnviado, 200)
	formula.Cliente, formula.Estado = "=1+1", salestate.Confirmada
	failed := exportSale("F-fallida", day(20, 9), sales.PagoPendiente, sales.EntregaPendiente, 200)
	failed.Estado = salestate.Fallida
	if _, err := s.app.store.W.Collection("ventas").InsertMany(context.Background(), append(docs, formula, failed)); err != nil {
		t.Fatal(err)
	}
	const q = "/v1/ventas/exportar?startDate=2026-11-01&endDate=2026-11-30"
	rows := readCSV(t, s.call("auxiliar@tienda.mx", http.MethodGet, q+"&formato=csv", nil), "ventas-2026-11-01-a-2026-11-30.csv")
	want := [][]string{
		{"Folio", "Fecha", "Quien Ordena", "Comprador", "Método de pago", "Pago", "Entrega", "Artículos", "Productos", "Envío", "Subtotal", "IVA", "Total", "Devuelto", "Pagada el", "Corte", "Registró"},
		{"F-1", "01/11/2026 00:30", "Quién Ordena F-1", "Comprador, S.A.", "Tarjeta", "Pendiente", "Pendiente", "2", "2 × Cámara IP (Grande)", "0.00", "50.50", "8.08", "58.58", "0.00", "", "", "Cajero Uno"},
		{"F-2", "15/11/2026 12:30", "Quién Ordena F-2", "Comprador, S.A.", "Tarjeta", "Pagado", "Cancelado", "2", "2 × Cámara IP (Grande)", "0.00", "9.99", "1.59", "11.58", "0.00", "15/11/2026 13:30", "", "Cajero Uno"},
		{"F-4", "20/11/2026 09:30", "'=1+1", "Comprador, S.A.", "Tarjeta", "Pagado", "Enviado", "2", "2 × Cámara IP (Grande)", "0.00", "2.00", "0.32", "2.32", "0.00", "20/11/2026 10:30", "", "Cajero Uno"},
		{"F-3", "30/11/2026 23:30", "Quién Ordena F-3", "Comprador, S.A.", "Tarjeta", "Pagado", "Entregado", "2", "2 × Cámara IP (Grande)", "149.99", "1149.99", "184.00", "1333.99", "580.00", "01/12/2026 00:30", "", "Cajero Uno"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Fatalf("CSV rows:\n%q\nwant\n%q", rows, want)
	}

	f, xrows := readXLSX(t, s.call("admin@tienda.mx", http.MethodGet, q+"&formato=xlsx", nil), "Ventas")
	if len(xrows) != 5 || xrows[3][2] != "=1+1" || xrows[4][12] != "1,333.99" || xrows[4][1] != "30/11/2026 23:30" {
		t.Fatalf("XLSX rows %q", xrows)
	}
	if v, _ := f.GetCellValue("Ventas", "M5", excelize.Options{RawCellValue: true}); v != "1333.99" {
		t.Errorf("Total of F-3 is %q, not the number 1333.99", v)
	}
	if v, _ := f.GetCellValue("Ventas", "B2", excelize.Options{RawCellValue: true}); !strings.HasPrefix(v, "46327.02") {
		t.Errorf("date of F-1 is %q, not 1 Nov 2026 00:30 as a date", v)
	}

	// A day with no sales: the header alone.
	if rows := readCSV(t, s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/exportar?startDate=2020-01-01&endDate=2020-01-01", nil),
		"ventas-2020-01-01-a-2020-01-01.csv"); len(rows) != 1 {
		t.Errorf("%q", rows)
	}
}

func TestExportsRefuseBadParametersInSpanish(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	for path, field := range map[string]string{
		"/v1/ventas/exportar?formato=pdf":                                 "formato",
		"/v1/ventas/exportar?startDate=ayer":                              "startDate",
		"/v1/ventas/exportar?startDate=2026-11-30&endDate=2026-11-01":     "endDate",
		"/v1/ventas/exportar?startDate=2024-01-01&endDate=2026-11-01":     "endDate",
		"/v1/cortes/exportar?formato=xls":                                 "formato",
		"/v1/cortes/exportar?desde=2026-13-01":                            "desde",
		"/v1/cortes/exportar?desde=2026-11-02&hasta=2026-11-01":           "hasta",
		"/v1/admin/productos/exportar?formato=%7B%22%24gt%22%3A%22%22%7D": "formato",
	} {
		who := "admin@tienda.mx"
		if strings.HasPrefix(path, "/v1/cortes") {
			who = "cajero@tienda.mx"
		}
		rec := s.call(who, http.MethodGet, path, nil)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != http.StatusBadRequest || e.Fields[field] == "" || rec.Header().Get("X-Total-Filas") != "" {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

func TestCutsExport(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	now := time.Now()
	seedSales(t, s.app, 3, func(int) (string, time.Time) { return "c", now })
	for _, m := range []map[string]any{{"tipo": "fondo", "monto": 500}, {"tipo": "retiro", "monto": 120.25, "motivo": "Depósito al banco"}} {
		if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/cortes/movimientos", m); rec.Code != http.StatusCreated {
			t.Fatalf("%v: %d %s", m, rec.Code, rec.Body)
		}
	}
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{"efectivoContado": 630.25, "observaciones": "-faltó cambio"}`)
	if rec.Code != http.StatusCreated {
		t.Fatalf("corte: %d %s", rec.Code, rec.Body)
	}
	var cut struct {
		Numero int64
		Fecha  time.Time
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &cut); err != nil {
		t.Fatal(err)
	}
	today := shopDay(cut.Fecha) // the cut's day, as the server dated it
	rows := readCSV(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/cortes/exportar?desde="+today+"&hasta="+today, nil),
		"cortes-"+today+"-a-"+today+".csv")
	if len(rows) != 2 {
		t.Fatalf("%q", rows)
	}
	want := map[string]string{"Corte": strconv.FormatInt(cut.Numero, 10), "Ventas": "3", "Efectivo": "300.00", "Tarjeta": "0.00",
		"Otros": "0.00", "Total": "300.00", "Fondo de caja": "500.00", "Ventas en efectivo": "300.00", "Devoluciones en efectivo": "0.00",
		"Retiros de efectivo": "120.25", "Depósitos de efectivo": "0.00", "Efectivo esperado": "679.75", "Efectivo contado": "630.25",
		"Diferencia": "-49.50", "Observaciones": "'-faltó cambio", "Hecho por": "Carmen Cajera"}
	for i, title := range rows[0] {
		if w, ok := want[title]; ok && rows[1][i] != w {
			t.Errorf("%s: %q, want %q", title, rows[1][i], w)
		}
		delete(want, title)
	}
	if len(want) > 0 {
		t.Errorf("columns missing: %v", want)
	}
	// The days before hold no cut.
	if rows := readCSV(t, s.call("admin@tienda.mx", http.MethodGet, "/v1/cortes/exportar?hasta=2020-01-01", nil),
		"cortes-hasta-2020-01-01.csv"); len(rows) != 1 {
		t.Errorf("%q", rows)
	}
	_, xrows := readXLSX(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/cortes/exportar?formato=xlsx", nil), "Cortes")
	if len(xrows) != 2 || xrows[1][5] != "300.00" {
		t.Errorf("%q", xrows)
	}
}

func TestProductsExport(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	variants := 0
	for page := 1; ; page++ {
		rec := s.call("admin@tienda.mx", http.MethodGet, fmt.Sprintf("/v1/admin/productos?limit=100&page=%d&compact=0", page), nil)
		var ans struct {
			Products []product
			Meta     struct{ HasMore bool }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
			t.Fatal(err)
		}
		for _, p := range ans.Products {
			variants += len(p.Variantes)
		}
		if !ans.Meta.HasMore {
			break
		}
	}
	// The file is named after the server's day when it answers: the day before or after the request.
	before := shopDay(time.Now())
	rec := s.call("auxiliar@tienda.mx", http.MethodGet, "/v1/admin/productos/exportar", nil)
	day := before
	if after := shopDay(time.Now()); strings.Contains(rec.Header().Get("Content-Disposition"), after) {
		day = after
	}
	rows := readCSV(t, rec, "productos-"+day+".csv")
	if len(rows)-1 != variants || variants == 0 {
		t.Fatalf("%d rows for %d variants", len(rows)-1, variants)
	}
	for i := 2; i < len(rows); i++ {
		if strings.ToLower(rows[i-1][0]) > strings.ToLower(rows[i][0]) && !strings.ContainsAny(rows[i-1][0]+rows[i][0], "ÁÉÍÓÚáéíóúÑñ") {
			t.Errorf("not by name: %q before %q", rows[i-1][0], rows[i][0])
		}
	}
	_, xrows := readXLSX(t, s.call("admin@tienda.mx", http.MethodGet, "/v1/admin/productos/exportar?formato=xlsx", nil), "Productos")
	if len(xrows) != len(rows) || xrows[0][6] != "Existencias" {
		t.Errorf("%d XLSX rows, %d CSV rows: %q", len(xrows), len(rows), xrows[0])
	}
}

// A CSV export is gzipped on the way when the browser accepts it; an XLSX, a zip file already, is not.
func TestExportsAreGzippedUnlessZipped(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	tok := s.token("admin@tienda.mx")
	for format, enc := range map[string]string{"csv": "gzip", "XLSX": ""} {
		rec := do(t, s.h, http.MethodGet, "/v1/admin/productos/exportar?formato="+format, "", "Authorization", "Bearer "+tok, "Accept-Encoding", "gzip")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != enc {
			t.Errorf("%s: %d, Content-Encoding %q", format, rec.Code, rec.Header().Get("Content-Encoding"))
		}
	}
}
