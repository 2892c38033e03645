package browsertest

import (
	"strings"
	"testing"
	"time"
)

// TestSeekFormKindFollowsTime: the seek form's Kind follows its Time, so
// that the two never contradict each other: days a move is
// correspondence, minutes real time, the other kind disabled; only an
// untimed seek leaves the choice, and ticking Rated there picks a clock
// of the kind chosen. A contradictory seek forced past the form is
// refused by the server in a sentence (issue 30, point 12).
func TestSeekFormKindFollowsTime(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, time.Minute)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.openLobby(desktop)
	choose := func(id, value string) {
		p.t.Helper()
		p.eval0(`{ const s = document.querySelector('#` + id + `'); s.value = '` + value + `'; s.dispatchEvent(new Event('change')); }`)
	}
	state := `[document.querySelector('#seek-time').value, document.querySelector('#seek-kind').value,
		[...document.querySelector('#seek-kind').options].filter((o) => o.disabled).map((o) => o.value).join('+') || '-',
		document.querySelector('#seek-rated').checked].join(' ')`
	for _, tc := range []struct {
		step func()
		want string
	}{
		{func() {}, "untimed realtime - false"},
		{func() { choose("seek-time", "3d/14") }, "3d/14 correspondence realtime false"},
		{func() { choose("seek-time", "5+3") }, "5+3 realtime correspondence false"},
		{func() { choose("seek-time", "untimed"); choose("seek-kind", "correspondence") }, "untimed correspondence - false"},
		{func() { p.run("rated", clickSel("#seek-rated")) }, "3d/14 correspondence realtime true"},
		{func() { choose("seek-time", "untimed") }, "untimed correspondence - false"},
	} {
		tc.step()
		if got := evalJS[string](p, state); got != tc.want {
			t.Errorf("got time, kind, disabled kinds, rated %q, want %q", got, tc.want)
		}
	}
	// Forced past the form (as an old page or a program might): refused.
	choose("seek-time", "3d/14")
	p.eval0(`{ const k = document.querySelector('#seek-kind'); for (const o of k.options) o.disabled = false; k.value = 'realtime'; }`)
	p.run("post", clickSel("#post-seek"))
	p.waitJS("refusal", `document.querySelector('#lobby-note').textContent !== ''`)
	if got := evalJS[string](p, `document.querySelector('#lobby-note').textContent`); !strings.Contains(got, "days a move") {
		t.Errorf("got %q, want the sentence on kinds and clocks", got)
	}
	if n := evalJS[int](p, `document.querySelectorAll('table.seeks tr.mine').length`); n != 0 {
		t.Errorf("got %d seeks of mine, want none posted", n)
	}
	p.noErrors()
}
