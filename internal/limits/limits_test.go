package limits

import (
	"fmt"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestClientKey(t *testing.T) {
	t.Parallel()
	proxy := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	for _, tc := range []struct {
		trusted []netip.Prefix
		remote  string
		xff     string
		want    string
	}{
		{nil, "192.0.2.7:5000", "", "192.0.2.7"},
		{nil, "192.0.2.7:5000", "203.0.113.9", "192.0.2.7"}, // nobody vouches for the header
		{proxy, "10.1.2.3:5000", "203.0.113.9", "203.0.113.9"},
		{proxy, "10.1.2.3:5000", "198.51.100.1, 203.0.113.9, 10.9.9.9", "203.0.113.9"}, // the rightmost hop no proxy of ours added
		{proxy, "10.1.2.3:5000", "garbage", "10.1.2.3"},
		{proxy, "192.0.2.7:5000", "203.0.113.9", "192.0.2.7"},
		{nil, "[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64"},
		{nil, "[::ffff:192.0.2.7]:443", "", "192.0.2.7"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		l := New(Limits{TrustedProxies: tc.trusted})
		if got := l.Client(r); got != tc.want {
			t.Errorf("%s with X-Forwarded-For %q (trusted %v): got %q, want %q", tc.remote, tc.xff, tc.trusted, got, tc.want)
		}
	}
}

// TestBucketsBounded floods the Limiter from many addresses: it keeps
// at most its maximum, and a client it remembers stays limited.
func TestBucketsBounded(t *testing.T) {
	t.Parallel()
	b := newBuckets(Rate{N: 1, Per: time.Hour}, 100)
	now := time.Now()
	if _, ok := b.take("victim", now); !ok {
		t.Fatal("first request refused")
	}
	for i := range 10000 {
		b.take(fmt.Sprint("flood", i), now)
		if len(b.clients) > 100 {
			t.Fatalf("got %d clients remembered, want at most 100", len(b.clients))
		}
	}
	later := now.Add(2 * time.Hour) // every old bucket is full again
	n := len(b.clients)
	for i := range 100 - n + 1 { // the last one makes room
		b.take(fmt.Sprint("newcomer", i), later)
	}
	if len(b.clients) != 100-n+1 {
		t.Errorf("got %d clients, want the %d newcomers only: full buckets go first", len(b.clients), 100-n+1)
	}
	if _, ok := b.take("newcomer0", later); ok {
		t.Errorf("a newcomer's second request: got allowed, want limited")
	}
}

func TestParseRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Rate
		err  bool
	}{
		{"30/min", Rate{30, time.Minute}, false},
		{"5/s", Rate{5, time.Second}, false},
		{"100/h", Rate{100, time.Hour}, false},
		{"off", Rate{}, false},
		{"0/s", Rate{}, true},
		{"5/day", Rate{}, true},
		{"five/s", Rate{}, true},
		{"5", Rate{}, true},
	} {
		got, err := ParseRate(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("%q: got %v, %v, want %v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
		if err == nil && got.String() != tc.in {
			t.Errorf("%q: got String %q", tc.in, got.String())
		}
	}
}
