package catalog

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// BenchmarkMemoryWrite puts a new product, then a renamed one, into an in-memory catalogue of
// 5,000, 20,000 and 50,000 products: what a create and an edit cost the memory.
//
//	go test ./modules/catalog -run '^$' -bench MemoryWrite
func BenchmarkMemoryWrite(b *testing.B) {
	for _, n := range []int{5000, 20000, 50000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			ps := make([]Product, n)
			for i := range ps {
				ps[i] = Product{ID: bson.NewObjectID(), Nombre: fmt.Sprint("Cámara ", i), Marca: "Hikvision", Revision: 1,
					Favorito: i%50 == 0, CreatedAt: base.Add(time.Duration(i) * time.Minute)}
			}
			m := &memory{}
			m.replace(ps, nil)
			i := 0
			for b.Loop() {
				i++
				m.add(Product{ID: bson.NewObjectID(), Nombre: fmt.Sprint("Nueva ", i), Revision: 1, CreatedAt: base.Add(time.Duration(i) * time.Second)})
				p, _ := m.get(ps[i*7919%n].ID)
				p.Revision++
				p.Nombre += " editada"
				m.update(p)
			}
		})
	}
}
