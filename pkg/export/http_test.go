package export

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"tienda/pkg/shoptime"
)

func serve(t *testing.T, s Spec, rows func(write func(...Cell) error) error) *http.Response {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := Stream(r.Context(), w, s, rows); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestStreamSendsTheHeadersAndTheRows(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, shoptime.Zone)
	res := serve(t, Spec{Format: CSV, Name: "ventas-2026-11-01-a-2026-11-30", Sheet: "Ventas", Columns: testCols, Total: 2},
		func(write func(...Cell) error) error {
			for i := range 2 {
				if err := write(Text("F"), Time(at), Int(int64(i)), Money(100)); err != nil {
					return err
				}
			}
			return nil
		})
	defer res.Body.Close()
	for h, want := range map[string]string{"Content-Type": "text/csv; charset=utf-8", totalHeader: "2", "Cache-Control": "no-store",
		"Content-Disposition": `attachment; filename="ventas-2026-11-01-a-2026-11-30.csv"`} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s: %q, want %q", h, got, want)
		}
	}
	body, err := io.ReadAll(res.Body)
	want := "\ufeffFolio,Fecha,Artículos,Total\r\nF,30/11/2026 12:00,0,1.00\r\nF,30/11/2026 12:00,1,1.00\r\n"
	if err != nil || string(body) != want {
		t.Errorf("body %q (%v)", body, err)
	}
}

// TestStreamAbortsOnAnError: a failure after the first rows closes the connection, so that the
// browser's download fails instead of ending with a short file.
func TestStreamAbortsOnAnError(t *testing.T) {
	for _, f := range []Format{CSV, XLSX} {
		res := serve(t, Spec{Format: f, Name: "x", Columns: testCols, Total: 5000}, func(write func(...Cell) error) error {
			for range 3000 {
				if err := write(Text("F"), Cell{}, Int(1), Money(1)); err != nil {
					return err
				}
			}
			return errors.New("the store went away")
		})
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get(totalHeader) != "5000" {
			t.Fatalf("%s: %d %v", f, res.StatusCode, res.Header)
		}
		if _, err := io.ReadAll(res.Body); err == nil {
			t.Errorf("%s: the cut answer read as whole", f)
		}
	}
}

// TestXLSXExportsWaitTheirTurn: no more than xlsxAtOnce run at once; one that cannot start before
// its request ends is refused before any byte is sent.
func TestXLSXExportsWaitTheirTurn(t *testing.T) {
	for range xlsxAtOnce {
		xlsxSlots <- struct{}{}
	}
	defer func() {
		for range xlsxAtOnce {
			<-xlsxSlots
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	rec := httptest.NewRecorder()
	err := Stream(ctx, rec, Spec{Format: XLSX, Name: "x", Columns: testCols}, func(func(...Cell) error) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || rec.Body.Len() != 0 || len(rec.Header()) != 0 {
		t.Fatalf("%v, %d bytes, %v", err, rec.Body.Len(), rec.Header())
	}
	// CSV does not wait.
	rec = httptest.NewRecorder()
	if err := Stream(ctx, rec, Spec{Format: CSV, Name: "x", Columns: testCols}, func(func(...Cell) error) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(rec.Body.Bytes(), []byte(bom+"Folio")) {
		t.Fatalf("%q", rec.Body.String())
	}
}

func TestFileNamesNeedNoQuoting(t *testing.T) {
	for name, ok := range map[string]bool{"ventas-2026-11-01-a-2026-11-30": true, "a_b": true, "": false, `a"b`: false, "año": false, "a b": false} {
		if safeName(name) != ok {
			t.Errorf("%q: %v", name, !ok)
		}
	}
}
