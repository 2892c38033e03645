package tournaments

import (
	"bytes"
	"github.com/plateau-games/plateau/game"
	"strings"

	"github.com/plateau-games/plateau/internal/lab"
)

// Edge is what the lab says of one game and its options: whether one
// side wins more often between strong players, measured on the
// strongest level it played.
type Edge struct {
	ID        string  // the run's id, "abraxas:board=2"
	Level     int     // the level of the run used
	FirstRate float64 // the first player's share of the decisive games
	Lo, Hi    float64 // its 95% interval
	Edge      bool    // the interval excludes one half: a pair is fairer
}

// EdgeOf reads the edge of id ("game" or "game:options") from the lab's
// file: the self-play run of that id at the highest level, else the
// game's run without options. The edge holds when the 95% interval of
// the first player's share of decisive games excludes one half, in
// either direction (a second-player edge is as unfair to one game).
func EdgeOf(f lab.File, id string) (Edge, bool) {
	best, ok := strongest(f, id)
	if !ok {
		base, _, _ := strings.Cut(id, ":")
		if best, ok = strongest(f, base); !ok {
			return Edge{}, false
		}
	}
	k, n := best.FirstWins.Count, best.FirstWins.Count+best.SecondWins.Count
	r := lab.Wilson(k, n)
	return Edge{ID: best.ID, Level: best.Level, FirstRate: r.Rate, Lo: r.Lo, Hi: r.Hi, Edge: n > 0 && (r.Lo > 0.5 || r.Hi < 0.5)}, true
}

func strongest(f lab.File, id string) (lab.Report, bool) {
	var best lab.Report
	found := false
	for _, r := range f.Runs {
		if r.ID == id && r.Source == lab.SelfPlay && (!found || r.Level > best.Level) {
			best, found = r, true
		}
	}
	return best, found
}

// LabEdge reads the edge of id from the lab's published data for its
// game (game.Game.Data in reg); false when the lab has no data for it,
// or reg is nil.
func LabEdge(reg *game.Registry, id string) (Edge, bool) {
	if reg == nil {
		return Edge{}, false
	}
	g, _, err := reg.Lookup(id)
	if err != nil {
		return Edge{}, false
	}
	b, ok := lab.Data(g)
	if !ok {
		return Edge{}, false
	}
	f, err := lab.ReadFile(bytes.NewReader(b))
	if err != nil {
		return Edge{}, false
	}
	return EdgeOf(f, id)
}

// GamesPerPairing is how many games a pairing plays: the organiser's
// choice when it is 1 or 2, else 2 (a colour-swapped pair) where the lab
// shows an edge for id and 1 elsewhere.
func GamesPerPairing(reg *game.Registry, id string, organiser int) int {
	if organiser == 1 || organiser == 2 {
		return organiser
	}
	if e, ok := LabEdge(reg, id); ok && e.Edge {
		return 2
	}
	return 1
}
