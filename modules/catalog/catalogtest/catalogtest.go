// Package catalogtest holds the fixtures the catalogue's tests and those of the packages built on
// it (the importer, the distributor's catalogue) share, so that each is written once.
package catalogtest

import (
	"testing"
	"time"
)

// FormProduct is a product as the admin form sends it: two variants (5 and 3 units) and an extra.
func FormProduct(name string) map[string]any {
	return map[string]any{
		"nombre": name, "descripcion": "Descripción de " + name, "descripcionCorta": "Corta",
		"categoria": "Camaras IP y NVRs", "proveedor": "Syscom", "favorito": false, "fechaCompra": "2026-03-01",
		"stock": 0,
		"variantes": []map[string]any{
			{"talla": "Grande", "tamano": 32, "stock": 5, "precioCompra": 100, "precioVenta": 150, "descuento": 10},
			{"talla": "Chico", "tamano": "100 g", "stock": 3, "precioCompra": 50, "precioVenta": 80, "descuento": 0},
		},
		"extras": []map[string]any{{"nombre": "Extra Queso", "precio": 100}},
	}
}

// WaitUntil waits up to 5 seconds for ok, asking every 20 ms; then the test fails naming what.
func WaitUntil(t testing.TB, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within 5 s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
