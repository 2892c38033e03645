package browsertest

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// say types a chat line and sends it with the button, as a person would.
func (p *page) say(text string) {
	p.t.Helper()
	p.run("chat "+text, chromedp.SendKeys(chromedp.CSS("#chat-input"), text), clickSel(".chat-form button[type=submit]"))
}

// chatHas is the JavaScript that tells whether a chat list of the page
// (players or spectators) shows a line with text.
func chatHas(channel, text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('#chat-%s .chat-text')].some((e) => e.textContent === %q)`, channel, text)
}

// TestChat: two players of an invite game and a spectator, each in a
// browser of their own. A player's line reaches the other player and
// never the spectator; the spectator's line reaches no player while the
// game lasts, and the players may read it once the game is over. Lines
// are shown as text, markup included. Desktop and phone.
func TestChat(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			a, b, id, _ := withFriend(t, browser, srv.URL, g, &vp)
			c := newPage(t, browser, srv.URL, true)
			c.run("viewport", vp.emulate())
			c.open("/#/game/" + id)
			c.waitJS("spectator's chat", `!!document.querySelector('#chat-input') && !document.querySelector('#chat-spectators').closest('section').hidden`)
			if hidden := evalJS[bool](c, `document.querySelector('#chat-players').closest('section').hidden`); !hidden {
				t.Errorf("the spectator is shown the players' chat")
			}

			a.say("good <b>luck</b>")
			b.waitJS("the line reaches the other player", chatHas("players", "good <b>luck</b>"))
			if n := count(b, "#chat-players .chat-text b"); n != 0 {
				t.Errorf("markup in a line became %d elements, want text", n)
			}
			c.say("who wins?")
			c.waitJS("the spectator's line shown to spectators", chatHas("spectators", "who wins?"))
			b.say("thanks")
			a.waitJS("the other player's line", chatHas("players", "thanks"))
			// The spectator's line was sent before "thanks": a player who
			// has "thanks" would have it by now, had it been sent.
			for name, p := range map[string]*page{"player 0": a, "player 1": b} {
				if got := evalJS[bool](p, `document.querySelector('#chat').textContent.includes('who wins?')`); got {
					t.Errorf("%s sees the spectators' chat during the game", name)
				}
			}
			if got := evalJS[bool](c, `document.querySelector('#chat').textContent.includes('good') || document.querySelector('#chat').textContent.includes('thanks')`); got {
				t.Errorf("the spectator sees the players' chat")
			}

			a.run("resign", clickSel("#resign"))
			a.run("confirm", clickSel("#resign"))
			b.waitJS("after the game the players read the spectators' chat", chatHas("spectators", "who wins?"))
			if got := evalJS[bool](c, `document.querySelector('#chat').textContent.includes('thanks')`); got {
				t.Errorf("the spectator sees the players' chat after the game")
			}
			for _, p := range []*page{a, b, c} {
				p.noErrors()
			}
		})
	}
}
