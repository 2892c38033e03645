package server_test

import (
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
)

// TestQuickPlaysPairEachOther: six players pressing "Play now" at the
// same moment all end in games, two by two (audit D10: 7 of 30 such
// trials paired nobody, the quick seeks waiting side by side).
func TestQuickPlaysPairEachOther(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	for trial := range 8 {
		var players []*visitor
		for range 6 {
			players = append(players, newPerson(t).join(e))
		}
		var wg sync.WaitGroup
		for _, p := range players {
			wg.Go(func() {
				var q api.QuickPlay
				if st := p.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &q); st != 200 {
					t.Errorf("trial %d: play now: got %d", trial, st)
				}
			})
		}
		wg.Wait()
		games := map[string]int{}
		for i, p := range players {
			var mine api.MyGames
			p.call(e, "GET", "/api/me/games?status=ongoing", nil, &mine)
			if len(mine.Games) != 1 {
				t.Errorf("trial %d: player %d is in %d games, want 1", trial, i, len(mine.Games))
				continue
			}
			games[mine.Games[0].ID]++
		}
		for id, n := range games {
			if n != 2 {
				t.Errorf("trial %d: game %s has %d of the players, want 2", trial, id, n)
			}
		}
	}
}
