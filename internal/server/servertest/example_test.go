package servertest_test

import (
	"fmt"
	"net/http"
	"os"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
)

// exampleTB stands for the *testing.T a test has.
type exampleTB struct {
	dir      string
	cleanups []func()
}

func (*exampleTB) Helper()            {}
func (*exampleTB) Fatal(args ...any)  { panic(fmt.Sprint(args...)) }
func (t *exampleTB) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }
func (t *exampleTB) TempDir() string  { return t.dir }

// end runs the cleanups, last first, as the testing package does.
func (t *exampleTB) end() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
	os.RemoveAll(t.dir)
}

// A test starts a tic-tac-toe server and asks it how it is.
func Example() {
	dir, _ := os.MkdirTemp("", "servertest")
	t := &exampleTB{dir: dir}
	defer t.end()

	s := servertest.Start(t, server.Config{})
	resp, err := http.Get(s.URL + "/healthz")
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println(resp.Status)
	// Output: 200 OK
}
