package lab

import "github.com/plateau-games/plateau/game"

// Buckets is the number of parts of a game the branching factor is
// averaged over: deciles of each game's length.
const Buckets = 10

// Observed is what the lab keeps of one finished game.
type Observed struct {
	Result game.Result // FirstWins, SecondWins or Draw (a capped game is a draw)
	Capped bool        // stopped at the ply limit rather than by the rules
	// Branching holds the number of legal moves before each ply.
	Branching []int
	// Ahead is the player the judge found ahead at mid-game; Judged is
	// false when it found the position level (or did not judge).
	Ahead  game.Player
	Judged bool
	// FirstMove is the game's first move in notation (in Abraxas, the
	// corner chosen).
	FirstMove string
	// FirstScorer is the first player whose score (State.Scores) rose;
	// Scored is false when no score ever changed.
	FirstScorer game.Player
	Scored      bool
	ScorePly    int // the ply (from 0) whose move first raised a score
	// Key identifies the game's moves: games with equal keys are the
	// same game (deterministic agents from the same opening).
	Key uint64
}

// Plies is the game's length.
func (o Observed) Plies() int { return len(o.Branching) }

// Branch is the mean number of legal moves over the plies of one
// bucket of the games, and how many plies it averages.
type Branch struct {
	Mean  float64 `json:"mean"`
	Plies int     `json:"plies"`
}

// Stats are the lab's measures over a set of games, each with its 95%
// interval where it is a rate or a mean.
type Stats struct {
	Games      int  `json:"games"`
	Distinct   int  `json:"distinct"`    // games that differ in at least one move
	Capped     int  `json:"capped"`      // games stopped at the ply limit, counted as draws
	FirstWins  Rate `json:"first_wins"`  // the first player's win rate
	SecondWins Rate `json:"second_wins"` // the second player's
	Draws      Rate `json:"draws"`
	Length     Mean `json:"length"` // plies per game
	// Branching is the mean number of legal moves per ply in each tenth
	// of the games: ply i of a game of n plies falls in bucket 10i/n.
	Branching []Branch `json:"branching"`
	// Decisive is how often the side the judge found ahead at mid-game
	// went on to win, over the games where it found one side ahead (a
	// draw counts as not winning).
	Decisive Rate `json:"decisive"`
	// FirstScorerWins is how often the first player to score won, over
	// the games where someone scored.
	FirstScorerWins Rate `json:"first_scorer_wins"`
	// SecondScoresFirst is how often the second player scored first,
	// and FirstScorePly the ply of the first score (from 0), over the
	// same games.
	SecondScoresFirst Rate `json:"second_scores_first"`
	FirstScorePly     Mean `json:"first_score_ply"`
	// FirstMoves counts the results by the game's first move.
	FirstMoves []Opening `json:"first_moves"`
}

// Opening counts the results of the games that began with one move.
type Opening struct {
	Move      string `json:"move"`
	Games     int    `json:"games"`
	FirstWins int    `json:"first_wins"`
	Draws     int    `json:"draws"`
}

// Summarize computes the statistics of the games.
func Summarize(games []Observed) Stats {
	var t tally
	t.sums = make([]float64, Buckets)
	t.plies = make([]int, Buckets)
	t.keys = map[uint64]bool{}
	for _, g := range games {
		t.add(g)
	}
	st := Stats{Games: len(games), Capped: t.capped, Distinct: len(t.keys), Branching: make([]Branch, Buckets)}
	for k := range st.Branching {
		st.Branching[k].Plies = t.plies[k]
		if t.plies[k] > 0 {
			st.Branching[k].Mean = round5(t.sums[k] / float64(t.plies[k]))
		}
	}
	st.FirstWins = Wilson(t.results[game.FirstWins], len(games))
	st.SecondWins = Wilson(t.results[game.SecondWins], len(games))
	st.Draws = Wilson(t.results[game.Draw], len(games))
	st.Length = MeanOf(t.lengths)
	st.Decisive = Wilson(t.aheadWon, t.ahead)
	st.FirstScorerWins = Wilson(t.scorerWon, len(t.scorePlies))
	st.SecondScoresFirst = Wilson(t.secondScored, len(t.scorePlies))
	st.FirstScorePly = MeanOf(t.scorePlies)
	st.FirstMoves = openings(games)
	return st
}

// tally holds Summarize's running counts.
type tally struct {
	results                   [4]int // by game.Result; a capped game is a Draw
	capped, ahead, aheadWon   int
	scorerWon, secondScored   int
	lengths, scorePlies, sums []float64
	plies                     []int // plies counted in each bucket
	keys                      map[uint64]bool
}

func (t *tally) add(g Observed) {
	t.keys[g.Key] = true
	if g.Result == game.FirstWins || g.Result == game.SecondWins {
		t.results[g.Result]++
	} else {
		t.results[game.Draw]++
	}
	if g.Capped {
		t.capped++
	}
	n := g.Plies()
	t.lengths = append(t.lengths, float64(n))
	for i, b := range g.Branching {
		t.sums[i*Buckets/n] += float64(b)
		t.plies[i*Buckets/n]++
	}
	winner, decisive := g.Result.Winner()
	if g.Scored {
		t.scorePlies = append(t.scorePlies, float64(g.ScorePly))
		if g.FirstScorer == game.Second {
			t.secondScored++
		}
		if decisive && winner == g.FirstScorer {
			t.scorerWon++
		}
	}
	if g.Judged {
		t.ahead++
		if decisive && winner == g.Ahead {
			t.aheadWon++
		}
	}
}

// openings counts the results by first move, in order of first
// appearance.
func openings(games []Observed) []Opening {
	var out []Opening
	at := map[string]int{}
	for _, g := range games {
		i, ok := at[g.FirstMove]
		if !ok {
			i = len(out)
			at[g.FirstMove] = i
			out = append(out, Opening{Move: g.FirstMove})
		}
		out[i].Games++
		switch g.Result {
		case game.FirstWins:
			out[i].FirstWins++
		case game.Draw:
			out[i].Draws++
		}
	}
	return out
}
