package main

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"tienda/pkg/shoptime"
)

// The shop's days are Mexico City's, and CI may run at any time, 00:00 there included: a test
// takes the day of a record from what the server stored (shopDay of its date), not from the
// clock at some other moment.

// shopDay is the shop's day of t, AAAA-MM-DD.
func shopDay(t time.Time) string { return t.In(shoptime.Zone).Format(time.DateOnly) }

// paidAt is when sale id was marked paid, as the server stored it.
func (s *shop) paidAt(id string) time.Time {
	s.t.Helper()
	rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/"+id, nil)
	var v struct {
		PagadoEn *time.Time `json:"pagadoEn"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &v) != nil || v.PagadoEn == nil {
		s.t.Fatalf("the payment of sale %s: %d %s", id, rec.Code, rec.Body)
	}
	return *v.PagadoEn
}

// midnightMargin is how long before the shop's midnight clearOfMidnight waits for it: far more
// than the writes of a test take.
const midnightMargin = 2 * time.Minute

// clearOfMidnight waits, when the shop's midnight is less than midnightMargin away, until it has
// passed. It is for a test whose writes must all fall in one shop day because the server judges
// them by its own today (a cashier's one float a day, the list of today asked with no days, the
// daily global invoice of several sales): called before those writes.
func clearOfMidnight(t testing.TB) {
	t.Helper()
	now := time.Now().In(shoptime.Zone)
	midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, shoptime.Zone)
	if wait := midnight.Sub(now); wait < midnightMargin {
		t.Logf("waiting %v for the shop's midnight to pass", wait.Round(time.Second))
		time.Sleep(wait + time.Second)
	}
}
