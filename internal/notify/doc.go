// Package notify tells players out of the page that a game waits for
// them: Web Push to their browsers, an e-mail digest, and a webhook
// (Discord-compatible), each switched on or off by the player.
//
// The server calls Notifier.Turn when a human player is to act and is
// not watching the game. Turn sends nothing: it writes one note per
// channel the player switched on to an outbox in the database, named
// by the event (kind, channel, player, game, game version), so that
// the same event enqueued by two servers is one note, even after it was
// sent: a sent note is kept as done for store.NoteKept. A player about
// to time out is told through Notifier.LowTimeNotes, whose notes the
// clock writes in the transaction that claims the warning, so that only
// the claim's winner writes them. Run, on every server, claims due
// notes with a lease and sends them; a note is sent by one server, and
// again only if that server died between sending and marking it done
// (at-least-once, with the window of one send).
//
// Every URL the server sends to (push endpoints, webhooks) is refused
// unless it is https and its host resolves only to public addresses;
// the check runs when the player gives the URL and again at each
// connection (a dialer Control hook sees the address actually dialled),
// so a name that later resolves to an internal address (DNS rebinding)
// reaches nothing. Config.AllowLocalForTests lifts the address rule for
// tests that run their endpoints on 127.0.0.1.
//
// The VAPID key pair of Web Push (RFC 8292) is made on first start and
// kept in the database, so that every server signs with the key the
// browsers subscribed with. Payloads are encrypted per RFC 8291 by
// github.com/SherClockHolmes/webpush-go.
package notify
