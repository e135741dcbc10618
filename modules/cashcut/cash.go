package cashcut

import (
	"sort"
	"strconv"
	"strings"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// The cash a cut expects in the drawer and what was counted, for the whole shop and for each
// cashier: expected = float + cash payments - cash refunds - withdrawals + deposits; the
// difference is counted minus expected ('Calculado / Contado / Diferencia').

// Cash is a drawer's expected and counted cash (the shop's, or one cashier's), in pesos.
type Cash struct {
	Fondo                float64 `bson:"fondo" json:"fondo"`
	VentasEfectivo       float64 `bson:"ventasEfectivo" json:"ventasEfectivo"`             // cash payments
	DevolucionesEfectivo float64 `bson:"devolucionesEfectivo" json:"devolucionesEfectivo"` // cash refunds, as a positive amount
	Retiros              float64 `bson:"retiros" json:"retiros"`
	Depositos            float64 `bson:"depositos" json:"depositos"`
	EfectivoEsperado     float64 `bson:"efectivoEsperado" json:"efectivoEsperado"`
	// EfectivoContado is the cash counted (absent: not counted); Diferencia is counted minus
	// expected, present when counted.
	EfectivoContado *float64 `bson:"efectivoContado,omitempty" json:"efectivoContado,omitempty"`
	Diferencia      *float64 `bson:"diferencia,omitempty" json:"diferencia,omitempty"`
	// Conteo is the count by denomination behind EfectivoContado, when it was counted so.
	Conteo []Denomination `bson:"conteo,omitempty" json:"conteo,omitempty"`
}

// CashierCash is one cashier's cash in a cut.
type CashierCash struct {
	UsuarioID     string `bson:"usuarioId" json:"usuarioId"`
	NombreUsuario string `bson:"nombreUsuario" json:"nombreUsuario"`
	Cash          `bson:",inline"`
}

// Denomination is how many bills or coins of one value were counted.
type Denomination struct {
	Tipo     string  `bson:"tipo" json:"tipo"` // billete | moneda
	Valor    float64 `bson:"valor" json:"valor"`
	Cantidad int64   `bson:"cantidad" json:"cantidad"`
}

// denominations are the MXN bills and coins a drawer holds, in the order they are counted.
var denominations = []struct {
	tipo  string
	value money.Cents
}{
	{"billete", 100000}, {"billete", 50000}, {"billete", 20000}, {"billete", 10000}, {"billete", 5000}, {"billete", 2000},
	{"moneda", 2000}, {"moneda", 1000}, {"moneda", 500}, {"moneda", 200}, {"moneda", 100}, {"moneda", 50},
}

// maxPieces bounds the count of one denomination.
const maxPieces = 100_000

// CountInput is one cashier's count by denomination as 'Hacer corte' sends it.
type CountInput struct {
	UsuarioID      string              `json:"usuarioId"`
	Denominaciones []DenominationInput `json:"denominaciones"`
}

// DenominationInput is one line of a count: {tipo, valor, cantidad}.
type DenominationInput struct {
	Tipo     string   `json:"tipo"`
	Valor    *float64 `json:"valor"`
	Cantidad *float64 `json:"cantidad"`
}

// checkCounts validates the counts of a cut, naming each wrong field (conteos.N.…) in Spanish, and
// answers them as cashier rows with the amount counted and the denominations (in counting order,
// those counted only).
func checkCounts(f apperr.Fields, in []CountInput) []CashierCash {
	if len(in) > 50 {
		f.Add("conteos", apperr.MsgMaxItems(50))
		return nil
	}
	out := make([]CashierCash, 0, len(in))
	seen := map[string]bool{}
	for i, c := range in {
		at := "conteos." + strconv.Itoa(i)
		id := strings.TrimSpace(c.UsuarioID)
		switch {
		case id == "" || len(id) > 100:
			f.Add(at+".usuarioId", "Indica de qué cajero es el conteo.")
		case seen[id]:
			f.Add(at+".usuarioId", "Ese cajero ya tiene un conteo.")
		}
		seen[id] = true
		if len(c.Denominaciones) > len(denominations) {
			f.Add(at+".denominaciones", apperr.MsgMaxItems(len(denominations)))
			continue
		}
		pieces := make([]int64, len(denominations))
		given := make([]bool, len(denominations))
		for j, d := range c.Denominaciones {
			dat := at + ".denominaciones." + strconv.Itoa(j)
			k := denominationIndex(d)
			switch {
			case k < 0:
				f.Add(dat+".valor", "No es un billete ni una moneda de México.")
				continue
			case given[k]:
				f.Add(dat+".valor", "Esa denominación ya está en el conteo.")
				continue
			}
			given[k] = true
			if d.Cantidad == nil || *d.Cantidad < 0 || *d.Cantidad != float64(int64(*d.Cantidad)) || *d.Cantidad > maxPieces {
				f.Add(dat+".cantidad", "Escribe cuántas piezas contaste: un número entero de 0 a 100,000.")
				continue
			}
			pieces[k] = int64(*d.Cantidad)
		}
		var total money.Cents
		row := CashierCash{UsuarioID: id, Cash: Cash{Conteo: []Denomination{}}}
		for k, n := range pieces {
			if n > 0 {
				d := denominations[k]
				row.Conteo = append(row.Conteo, Denomination{Tipo: d.tipo, Valor: d.value.Pesos(), Cantidad: n})
				total += d.value * money.Cents(n)
			}
		}
		p := total.Pesos()
		row.EfectivoContado = &p
		out = append(out, row)
	}
	return out
}

// denominationIndex is d's place in denominations, or -1 when it is none of them.
func denominationIndex(d DenominationInput) int {
	if d.Valor == nil {
		return -1
	}
	v, err := money.FromPesos(*d.Valor)
	if err != nil || v.Pesos() != *d.Valor {
		return -1
	}
	for k, x := range denominations {
		if x.tipo == strings.TrimSpace(d.Tipo) && x.value == v {
			return k
		}
	}
	return -1
}

// drawer adds up one drawer's cash in centavos.
type drawer struct {
	name                                     string
	fondo, ventas, devol, retiros, depositos money.Cents
	counted                                  *money.Cents
	conteo                                   []Denomination
}

func (d drawer) expected() money.Cents {
	return d.fondo + d.ventas - d.devol - d.retiros + d.depositos
}

func (d drawer) cash() Cash {
	c := Cash{Fondo: d.fondo.Pesos(), VentasEfectivo: d.ventas.Pesos(), DevolucionesEfectivo: d.devol.Pesos(),
		Retiros: d.retiros.Pesos(), Depositos: d.depositos.Pesos(), EfectivoEsperado: d.expected().Pesos(), Conteo: d.conteo}
	if d.counted != nil {
		counted, diff := d.counted.Pesos(), (*d.counted - d.expected()).Pesos()
		c.EfectivoContado, c.Diferencia = &counted, &diff
	}
	return c
}

// cashTotals adds up the cash of a set of paid sales (a negative Total is a refund) and drawer
// movements, for the shop and for each cashier who handled cash or counted a drawer, sorted by
// name. counts are the cashiers' counts (rows with EfectivoContado): the shop's count is their
// sum, by denomination too; without them, counted is the shop's (the single amount of earlier
// releases), or nil when nothing was counted.
func cashTotals(sales []PaidSale, movs []Movement, counted *money.Cents, counts []CashierCash) (Cash, []CashierCash) {
	var shop drawer
	rows := map[string]*drawer{}
	row := func(id, name string) *drawer {
		d, ok := rows[id]
		if !ok {
			d = &drawer{}
			rows[id] = d
		}
		if d.name == "" {
			d.name = name
		}
		return d
	}
	for _, v := range sales {
		if v.Metodo != "Efectivo" {
			continue
		}
		d := row(v.UserID, v.UserName)
		if v.Total >= 0 {
			d.ventas += v.Total
			shop.ventas += v.Total
		} else {
			d.devol -= v.Total
			shop.devol -= v.Total
		}
	}
	for _, m := range movs {
		amount, _ := money.FromPesos(m.Monto) // stored from centavos
		d := row(m.UsuarioID, m.NombreUsuario)
		switch m.Tipo {
		case TipoFondo:
			d.fondo += amount
			shop.fondo += amount
		case TipoRetiro:
			d.retiros += amount
			shop.retiros += amount
		case TipoDeposito:
			d.depositos += amount
			shop.depositos += amount
		}
	}
	shop.counted = counted
	if len(counts) > 0 {
		var sum money.Cents
		pieces := make([]int64, len(denominations))
		for _, c := range counts {
			if c.EfectivoContado == nil {
				continue
			}
			v, _ := money.FromPesos(*c.EfectivoContado)
			sum += v
			d := row(c.UsuarioID, c.NombreUsuario)
			d.counted, d.conteo = &v, c.Conteo
			for _, x := range c.Conteo {
				if k := denominationIndex(DenominationInput{Tipo: x.Tipo, Valor: &x.Valor}); k >= 0 {
					pieces[k] += x.Cantidad
				}
			}
		}
		shop.counted, shop.conteo = &sum, []Denomination{}
		for k, n := range pieces {
			if n > 0 {
				shop.conteo = append(shop.conteo, Denomination{Tipo: denominations[k].tipo, Valor: denominations[k].value.Pesos(), Cantidad: n})
			}
		}
	}
	out := make([]CashierCash, 0, len(rows))
	for id, d := range rows {
		out = append(out, CashierCash{UsuarioID: id, NombreUsuario: d.name, Cash: d.cash()})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := strings.ToLower(out[i].NombreUsuario), strings.ToLower(out[j].NombreUsuario)
		return a < b || a == b && out[i].UsuarioID < out[j].UsuarioID
	})
	return shop.cash(), out
}
