package export

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"tienda/pkg/logx"
)

// totalHeader is the answer header that tells how many rows an export carries (its header row
// aside), sent before the first row so that a screen can show the download's progress.
const totalHeader = "X-Total-Filas"

// writeTime is how long an export may take to write: the server's write timeout is lifted to it for
// the answer, as a year of sales takes longer than any other answer.
const writeTime = 10 * time.Minute

// xlsxAtOnce is how many XLSX exports run at once; more wait their turn. excelize keeps up to
// 16 MiB of sheet XML per export in memory (about 21 MiB live at most, measured in
// memory_test.go), the server's soft limit is 100 MiB.
const xlsxAtOnce = 2

var xlsxSlots = make(chan struct{}, xlsxAtOnce)

// Spec describes one export: its format, its file name without extension (letters, digits, - and
// _), its XLSX worksheet, its columns and how many rows will follow.
type Spec struct {
	Format  Format
	Name    string
	Sheet   string
	Columns []Column
	Total   int
}

// Stream answers a request with an export: 200, the format's type,
// `Content-Disposition: attachment; filename="<name>.<csv|xlsx>"`, totalHeader with s.Total and no
// caching, sent at once with a CSV's header row; then rows is called, once, to write the rows
// through write, one at a time as they are read. An error before the answer starts (an XLSX
// waiting its turn until ctx ends) is returned; an error once it has started is logged and aborts
// the answer (panic with http.ErrAbortHandler, which net/http and Echo's recover middleware take as
// "close the connection"), so that the browser sees a failed download instead of a short file.
func Stream(ctx context.Context, w http.ResponseWriter, s Spec, rows func(write func(...Cell) error) error) error {
	if !safeName(s.Name) {
		return fmt.Errorf("export: file name %q", s.Name)
	}
	if s.Format == XLSX {
		select {
		case xlsxSlots <- struct{}{}:
			defer func() { <-xlsxSlots }()
		case <-ctx.Done():
			return fmt.Errorf("export: waiting for an XLSX slot: %w", ctx.Err())
		}
	}
	out, err := start(w, s)
	if err != nil {
		return abort(ctx, err)
	}
	if err := rows(out.Write); err != nil {
		if x, ok := out.(*xlsxWriter); ok {
			_ = x.file.Close() // its temporary file; no workbook is written
		}
		return abort(ctx, err)
	}
	if err := out.Close(); err != nil {
		return abort(ctx, err)
	}
	return nil
}

// start sends the headers (and a CSV's header row) and answers the writer of the rows.
func start(w http.ResponseWriter, s Spec) (writer, error) {
	h := w.Header()
	h.Set("Content-Type", s.Format.ContentType())
	h.Set("Content-Disposition", `attachment; filename="`+s.Name+`.`+string(s.Format)+`"`)
	h.Set(totalHeader, strconv.Itoa(s.Total))
	h.Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	if err := rc.SetWriteDeadline(time.Now().Add(writeTime)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return nil, fmt.Errorf("export: deadline: %w", err)
	}
	w.WriteHeader(http.StatusOK)
	out, err := newWriter(w, s.Format, s.Sheet, s.Columns)
	if err != nil {
		return nil, err
	}
	if c, ok := out.(*csvWriter); ok {
		if err := c.Flush(); err != nil {
			return nil, err
		}
	}
	if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return nil, fmt.Errorf("export: flush: %w", err)
	}
	return out, nil
}

// abort logs why an export that has started failed and closes the connection.
func abort(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		logx.From(ctx).Warn().Err(err).Msg("export: the client left")
	} else {
		logx.From(ctx).Error().Err(err).Msg("export: cut short")
	}
	panic(http.ErrAbortHandler)
}

// safeName: a file name that needs no quoting or encoding in Content-Disposition.
func safeName(s string) bool {
	if s == "" || len(s) > 120 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
