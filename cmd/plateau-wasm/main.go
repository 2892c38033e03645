//go:build js && wasm

// Command plateau-wasm is the engine built for the browser (GOOS=js
// GOARCH=wasm): the games of the one registry and their searches,
// answering engine-protocol lines (docs/protocol.md) from a Web Worker.
// `go generate ./web` builds it into web/static/engine/.
//
// It defines one JavaScript function, plateauEngine(line), which returns
// a promise of the answer's lines joined by "\n". Commands run one after
// the other, in the order they came.
package main

import (
	"strings"
	"sync"
	"syscall/js"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/engine"
)

// version follows cmd/plateau's: the same source, another target.
const version = "0.1.0"

func main() {
	ses := engine.New(games.Registry(), version)
	var mu sync.Mutex // one command at a time: a Session is not shared
	promise := js.Global().Get("Promise")
	js.Global().Set("plateauEngine", js.FuncOf(func(_ js.Value, args []js.Value) any {
		line := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			line = args[0].String()
		}
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
			executor.Release()
			resolve := p[0]
			// A goroutine, so that the caller gets its promise at once:
			// a callback that blocked would stall the worker's event loop.
			go func() {
				mu.Lock()
				answer, _ := ses.Handle(line)
				mu.Unlock()
				resolve.Invoke(strings.Join(answer, "\n"))
			}()
			return nil
		})
		return promise.New(executor)
	}))
	select {} // serve calls until the worker ends
}
