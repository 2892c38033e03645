package share

import (
	"context"
	"errors"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/records"
	"github.com/plateau-games/plateau/internal/store"
)

// Imported is a game a readable record holds, checked against the
// rules, for the analysis board.
type Imported struct {
	Game     string            `json:"game"`     // game id, options included
	Start    string            `json:"start"`    // the position it started from
	Moves    []string          `json:"moves"`    // every move, canonical
	Position string            `json:"position"` // after the moves
	Result   string            `json:"result"`   // 1-0, 0-1, 1/2-1/2 or *
	Tags     map[string]string `json:"tags"`
}

// Record is stored game id as a readable record, with the tags people
// read (SetTags). It returns the game's id as stored, which names the file.
func (s *Service) Record(ctx context.Context, id string) (string, records.Game, error) {
	sg, gm, err := s.load(ctx, id)
	if err != nil {
		return "", records.Game{}, err
	}
	g := records.FromRecord(s.cfg.Registry, s.cfg.Record(sg))
	SetTags(&g, sg, gm, s.cfg.Names(ctx, sg.Seats))
	return sg.ID, g, nil
}

// SetTags fills the tags people read of stored game sg: names (refs
// names its seats' players), date, time control, rated, and the reason
// in words.
func SetTags(g *records.Game, sg store.Game, gm game.Game, refs [2]*api.PlayerRef) {
	names := seatNames(refs, sg, "en")
	g.SetTag("First", names[0])
	g.SetTag("Second", names[1])
	g.SetTag("Date", sg.CreatedAt.UTC().Format("2006.01.02"))
	g.SetTag("TimeControl", sg.Clock.Control)
	g.SetTag("Rated", map[bool]string{true: "yes", false: "no"}[sg.Rated])
	g.SetTag("Site", "Plateau")
	if gm.Reasons != nil {
		if t := gm.Reasons(sg.Reason); t != nil {
			g.SetTag("Reason", t.In("en"))
		}
	}
}

// Import reads a pasted or uploaded readable record, of game want (the
// game the analysis board shows; any when "").
func (s *Service) Import(text, want string) (Imported, error) {
	g, err := records.Parse(text)
	if err != nil {
		return Imported{}, recordRefusal(err)
	}
	if want != "" {
		if name, _, _ := strings.Cut(g.Tag("Game"), ":"); name != want {
			return Imported{}, refuse(ErrBadRequest, "line 1: this record is a game of %s, not of %s", clip(g.Tag("Game")), clip(want))
		}
	}
	end, err := g.Replay(s.cfg.Registry)
	if err != nil {
		return Imported{}, recordRefusal(err)
	}
	out := Imported{Game: g.Tag("Game"), Moves: []string{}, Position: end.String(), Result: g.Tag("Result"), Tags: map[string]string{}}
	for _, t := range g.Tags {
		out.Tags[t.Name] = t.Value
	}
	for _, m := range g.Moves {
		out.Moves = append(out.Moves, m.Text)
	}
	rec, err := g.Record(s.cfg.Registry)
	if err != nil {
		return Imported{}, recordRefusal(err)
	}
	out.Start = rec.Start
	return out, nil
}

// recordRefusal refuses a record the client sent, telling its error
// without the package prefix: the client is told a sentence.
func recordRefusal(err error) error {
	msg := err.Error()
	if e, ok := errors.AsType[*records.Error](err); ok {
		msg = strings.TrimPrefix(e.Error(), "records: ")
	}
	return &Refusal{Why: ErrBadRequest, Sentence: msg}
}
