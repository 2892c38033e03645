package lobby

import "time"

// Tuning tunes the lobby (docs/lobby.md); the zero value is the
// defaults. The server's LobbyConfig is this type.
type Tuning struct {
	// Poll is how often a server looks for lobby changes made through
	// the others (default 1s): the lobby's live updates across servers
	// are this polling of a version row, not LISTEN/NOTIFY.
	Poll time.Duration
	// Lease is how long a server's word that a player has the lobby open
	// holds without renewal (default 30s): a real-time seek outlives a
	// server that died by at most this much.
	Lease time.Duration
	// QuickPlayWait is how long quick play waits for a person before it
	// offers the AI (default QuickPlayWait, 30s); tests shorten it.
	QuickPlayWait time.Duration
	// Rejoin is how long a player who closed their last lobby connection
	// has to open another before their real-time seeks die (default 3s):
	// a page reload or a move to another page of the lobby keeps them.
	Rejoin time.Duration
}

// Loop returns cfg with t's durations, each zero one at its default.
func (t Tuning) Loop(cfg LoopConfig) LoopConfig {
	cfg.Poll, cfg.Lease, cfg.QuickPlayWait, cfg.Rejoin = t.Poll, t.Lease, t.QuickPlayWait, t.Rejoin
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 30 * time.Second
	}
	if cfg.QuickPlayWait <= 0 {
		cfg.QuickPlayWait = QuickPlayWait
	}
	if cfg.Rejoin <= 0 {
		cfg.Rejoin = 3 * time.Second
	}
	return cfg
}
