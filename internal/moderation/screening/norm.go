package screening

import (
	"math"
	"sort"
)

// Point is honest play at one rating: the mean match rate and loss per
// move measured there.
type Point struct {
	Rating float64
	Match  float64
	Loss   float64
}

// Norm is honest play across ratings, fitted on AI-level games (an AI
// at level N plays like a person of level N's rating): At interpolates
// between its points.
type Norm []Point

// At returns honest play at rating r: the nearest points' linear
// interpolation, the end points beyond them.
func (n Norm) At(r float64) Point {
	pts := append(Norm(nil), n...)
	sort.Slice(pts, func(i, j int) bool { return pts[i].Rating < pts[j].Rating })
	if len(pts) == 0 {
		return Point{Rating: r}
	}
	if r <= pts[0].Rating {
		return pts[0]
	}
	for i := 1; i < len(pts); i++ {
		if r <= pts[i].Rating {
			a, b := pts[i-1], pts[i]
			f := (r - a.Rating) / (b.Rating - a.Rating)
			return Point{Rating: r, Match: a.Match + f*(b.Match-a.Match), Loss: a.Loss + f*(b.Loss-a.Loss)}
		}
	}
	return pts[len(pts)-1]
}

// The flag's thresholds.
const (
	// MinMoves is the fewest moves a player is judged on.
	MinMoves = 100
	// Z is how many standard errors above its rating's norm a match
	// rate must be to be flagged.
	Z = 3.0
)

// Flag judges a player of rating r by their stats: z is how many
// standard errors their match rate lies above honest play at r
// (binomial over their moves); flagged when z > Z, their loss per move
// is below honest play's, and they made MinMoves moves or more.
func (n Norm) Flag(s Stats, r float64) (z float64, flagged bool) {
	if s.Moves == 0 {
		return 0, false
	}
	p := n.At(r)
	m := math.Min(math.Max(p.Match, 0.01), 0.99)
	z = (s.MatchRate() - m) / math.Sqrt(m*(1-m)/float64(s.Moves))
	return z, s.Moves >= MinMoves && z > Z && s.MeanLoss() < p.Loss
}
