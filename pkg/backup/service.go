package backup

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/background"
)

// ErrRunning means a backup is already being taken.
var ErrRunning = errors.New("backup: a backup is already running")

// Settings are the shop's backups of its embedded store.
type Settings struct {
	Source Source
	Dir    string        // the backups folder
	Every  time.Duration // how often; 0 takes none on a schedule
	Keep   int           // how many backups are kept; older ones are deleted after each backup
}

// Service takes the shop's backups, one at a time: on demand and, once started, on a schedule.
type Service struct {
	set     Settings
	log     zerolog.Logger
	now     func() time.Time
	running atomic.Bool
	loop    background.Loop
}

// NewService is the backups of set.
func NewService(set Settings, log zerolog.Logger) *Service {
	return &Service{set: set, log: log, now: time.Now}
}

// Settings answers the service's settings.
func (s *Service) Settings() Settings { return s.set }

// Take takes a backup now and deletes the oldest beyond the count kept; ErrRunning when one is
// already being taken.
func (s *Service) Take(ctx context.Context) (Item, error) {
	if !s.running.CompareAndSwap(false, true) {
		return Item{}, ErrRunning
	}
	defer s.running.Store(false)
	start := time.Now()
	it, err := Take(ctx, s.set.Source, s.set.Dir, s.now())
	if err != nil {
		return Item{}, err
	}
	s.log.Info().Str("backup", it.Name).Int64("bytes", it.Bytes).Dur("took", time.Since(start)).Msg("backup taken")
	deleted, err := Prune(s.set.Dir, s.set.Keep, s.now())
	if err != nil {
		s.log.Error().Err(err).Msg("backup: deleting old backups")
	}
	if len(deleted) > 0 {
		s.log.Info().Strs("deleted", deleted).Msg("old backups deleted")
	}
	return it, nil
}

// List answers the backups, newest first.
func (s *Service) List() ([]Item, error) { return List(s.set.Dir) }

// checkEvery is how often the schedule looks at the newest backup's age: a shop restarted more
// often than Every still gets its backups.
const checkEvery = 10 * time.Minute

// Start takes a backup every Every (none when 0): every checkEvery (or Every, when shorter) it
// takes one when the newest is older than Every.
func (s *Service) Start(context.Context) error {
	if s.set.Every <= 0 {
		return nil
	}
	s.loop.Every(min(checkEvery, s.set.Every), func(ctx context.Context) {
		if err := s.due(ctx); err != nil {
			s.log.Error().Err(err).Msg("scheduled backup failed")
		}
	})
	return nil
}

// due takes a backup when the newest is older than Every.
func (s *Service) due(ctx context.Context) error {
	items, err := s.List()
	if err != nil {
		return err
	}
	if len(items) > 0 && s.now().Sub(items[0].Date) < s.set.Every {
		return nil
	}
	_, err = s.Take(ctx)
	if errors.Is(err, ErrRunning) {
		return nil // one on demand is under way
	}
	return err
}

// Stop ends the schedule, once a backup under way is written.
func (s *Service) Stop() { s.loop.Stop() }
