package moderation_test

import (
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

// TestPlaybanUntil: two bad endings a day are free; each further one
// waits longer, from the last; old ones and the wait's end free again.
func TestPlaybanUntil(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	ago := func(ds ...time.Duration) []time.Time {
		var out []time.Time
		for _, d := range ds {
			out = append(out, now.Add(-d))
		}
		return out
	}
	m := time.Minute
	for _, tc := range []struct {
		name    string
		endings []time.Time
		want    time.Time
	}{
		{"none", nil, time.Time{}},
		{"two are free", ago(10*m, 5*m), time.Time{}},
		{"the third waits 5 minutes", ago(10*m, 5*m, m), now.Add(4 * m)},
		{"the fourth 15", ago(10*m, 5*m, 2*m, m), now.Add(14 * m)},
		{"the fifth an hour", ago(10*m, 5*m, 3*m, 2*m, m), now.Add(59 * m)},
		{"the tenth a day", ago(10*m, 9*m, 8*m, 7*m, 6*m, 5*m, 4*m, 3*m, 2*m, m), now.Add(24*time.Hour - m)},
		{"the wait is over", ago(30*m, 20*m, 10*m), time.Time{}},
		{"older than a day count not", ago(25*time.Hour, 24*time.Hour+m, 5*m, m), time.Time{}},
	} {
		if got := moderation.PlaybanUntil(tc.endings, now); !got.Equal(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
