package ratings

import (
	"maps"

	"github.com/plateau-games/plateau/game"
)

// Group returns the rating pool of a game id: its name and the values of
// its options marked game.Option.RatedApart, defaults left out, in the
// canonical form of a game id ("oxford", "oxford:variant=beginner").
// Every other option (Abraxas's board and push rule) shares its game's
// pool. id must have been checked by the game's registry.
func Group(g game.Game, id game.ID) string {
	out := game.ID{Name: id.Name, Options: game.Options{}}
	for _, o := range g.Options {
		if v := id.Options.Get(o.Name, o.Default); o.RatedApart && v != o.Default {
			out.Options[o.Name] = v
		}
	}
	return out.String()
}

// Pool is one rating pool of a game, for leaderboards.
type Pool struct {
	Group string    // as Group returns it
	Label game.Text // the values that set it apart ("Beginner (no bases)"); empty for the game's default pool
}

// Pools returns the rating pools of a game, its default pool first, then
// one for each combination of the values of its RatedApart options.
func Pools(g game.Game) []Pool {
	type partial struct {
		opts  game.Options
		label game.Text
	}
	sets := []partial{{opts: game.Options{}}}
	for _, o := range g.Options {
		if !o.RatedApart {
			continue
		}
		var next []partial
		for _, set := range sets {
			for _, v := range o.Values {
				n := partial{opts: maps.Clone(set.opts), label: set.label}
				if v != o.Default {
					n.opts[o.Name] = v
					n.label = join(set.label, o.Labels[v])
				}
				next = append(next, n)
			}
		}
		sets = next
	}
	pools := make([]Pool, len(sets))
	for i, s := range sets {
		pools[i] = Pool{Group: game.ID{Name: g.Name, Options: s.opts}.String(), Label: s.label}
	}
	return pools
}

// join appends b to a, language by language, with a comma.
func join(a, b game.Text) game.Text {
	if len(a) == 0 {
		return maps.Clone(b)
	}
	out := game.Text{}
	for lang, s := range a {
		out[lang] = s + ", " + b.In(lang)
	}
	return out
}
