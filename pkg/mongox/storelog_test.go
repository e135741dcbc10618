package mongox

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// countingHandler is a text handler that counts the With calls made on it.
type countingHandler struct {
	slog.Handler
	withs *int
}

func (h countingHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	*h.withs++
	return countingHandler{h.Handler.WithAttrs(attrs), h.withs}
}

func TestStoreLogWritesErrorsWithTheirAttributesAndFormatsNothingElse(t *testing.T) {
	var out bytes.Buffer
	withs := 0
	log := slog.New(storeLog{out: countingHandler{slog.NewTextHandler(&out, nil), &withs}})

	conn := log.With("conn", 7)
	for range 100 {
		stmt := conn.With("sql", "INSERT INTO ventas ...", "args", strings.Repeat("x", 1000))
		stmt.Debug("exec")
		stmt.Warn("slow")
	}
	if out.Len() != 0 || withs != 0 {
		t.Fatalf("records below Error cost %d With calls and wrote %q", withs, out.String())
	}

	conn.WithGroup("tx").With("sql", "UPDATE").Error("failed", "err", "disk I/O error")
	line := out.String()
	for _, want := range []string{"level=ERROR", "msg=failed", "conn=7", "tx.sql=UPDATE", "tx.err=\"disk I/O error\""} {
		if !strings.Contains(line, want) {
			t.Errorf("the error's line %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "INSERT") {
		t.Errorf("another logger's attributes leaked into the line: %q", line)
	}
}
