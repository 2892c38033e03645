package store

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// notifyMax bounds one NOTIFY payload (PostgreSQL's limit is 8000 bytes).
const notifyMax = 7000

// notifier announces committed changes to the other processes in
// batches: each NOTIFY takes a database-wide lock at commit, so one per
// move would serialise every move of every process. A change is
// announced a few milliseconds after its commit; a process that misses
// one (notifier failure) is stale until the game's next change, which
// its own writes would detect anyway (compare-and-set on versions).
type notifier struct {
	db    *sql.DB
	log   *slog.Logger
	items chan string
	done  chan struct{}

	mu     sync.Mutex // guards closed and the sends on items
	closed bool
}

func newNotifier(db *sql.DB, log *slog.Logger) *notifier {
	n := &notifier{db: db, log: log, items: make(chan string, 4096), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues "id:version"; it blocks only when thousands are queued.
func (n *notifier) add(item string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.closed {
		n.items <- item
	}
}

func (n *notifier) run() {
	defer close(n.done)
	for first := range n.items {
		batch := []string{first}
		size := len(first)
		linger := time.After(2 * time.Millisecond)
	fill:
		for size < notifyMax {
			select {
			case it, ok := <-n.items:
				if !ok {
					break fill
				}
				batch = append(batch, it)
				size += len(it) + 1
			case <-linger:
				break fill
			}
		}
		n.send(batch)
	}
}

func (n *notifier) send(batch []string) {
	for len(batch) > 0 {
		k, size := 0, 0
		for k < len(batch) && size+len(batch[k]) < notifyMax {
			size += len(batch[k]) + 1
			k++
		}
		k = max(k, 1)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := n.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, strings.Join(batch[:k], ","))
		cancel()
		if err != nil {
			n.log.Warn("notify failed: other processes will not see these changes at once", "games", k, "err", err)
		}
		batch = batch[k:]
	}
}

// close announces what is queued and stops.
func (n *notifier) close() {
	n.mu.Lock()
	if !n.closed {
		n.closed = true
		close(n.items)
	}
	n.mu.Unlock()
	<-n.done
}
