// Package shoptime is the shop's time zone, Mexico City's: the one its days are counted in (a
// report's or a list's range, a cash cut's day, the invoicing window, a CFDI's dates) and its
// dates are shown in, on any machine and in any replica.
package shoptime

import (
	"time"
	_ "time/tzdata" // the zone's rules travel with the binary
)

// Zone is Mexico City's time zone.
var Zone = mustZone("America/Mexico_City")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // cannot happen: time/tzdata is embedded
	}
	return loc
}
