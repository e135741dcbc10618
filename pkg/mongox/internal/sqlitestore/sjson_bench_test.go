package sqlitestore

import (
	"context"
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// BenchmarkDocument turns a stored sale of three lines, two payments and its history (some 60
// fields, the shape of a `ventas` document) into BSON, as every read of the embedded store does.
func BenchmarkDocument(b *testing.B) {
	db, e := testDB(b)
	ctx := context.Background()
	when := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	var lines, history bson.A
	for i := range 3 {
		lines = append(lines, bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "productoId", Value: bson.NewObjectID()},
			{Key: "titulo", Value: fmt.Sprintf("Cámara IP domo %d MP con visión nocturna", i+2)}, {Key: "modelo", Value: "DS-2CD1143G0-I"},
			{Key: "varianteId", Value: bson.NewObjectID()}, {Key: "variante", Value: "Blanco"}, {Key: "cantidad", Value: int32(2)},
			{Key: "precio", Value: int64(129900)}, {Key: "descuento", Value: int32(10)}, {Key: "iva", Value: int64(18706)},
			{Key: "extras", Value: bson.A{bson.D{{Key: "nombre", Value: "Instalación"}, {Key: "precio", Value: int64(50000)}}}},
			{Key: "claveSat", Value: "46171610"}, {Key: "unidad", Value: "H87"}, {Key: "devueltas", Value: int32(0)}})
		history = append(history, bson.D{{Key: "fecha", Value: when}, {Key: "quien", Value: "cajero@tienda.mx"},
			{Key: "cambio", Value: "pago Pendiente -> Pagado"}})
	}
	payment := func(n int64) bson.D {
		return bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "monto", Value: n}, {Key: "metodo", Value: "Efectivo"},
			{Key: "fecha", Value: when}, {Key: "quien", Value: "cajero@tienda.mx"}, {Key: "corte", Value: nil}}
	}
	sale := bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "folio", Value: int64(123456)}, {Key: "fecha", Value: when},
		{Key: "cliente", Value: bson.D{{Key: "nombre", Value: "Juan Pérez"}, {Key: "email", Value: "juan@example.com"}, {Key: "telefono", Value: "5512345678"}}},
		{Key: "carrito", Value: lines}, {Key: "pagos", Value: bson.A{payment(100000), payment(579548)}}, {Key: "devoluciones", Value: bson.A{}},
		{Key: "subtotal", Value: int64(584100)}, {Key: "iva", Value: int64(93456)}, {Key: "total", Value: int64(677556)},
		{Key: "pago", Value: "Pagado"}, {Key: "entrega", Value: "Entregado"}, {Key: "metodoPago", Value: "Efectivo"},
		{Key: "envio", Value: false}, {Key: "historial", Value: history}, {Key: "revisar", Value: false}, {Key: "cambiadoEn", Value: when}}
	if _, err := db.Collection("ventas").InsertOne(ctx, sale); err != nil {
		b.Fatal(err)
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		b.Fatal(err)
	}
	r, err := e.sqlReader()
	if err != nil {
		b.Fatal(err)
	}
	table, _, err := e.table(ctx, "ventas")
	if err != nil {
		b.Fatal(err)
	}
	var js []byte
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName
	if err := r.QueryRow(`SELECT _ferretdb_sjson FROM ` + sqlName(table)).Scan(&js); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(js)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := document(js); err != nil {
			b.Fatal(err)
		}
	}
}
