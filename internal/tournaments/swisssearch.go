package tournaments

import "slices"

// search pairs everyone but bye, depth first: the highest-ranked
// unpaired player takes the cheapest allowed partner, backtracking when
// the rest cannot be paired, within the level's step budget.
func (s *swiss) search(bye int) ([][2]int, bool) {
	rest := make([]int, 0, len(s.ps))
	for i := range s.ps {
		if i != bye {
			rest = append(rest, i)
		}
	}
	var pairs [][2]int
	ok := s.dfs(rest, &pairs)
	return pairs, ok
}

func (s *swiss) dfs(rest []int, pairs *[][2]int) bool {
	if len(rest) == 0 {
		return true
	}
	s.steps++
	if s.steps > swissBudget {
		return false
	}
	a := rest[0]
	cands := make([]int, 0, len(rest)-1)
	for _, b := range rest[1:] {
		if s.allowed(a, b) {
			cands = append(cands, b)
		}
	}
	slices.SortStableFunc(cands, func(x, y int) int {
		cx, cy := s.cost(a, x), s.cost(a, y)
		switch {
		case cx < cy:
			return -1
		case cx > cy:
			return 1
		}
		return 0
	})
	for _, b := range cands {
		next := make([]int, 0, len(rest)-2)
		for _, x := range rest[1:] {
			if x != b {
				next = append(next, x)
			}
		}
		*pairs = append(*pairs, [2]int{a, b})
		if s.dfs(next, pairs) {
			return true
		}
		*pairs = (*pairs)[:len(*pairs)-1]
		if s.steps > swissBudget {
			return false
		}
	}
	return false
}

// improve exchanges partners between nearby pairs while that lowers the
// total cost and keeps every pair allowed: the search is greedy from the
// top, and a swap lower down often pays.
func (s *swiss) improve(pairs [][2]int) [][2]int {
	const window, passes = 4, 3
	for range passes {
		better := false
		for i := range pairs {
			for j := i + 1; j < len(pairs) && j <= i+window; j++ {
				if s.exchange(&pairs[i], &pairs[j]) {
					better = true
				}
			}
		}
		if !better {
			break
		}
	}
	return pairs
}

func (s *swiss) exchange(p, q *[2]int) bool {
	a, b, c, d := p[0], p[1], q[0], q[1]
	now := s.cost(a, b) + s.cost(c, d)
	for _, alt := range [][4]int{{a, c, b, d}, {a, d, b, c}} {
		if !s.allowed(alt[0], alt[1]) || !s.allowed(alt[2], alt[3]) {
			continue
		}
		if s.cost(alt[0], alt[1])+s.cost(alt[2], alt[3]) < now-1e-9 {
			*p, *q = [2]int{alt[0], alt[1]}, [2]int{alt[2], alt[3]}
			return true
		}
	}
	return false
}

// matches turns index pairs into matches, deciding who starts: in a
// single game the player who started less, else the one who played
// second last time, else the higher-ranked; a colour-swapped pair
// starts with the higher-ranked.
func (s *swiss) matches(pairs [][2]int, bye int) []Match {
	out := make([]Match, 0, len(pairs)+1)
	for _, pr := range pairs {
		a, b := min(pr[0], pr[1]), max(pr[0], pr[1])
		pa, pb := s.ps[a], s.ps[b]
		if s.games == 1 && (pb.Colour < pa.Colour || (pb.Colour == pa.Colour && pa.LastFirst && !pb.LastFirst)) {
			a, b = b, a
		}
		out = append(out, Match{First: s.ps[a].ID, Second: s.ps[b].ID, Games: s.games})
	}
	if bye >= 0 {
		out = append(out, Match{First: s.ps[bye].ID, Games: s.games})
	}
	return out
}
