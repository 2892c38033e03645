package pictures

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// play plays n moves of a fixed, varied line from s (fewer if the game
// ends) and returns the moves played as text.
func play(s game.State, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		ms := s.Moves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[(i*7+3)%len(ms)]
		out = append(out, s.FormatMove(m))
		s.Play(m)
	}
	return out
}

func renderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGolden draws every game's start, a middle position and an end
// position small, and compares them with testdata/<game>-<when>.png
// within a tolerance that font and rasterizer rounding stay under.
func TestGolden(t *testing.T) {
	r := renderer(t)
	for _, g := range games.Registry().Games() {
		for _, when := range []struct {
			name  string
			plies int
		}{{"start", 0}, {"middle", 12}, {"end", 600}} {
			t.Run(g.Name+"/"+when.name, func(t *testing.T) {
				s, err := g.Start(game.Options{})
				if err != nil {
					t.Fatal(err)
				}
				play(s, when.plies)
				if when.name == "end" && s.Result() == game.Ongoing {
					t.Fatalf("got an ongoing game after %d plies, want an end", when.plies)
				}
				img, err := r.Image(Scene{State: s, Last: 1, Caption: Caption{Title: g.Title, Names: [2]string{"Ada", "Bo"}, Result: s.Result().String()}}, 144, 96)
				if err != nil {
					t.Fatal(err)
				}
				compareGolden(t, filepath.Join("testdata", g.Name+"-"+when.name+".png"), img)
			})
		}
	}
}

func compareGolden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	if *update {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := img.Bounds(), want.Bounds(); got != w {
		t.Fatalf("got bounds %v, want %v", got, w)
	}
	if mean, far := difference(img, want); mean > 1.5 || far > 0.01 {
		t.Errorf("got a mean channel difference of %.2f and %.2f%% of pixels far off, want at most 1.5 and 1%% (run with -update and look at %s)", mean, far*100, path)
	}
}

// difference returns the mean absolute difference per channel (0-255)
// and the share of pixels off by more than 48 in some channel.
func difference(a *image.RGBA, b image.Image) (mean, far float64) {
	var sum, off, n float64
	bd := a.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := [3]float64{abs(r1, r2), abs(g1, g2), abs(b1, b2)}
			sum += d[0] + d[1] + d[2]
			if slices.Max(d[:]) > 48 {
				off++
			}
			n++
		}
	}
	return sum / (3 * n), off / n
}

func abs(a, b uint32) float64 {
	if a > b {
		return float64(a-b) / 257
	}
	return float64(b-a) / 257
}

// TestGoldenDetectsChange checks that the comparison fails on a board
// that differs: a test that could not fail would prove nothing.
func TestGoldenDetectsChange(t *testing.T) {
	r := renderer(t)
	g := games.Registry().Games()[0]
	a, _ := g.Start(game.Options{})
	b, _ := g.Start(game.Options{})
	play(b, 12)
	ia, err := r.Image(Scene{State: a}, 144, 96)
	if err != nil {
		t.Fatal(err)
	}
	ib, err := r.Image(Scene{State: b}, 144, 96)
	if err != nil {
		t.Fatal(err)
	}
	if mean, far := difference(ia, ib); mean <= 1.5 && far <= 0.01 {
		t.Errorf("got difference %.2f, %.2f%% between the start and 12 plies later, want beyond the tolerance", mean, far*100)
	}
}

// TestGIFFrames checks that a game's GIF has one frame per ply plus the
// start, the last held longer.
func TestGIFFrames(t *testing.T) {
	r := renderer(t)
	for _, g := range games.Registry().Games() {
		s, _ := g.Start(game.Options{})
		moves := play(s.Clone(), 9)
		var b bytes.Buffer
		if err := r.GIF(&b, s, moves, Caption{Title: g.Title}, 96, 64); err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		anim, err := gif.DecodeAll(&b)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if got, want := len(anim.Image), len(moves)+1; got != want {
			t.Errorf("%s: got %d frames, want %d", g.Name, got, want)
		}
		if got := anim.Delay[len(anim.Delay)-1]; got != LastDelay {
			t.Errorf("%s: got a last delay of %d, want %d", g.Name, got, LastDelay)
		}
		if s.String() != mustStart(t, g).String() {
			t.Errorf("%s: GIF changed its start state", g.Name)
		}
	}
}

func mustStart(t *testing.T, g game.Game) game.State {
	s, err := g.Start(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGIFBadMove checks that an illegal move is an error naming it.
func TestGIFBadMove(t *testing.T) {
	r := renderer(t)
	s := mustStart(t, games.Registry().Games()[0])
	err := r.GIF(&bytes.Buffer{}, s, []string{"zz99"}, Caption{}, 64, 64)
	if err == nil {
		t.Fatal("got no error for a bad move, want one")
	}
}

// TestMarked checks that the last move's squares are those marked.
func TestMarked(t *testing.T) {
	g, _, err := games.Registry().Lookup("oshi")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.Start(game.Options{})
	if _, err := game.PlayChecked(s, "e3e4"); err != nil {
		t.Fatal(err)
	}
	got := marked(s, s.(game.Painter).Paint(), 1)
	slices.Sort(got)
	if want := []string{"e3", "e4"}; !slices.Equal(got, want) {
		t.Errorf("got marks %v, want %v", got, want)
	}
	parsed, _ := g.Parse(game.Options{}, s.String())
	if got := marked(parsed, parsed.(game.Painter).Paint(), 1); got != nil {
		t.Errorf("got marks %v on a state without history, want none", got)
	}
}

// TestBadInput checks the errors of sizes out of range and of a game
// that cannot be drawn.
func TestBadInput(t *testing.T) {
	r := renderer(t)
	s := mustStart(t, games.Registry().Games()[0])
	for _, sz := range [][2]int{{0, 100}, {100, MaxSize + 1}, {-5, -5}} {
		if _, err := r.Image(Scene{State: s}, sz[0], sz[1]); !errors.Is(err, ErrSize) {
			t.Errorf("size %v: got %v, want ErrSize", sz, err)
		}
	}
	ttt, err := tictactoe.Game().Start(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A state that does not describe its board as shapes has no picture.
	if _, err := r.Image(Scene{State: noPicture{ttt}}, 100, 100); !errors.Is(err, ErrNoPicture) {
		t.Errorf("a state without game.Painter: got %v, want ErrNoPicture", err)
	}
}

// TestCache checks that the cache keeps what fits and drops the oldest.
func TestCache(t *testing.T) {
	c := NewCache(10)
	c.Put("a", []byte("12345"))
	c.Put("b", []byte("12345"))
	c.Put("c", []byte("123"))
	if _, ok := c.Get("a"); ok {
		t.Error("got a kept past the limit, want it dropped")
	}
	for _, k := range []string{"b", "c"} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("got %s dropped, want it kept", k)
		}
	}
	c.Put("big", make([]byte, 11))
	if _, ok := c.Get("big"); ok {
		t.Error("got an entry bigger than the cache kept")
	}
	if a, b := ETag("x"), ETag("x"); a != b || a == ETag("y") {
		t.Error("got ETags that do not follow the content")
	}
}

func BenchmarkPNG(b *testing.B) {
	r := renderer(b)
	for _, g := range games.Registry().Games() {
		s := mustStartB(b, g)
		play(s, 20)
		b.Run(g.Name, func(b *testing.B) {
			sc := Scene{State: s, Last: 1, Caption: Caption{Title: g.Title, Names: [2]string{"Ada", "level 5"}, Result: "1-0"}}
			start := cpuTime()
			for b.Loop() {
				if err := r.PNG(&bytes.Buffer{}, sc, 1200, 630); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

func BenchmarkImage(b *testing.B) {
	r := renderer(b)
	for _, g := range games.Registry().Games() {
		s := mustStartB(b, g)
		play(s, 20)
		b.Run(g.Name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if _, err := r.Image(Scene{State: s, Last: 1, Caption: Caption{Title: g.Title}}, 1200, 630); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time this process has used, so that a benchmark on
// a loaded machine still tells what one image costs.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func mustStartB(b *testing.B, g game.Game) game.State {
	s, err := g.Start(game.Options{})
	if err != nil {
		b.Fatal(fmt.Errorf("%s: %w", g.Name, err))
	}
	return s
}

func BenchmarkGIF(b *testing.B) {
	r := renderer(b)
	for _, g := range games.Registry().Games() {
		s := mustStartB(b, g)
		moves := play(s.Clone(), 40)
		b.Run(g.Name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if err := r.GIF(&bytes.Buffer{}, s, moves, Caption{Title: g.Title}, 480, 360); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// noPicture is a state without game.Painter: its methods are
// game.State's only.
type noPicture struct{ game.State }
