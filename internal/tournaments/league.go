package tournaments

import "fmt"

// NextSeason builds a league's next divisions from this season's, top
// division first, each in final ranking order: the best move players of
// each division go up one, the last move go down one. Withdrawn players
// leave; newcomers (strongest first) join the bottom division, which
// splits evenly in two or more when it holds more than size players; a
// division left with fewer than two joins the one above.
func NextSeason(divs [][]string, withdrawn map[string]bool, newcomers []string, move, size int) ([][]string, error) {
	if size < 2 || size > MaxDivision {
		return nil, fmt.Errorf("%w: a division holds 2 to %d players, got %d", ErrBadSettings, MaxDivision, size)
	}
	if move < 0 || 2*move > size {
		return nil, fmt.Errorf("%w: %d players cannot move from divisions of %d", ErrBadSettings, move, size)
	}
	var out [][]string
	total := 0
	for d := range divs {
		next := seasonDivision(divs, d, move)
		if d == len(divs)-1 {
			next = append(next, newcomers...)
		}
		var kept []string
		for _, id := range next {
			if !withdrawn[id] {
				kept = append(kept, id)
			}
		}
		total += len(kept)
		if len(kept) < 2 && len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], kept...)
			continue
		}
		out = append(out, splitEven(kept, size)...)
	}
	if total < 2 {
		return nil, fmt.Errorf("%w: a league needs 2 players, got %d", ErrTooFewPlayers, total)
	}
	return out, nil
}

// splitEven cuts ids into the fewest parts of at most size, as even as
// possible, the first parts taking the extra player.
func splitEven(ids []string, size int) [][]string {
	if len(ids) == 0 {
		return nil
	}
	k := (len(ids) + size - 1) / size
	out := make([][]string, 0, k)
	base, extra := len(ids)/k, len(ids)%k
	for i, at := 0, 0; i < k; i++ {
		n := base + min(1, max(0, extra-i))
		out = append(out, ids[at:at+n])
		at += n
	}
	return out
}

// seasonDivision is division d of next season before re-cutting: the
// players relegated from above, those who stay, those promoted from
// below.
func seasonDivision(divs [][]string, d, move int) []string {
	var out []string
	if d > 0 {
		above := divs[d-1]
		out = append(out, above[max(0, len(above)-move):]...)
	}
	lo, hi := 0, len(divs[d])
	if d > 0 {
		lo = min(move, hi)
	}
	if d < len(divs)-1 {
		hi = max(lo, hi-move)
	}
	out = append(out, divs[d][lo:hi]...)
	if d < len(divs)-1 {
		out = append(out, divs[d+1][:min(move, len(divs[d+1]))]...)
	}
	return out
}
