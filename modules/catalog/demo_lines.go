package catalog

import "tienda/pkg/money"

// DemoLine is one variant of the catalogue as a line of a demo sale: ids, names and its price
// after its own discount, in pesos.
type DemoLine struct {
	ProductID, VariantID           string
	Nombre, Talla, Tamano          string
	Imagen                         string
	Precio, Descuento, PrecioFinal float64
}

// DemoLines are the variants of the catalogue in memory, in its order, for the demo sales
// (DEMO_VENTAS): the demo catalogue once SeedDemo has loaded it.
func (s *Service) DemoLines() []DemoLine {
	var out []DemoLine
	s.memory.each(func(p *Product) {
		for _, v := range p.Variantes {
			price, err := money.FromPesos(v.PrecioVenta)
			if err != nil || price <= 0 {
				continue
			}
			out = append(out, DemoLine{ProductID: p.ID.Hex(), VariantID: v.ID.Hex(), Nombre: p.Nombre, Talla: v.Talla,
				Tamano: v.Tamano, Imagen: p.Imagen, Precio: v.PrecioVenta, Descuento: v.Descuento,
				PrecioFinal: ownFinalPrice(v).Pesos()})
		}
	})
	return out
}
