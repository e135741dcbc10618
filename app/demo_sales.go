package main

import (
	"context"

	"tienda/modules/catalog"
	"tienda/modules/sales"
)

// seedDemoSales adds the demo sales DEMO_VENTAS asks for, once, of the demo catalogue's lines.
func seedDemoSales(ctx context.Context, open int, c *catalog.Service, s *sales.Module) error {
	if open <= 0 {
		return nil
	}
	return s.SeedDemo(ctx, open, demoItems(c))
}

// demoItems are the catalogue's variants as lines of a sale.
func demoItems(c *catalog.Service) []sales.Item {
	var lines []sales.Item
	for _, l := range c.DemoLines() {
		lines = append(lines, sales.Item{ID: l.VariantID, ProductID: l.ProductID, Nombre: l.Nombre, Descripcion: l.Nombre,
			Precio: l.Precio, Descuento: l.Descuento, PrecioFinal: l.PrecioFinal, Imagen: l.Imagen, Talla: l.Talla, Tamano: l.Tamano})
	}
	return lines
}
