package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
)

// refusedAs asks p for method path with body and fails unless the
// answer is a 403 whose sentence is want in English and French.
func refusedAs(t *testing.T, e *env, p *visitor, method, path string, body any, en, fr string) {
	t.Helper()
	var eb api.Error
	if st := p.call(e, method, path, body, &eb); st != http.StatusForbidden || eb.Text["en"] != en || eb.Text["fr"] != fr {
		t.Errorf("%s %s: got %d %+v, want 403 %q / %q", method, path, st, eb, en, fr)
	}
}

// TestAdminPowers: a moderator is refused, with a sentence in English
// and French, closing an account and giving roles, and nothing changes;
// a moderator still warns, and reads only their own actions in the
// audit log; an administrator gives and takes roles, closes accounts and
// reads every moderator's log; nobody changes their own role.
func TestAdminPowers(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e, ms := modEnv(t, clock)
	mod, admin, eve, dan := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e), newPerson(t)
	modID, adminID, eveID, danID := mod.id(e), admin.id(e), eve.id(e), account(t, e, dan, "Dan")
	ctx := context.Background()
	if ms.SetRole(ctx, modID, moderation.Moderator, "test", clock.Now()) != nil || ms.SetRole(ctx, adminID, moderation.Admin, "test", clock.Now()) != nil {
		t.Fatal("setting roles")
	}
	closeDan := api.ModAction{Player: danID, Action: "close", Reason: "spam account"}
	refusedAs(t, e, mod, "POST", "/api/mod/actions", closeDan, "Only an administrator may close an account.", "Seul un administrateur peut fermer un compte.")
	refusedAs(t, e, mod, "POST", "/api/mod/roles", api.RoleRequest{Player: eveID, Role: "moderator"}, "Only an administrator may give or take roles.", "Seul un administrateur peut donner ou retirer un rôle.")
	if st := eve.call(e, "POST", "/api/mod/roles", api.RoleRequest{Player: eveID, Role: "admin"}, nil); st != http.StatusForbidden {
		t.Errorf("a player giving roles: got %d, want 403", st)
	}
	if st := eve.call(e, "GET", "/api/mod/queue", nil, nil); st != http.StatusForbidden {
		t.Errorf("after refused grants, the queue for Eve: got %d, want 403", st)
	}
	if log, _ := ms.Entries(ctx, danID, 10); len(log) != 0 {
		t.Errorf("after a refused close: got %+v in Dan's log, want nothing", log)
	}
	if st := dan.call(e, "GET", "/api/me", nil, nil); st != http.StatusOK || dan.id(e) != danID {
		t.Errorf("after a refused close, Dan: got %d, want still logged in", st)
	}
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: eveID, Action: "warn", Reason: "be nice"}, nil); st != http.StatusOK {
		t.Errorf("a moderator's warning: got %d, want 200", st)
	}
	var own api.ModLog
	if st := mod.call(e, "GET", "/api/mod/log", nil, &own); st != http.StatusOK || own.All || len(own.Actions) != 1 || own.Actions[0].Moderator.ID != modID {
		t.Errorf("a moderator's log: got %d %+v, want only their own warning", st, own)
	}
	adminDoes(t, e, admin, eve, dan, closeDan)
}

// adminDoes: the administrator gives and takes a role, not their own,
// closes an account and reads the whole log.
func adminDoes(t *testing.T, e *env, admin, eve, dan *visitor, closeDan api.ModAction) {
	t.Helper()
	eveID := eve.id(e)
	var eb api.Error
	if st := admin.call(e, "POST", "/api/mod/roles", api.RoleRequest{Player: admin.id(e), Role: "none"}, &eb); st != http.StatusBadRequest || eb.Text["fr"] != "Vous ne pouvez pas changer votre propre rôle." {
		t.Errorf("changing one's own role: got %d %+v, want 400 with the sentence", st, eb)
	}
	for _, tc := range []struct {
		role  string
		queue int
	}{{"moderator", http.StatusOK}, {"none", http.StatusForbidden}} {
		if st := admin.call(e, "POST", "/api/mod/roles", api.RoleRequest{Player: eveID, Role: tc.role}, nil); st != http.StatusOK {
			t.Fatalf("giving %s: got %d", tc.role, st)
		}
		if st := eve.call(e, "GET", "/api/mod/queue", nil, nil); st != tc.queue {
			t.Errorf("queue for Eve with role %s: got %d, want %d", tc.role, st, tc.queue)
		}
	}
	if st := admin.call(e, "POST", "/api/mod/actions", closeDan, nil); st != http.StatusOK {
		t.Fatalf("an administrator closing: got %d, want 200", st)
	}
	if st := dan.call(e, "POST", "/api/account/login", api.Credentials{Username: "Dan", Password: "correct horse battery"}, nil); st == http.StatusOK {
		t.Errorf("log in to a closed account: got %d, want a refusal", st)
	}
	var log api.ModLog
	if st := admin.call(e, "GET", "/api/mod/log", nil, &log); st != http.StatusOK || !log.All || len(log.Actions) < 4 || log.Actions[0].Action != "close" {
		t.Errorf("the whole log: got %d %+v, want the close, the roles and the warning", st, log.Actions)
	}
}
