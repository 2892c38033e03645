package moderation

import "time"

// The playban (docs/moderation.md): a player who aborts games (never
// makes their first move) or lets their clock run out instead of
// resigning waits before their next rated game, longer each time.
const (
	// PlaybanWindow is how far back the bad endings count.
	PlaybanWindow = 24 * time.Hour
	// PlaybanFree is how many bad endings in the window cost nothing:
	// a lost connection happens to anyone.
	PlaybanFree = 2
)

// PlaybanWaits are the waits after the third, fourth, ... bad ending in
// the window, counted from the last one; the last wait repeats.
var PlaybanWaits = []time.Duration{5 * time.Minute, 15 * time.Minute, time.Hour, 3 * time.Hour, 24 * time.Hour}

// PlaybanUntil returns when a player whose bad endings ended at endings
// (any order) may start a rated game again, or the zero time when they
// may now.
func PlaybanUntil(endings []time.Time, now time.Time) time.Time {
	var n int
	var last time.Time
	for _, e := range endings {
		if e.After(now.Add(-PlaybanWindow)) && !e.After(now) {
			n++
			if e.After(last) {
				last = e
			}
		}
	}
	if n <= PlaybanFree {
		return time.Time{}
	}
	until := last.Add(PlaybanWaits[min(n-PlaybanFree-1, len(PlaybanWaits)-1)])
	if !until.After(now) {
		return time.Time{}
	}
	return until
}
