// Package salestate is the one set of states a sale goes through as it is placed (ventas.estado):
// the sales module stores them and checkout drives a sale through them, and as modules may not
// import each other, both name them from here.
package salestate

// Estado is a sale's state in its placing: a sale is written as Reservando before its stock is
// taken and becomes Confirmada once every step is done (online: EsperandoPago until its payment is
// approved); a sweep settles what a crash left behind.
type Estado string

// The states, as stored.
const (
	Reservando    Estado = "reservando"
	Confirmada    Estado = "confirmada"
	Fallida       Estado = "fallida"        // never saved: its stock was given back
	EsperandoPago Estado = "esperando_pago" // online order: stock held, payment not yet approved
	Expirada      Estado = "expirada"       // online order whose payment never came; stock returned
)
