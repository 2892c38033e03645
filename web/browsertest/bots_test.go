package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// botAccount signs up name on the server, makes it a key and a bot; it
// returns the key.
func botAccount(t *testing.T, url, name string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	post := func(client *http.Client, path, body, key string) *http.Response {
		req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", url)
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode >= 300 {
			t.Fatalf("POST %s: got %d", path, resp.StatusCode)
		}
		return resp
	}
	resp, err := c.Get(url + "/api/me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	post(c, "/api/account/signup", fmt.Sprintf(`{"username":%q,"password":"correct horse"}`, name), "").Body.Close()
	var k struct{ Key string }
	resp = post(c, "/api/keys", `{"label":"bot"}`, "")
	json.NewDecoder(resp.Body).Decode(&k) //nolint:errcheck // an empty key fails below
	resp.Body.Close()
	post(http.DefaultClient, "/api/bot/account/upgrade", `{}`, k.Key).Body.Close()
	return k.Key
}

// acceptChallenges accepts, with the bot's key, every challenge its
// event stream brings, until ctx ends.
func acceptChallenges(ctx context.Context, t *testing.T, url, key string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/bot/stream/event", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Logf("the bot's event stream: %v", err)
		return
	}
	defer resp.Body.Close()
	t.Logf("the bot's event stream: %s", resp.Status)
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var l struct {
			Type string
			Data struct{ ID string }
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil || l.Type != "challenge" {
			continue
		}
		req, _ := http.NewRequestWithContext(ctx, "POST", url+"/api/lobby/seeks/"+l.Data.ID+"/accept", strings.NewReader(`{}`))
		req.Header.Set("Authorization", "Bearer "+key)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Logf("the bot accepting %s: %v", l.Data.ID, err)
			continue
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		// Said in the log, for a failure's reader: the test then fails
		// on the page, which never goes to the game.
		t.Logf("the bot accepting %s: %s %s", l.Data.ID, r.Status, b)
	}
}

// TestChallengeABot: a person finds a bot on the bots page, tagged BOT,
// challenges it from there through the lobby's form; the bot accepts
// through the bot API and the person is taken to the game, where the
// bot's name carries the tag.
func TestChallengeABot(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, 0)
	key := botAccount(t, srv.URL, "robo")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { acceptChallenges(ctx, t, srv.URL, key); close(done) }()
	// The bot logs to t: it must be gone before the test ends.
	defer func() { cancel(); <-done }()
	ann := newPage(t, newBrowser(t), srv.URL, true)
	ann.open("/#/bots")
	ann.waitJS("the bot listed with its tag", `!!document.querySelector('#bots li.bot-item .bot-tag')`)
	ann.waitJS("the bot online", `document.querySelector('#bots li.bot-item .tag.turn') !== null`)
	ann.run("challenge", clickSel("#bots li.bot-item a.button"))
	ann.waitJS("the challenge form filled", `document.querySelector('#challenge-name')?.value !== ''`)
	ann.waitJS("the lobby shown", `document.querySelector('#lobby-me')?.textContent !== ''`)
	ann.clickSteady("send the challenge", "#send-challenge")
	ann.waitJS("the challenge sent", `document.querySelector('#lobby-note')?.textContent !== '' || location.hash.startsWith('#/game/')`)
	// The bot here does not move: whoever plays first, the page shows the board.
	ann.waitJS("taken to the game against the bot", `location.hash.startsWith('#/game/') && !!document.querySelector('.board-wrap')`)
	ann.waitJS("the bot tagged in the game", `document.body.textContent.includes('[BOT]')`)
	ann.open("/#/bots")
	ann.run("to the bot's page", clickSel("#bots li.bot-item a.player-link"))
	ann.waitJS("the bot's page tagged", `!!document.querySelector('#player-name .bot-tag')`)
	ann.open("/")
	ann.run("français", chooseLang("fr"))
	ann.waitJS("French", `document.documentElement.lang === 'fr'`)
	fc := newFrenchChecker(ann)
	ann.open("/#/bots")
	ann.waitJS("the bots page in French", `!!document.querySelector('#bots li.bot-item .bot-tag')`)
	fc.check(ann, "bots")
	ann.noErrors()
}
