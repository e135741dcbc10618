package catalog

import (
	"slices"
	"strings"

	"tienda/pkg/cfdi"
)

// Fiscal is what a CFDI needs of a product: its SAT keys and its model.
type Fiscal struct {
	ProductID   string // the product's _id
	Nombre      string
	Modelo      string
	SatKey      string // ClaveProdServ; "" when the product has none, or none c_ClaveProdServ has
	ClaveUnidad string // ClaveUnidad; "" when the product has none, or none of c_ClaveUnidad
}

func fiscalOf(p *Product) Fiscal {
	key := strings.TrimSpace(p.SatKey)
	if cfdi.CheckClaveProdServ(key) != "" || key == cfdi.ClaveProdServGenerica { // a PAC would refuse every CFDI with it
		key = ""
	}
	unidad := strings.TrimSpace(p.UnidadDeMedida.ClaveUnidadSat)
	if !cfdi.ValidClaveUnidad(unidad) {
		unidad = ""
	}
	return Fiscal{ProductID: p.ID.Hex(), Nombre: p.label(), Modelo: strings.TrimSpace(p.Modelo), SatKey: key, ClaveUnidad: unidad}
}

// FiscalByVariant answers the fiscal data of the products the variants belong to, by variant
// id; a variant no product has (deleted since) is left out.
func (s *Service) FiscalByVariant(variantIDs []string) map[string]Fiscal {
	want := make(map[string]bool, len(variantIDs))
	for _, id := range variantIDs {
		want[id] = true
	}
	out := make(map[string]Fiscal, len(variantIDs))
	s.memory.each(func(p *Product) {
		for _, v := range p.Variantes {
			if want[v.ID.Hex()] {
				out[v.ID.Hex()] = fiscalOf(p)
			}
		}
	})
	return out
}

// MissingSATKey lists the products without valid SAT keys (product or unit), by name: their CFDI
// lines fall back to the shop's defaults until staff set them.
func (s *Service) MissingSATKey() []Fiscal {
	var out []Fiscal
	s.memory.each(func(p *Product) {
		if f := fiscalOf(p); f.SatKey == "" || f.ClaveUnidad == "" {
			out = append(out, f)
		}
	})
	slices.SortFunc(out, func(a, b Fiscal) int { return strings.Compare(a.Nombre, b.Nombre) })
	return out
}
