package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
)

// TestLoadtestAPIKey: with a player's API key, loadtest's games are that
// player's, and its moves are made as the player, without seat tokens.
func TestLoadtestAPIKey(t *testing.T) {
	t.Parallel()
	url := startInProcess(t)
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	resp, err := browser.Get(url + "/api/me") // a session, as a browser gets one
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	req, _ := http.NewRequest("POST", url+"/api/keys", bytes.NewReader([]byte(`{"label":"loadtest"}`)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", url) // a browser's unsafe request says where it comes from
	resp, err = browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var k api.Key
	if err := json.NewDecoder(resp.Body).Decode(&k); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || k.Key == "" {
		t.Fatalf("new key: got %d %+v", resp.StatusCode, k)
	}
	out, errOut, st := runCmd(t, "", "loadtest", "--url", url, "--api-key", k.Key, "--games", "2", "--moves", "10", "--duration", "2m")
	if st != 0 {
		t.Fatalf("got status %d: %s", st, errOut)
	}
	want := regexp.MustCompile(`(?m)^accepted moves: ([1-9]\d+) \(\d+/s\); rejected: 0; games finished: \d+; failures: 0$`)
	if !want.MatchString(out) {
		t.Errorf("got %q, want a line matching %s", out, want)
	}
	resp, err = browser.Get(url + "/api/me/games?limit=200")
	if err != nil {
		t.Fatal(err)
	}
	var mine api.MyGames
	if err := json.NewDecoder(resp.Body).Decode(&mine); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(mine.Games) < 2 || mine.Games[0].Opponent.Kind != "device" {
		t.Errorf("the player's games: got %d, first %+v, want loadtest's, both seats theirs", len(mine.Games), mine.Games)
	}
}
