package logs

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/ratelimit"
)

// DefaultTitle is the title of an entry that came without one.
const DefaultTitle = "Error desconocido"

// Service holds the module's use cases.
type Service struct {
	store  store
	log    zerolog.Logger
	now    func() time.Time
	limits Limits

	// kick asks the sweeper to run now; sinceSweep counts the entries stored since the last sweep.
	kick       chan struct{}
	sinceSweep atomic.Int64
}

// ErrBatchTooLarge is the answer to an upload with more than MaxBatch entries.
var ErrBatchTooLarge = apperr.New(apperr.TooLarge,
	fmt.Sprintf("Envía como máximo %d registros por solicitud.", MaxBatch))

// Record validates a batch and stores it whole, stamped with the server time and the source; a
// batch with any bad entry stores nothing.
func (s *Service) Record(ctx context.Context, src Source, in []EntryInput) (int, error) {
	if len(in) > MaxBatch {
		return 0, ErrBatchTooLarge
	}
	now := s.now().UTC()
	entries := make([]Entry, 0, len(in))
	fields := map[string]string{}
	for i, e := range in {
		if msg := checkEntry(e); msg != nil {
			for k, v := range msg {
				fields[fmt.Sprintf("logs[%d].%s", i, k)] = v
			}
			continue
		}
		title := strings.TrimSpace(e.Title)
		if title == "" {
			title = DefaultTitle
		}
		t := strings.TrimSpace(e.Time)
		if t == "" {
			t = now.Format(time.RFC3339Nano)
		}
		entries = append(entries, Entry{
			ID:         bson.NewObjectID(),
			Title:      redact(title),
			Error:      redact(e.Error),
			Time:       t,
			Origen:     redact(e.Origen),
			User:       redact(e.User),
			ReceivedAt: now,
			IP:         clip(src.IP, 64),
			UserID:     src.UserID,
			UserName:   src.UserName,
			UserEmail:  src.UserEmail,
			UserAgent:  clip(src.UserAgent, 300),
			RequestID:  clip(src.RequestID, 64),
		})
	}
	if len(fields) > 0 {
		return 0, apperr.InvalidFields(apperr.MsgCheckFields, fields)
	}
	if err := s.store.insert(ctx, entries); err != nil {
		return 0, err
	}
	if s.sinceSweep.Add(int64(len(entries))) >= int64(s.limits.MaxEntries/10+1) {
		select {
		case s.kick <- struct{}{}:
		default:
		}
	}
	return len(entries), nil
}

// checkEntry returns a Spanish message per bad field of one entry (the sizes are checked by the
// validator already; this is the service guarding its invariants again).
func checkEntry(e EntryInput) map[string]string {
	bad := map[string]string{}
	for _, f := range []struct {
		name, value string
		max         int
	}{{"title", e.Title, 200}, {"error", e.Error, 4000}, {"time", e.Time, 40}, {"origen", e.Origen, 200}, {"user", e.User, 120}} {
		if !utf8.ValidString(f.value) {
			bad[f.name] = "Texto inválido."
		} else if utf8.RuneCountInString(f.value) > f.max {
			bad[f.name] = apperr.MsgMaxChars(f.max)
		}
	}
	if t := strings.TrimSpace(e.Time); t != "" && bad["time"] == "" {
		if _, err := time.Parse(time.RFC3339, t); err != nil {
			bad["time"] = "Debe ser una fecha ISO 8601 (por ejemplo 2026-11-23T09:15:00.000Z)."
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// List returns one page of entries, newest first.
func (s *Service) List(ctx context.Context, f Filter) (Page, error) {
	if f.Page < 1 {
		f.Page = 1
	}
	if f.Limit < 1 || f.Limit > MaxPageSize {
		f.Limit = MaxPageSize
	}
	if (f.Page-1)*f.Limit >= s.limits.MaxEntries {
		return Page{Logs: []Entry{}, Meta: PageMeta{Page: f.Page, Limit: f.Limit}}, nil
	}
	got, err := s.store.list(ctx, f)
	if err != nil {
		return Page{}, err
	}
	more := len(got) > f.Limit
	if more {
		got = got[:f.Limit]
	}
	return Page{Logs: got, Meta: PageMeta{Page: f.Page, Limit: f.Limit, HasMore: more}}, nil
}

// Sweep removes the entries older than Retention, then the oldest beyond Limits.MaxEntries.
func (s *Service) Sweep(ctx context.Context) error {
	s.sinceSweep.Store(0)
	expired, err := s.store.deleteBefore(ctx, s.now().Add(-Retention))
	if err != nil {
		return err
	}
	trimmed, err := s.store.trim(ctx, s.limits.MaxEntries)
	if err != nil {
		return err
	}
	if expired+trimmed > 0 {
		s.log.Info().Int64("expired", expired).Int64("trimmed", trimmed).Msg("logs: sweep")
	}
	return nil
}

// runSweeper sweeps at once, on every tick and when kicked, until ctx ends.
func (s *Service) runSweeper(ctx context.Context, l *ratelimit.Limiter) {
	t := time.NewTicker(s.limits.SweepEvery)
	defer t.Stop()
	for {
		if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.log.Error().Err(err).Msg("logs: sweep failed")
		}
		l.Prune()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.kick:
		}
	}
}

// tokenLike matches a JWT or a Bearer credential, so that a browser's error text that quotes one
// is not stored with it.
var tokenLike = regexp.MustCompile(`eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+|(?i:bearer)\s+[A-Za-z0-9._~+/=-]{8,}`)

func redact(s string) string { return tokenLike.ReplaceAllString(s, "[oculto]") }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
