#!/usr/bin/env python3
"""A Plateau bot in the standard library only (docs/bots.md): it accepts
every challenge and plays each of its games with choose(), here a random
legal move, straight against the bot API.

    python3 apibot.py URL KEY
"""
import json
import random
import sys
import threading
import time
import urllib.error
import urllib.request

URL, KEY = sys.argv[1].rstrip("/"), sys.argv[2]


def request(method, path, body=None):
    """One API request with the bot's key; the open response."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(URL + path, data=data, method=method, headers={
        "Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    return urllib.request.urlopen(req, timeout=60)


def stream(path):
    """Yields the lines of an NDJSON stream, skipping keep-alives."""
    with request("GET", path) as resp:
        for raw in resp:
            if raw.strip():
                yield json.loads(raw)


def choose(view):
    """The bot's brain: the view has every legal move, sorted."""
    return random.choice(view["legal"])


def play(game, seat):
    """Plays one game until it is over, resuming its stream if it drops."""
    while True:
        try:
            for line in stream("/api/bot/game/stream/" + game):
                view = line["data"]
                if view["result"] != "ongoing":
                    print("game", game, "over:", view["result"], view["reason"], flush=True)
                    return
                if view["toAct"] == seat and view["legal"]:
                    body = {"move": choose(view), "seen": len(view["moves"])}
                    try:
                        request("POST", "/api/games/%s/moves" % game, body).close()
                    except urllib.error.HTTPError as e:
                        print("move refused:", e.code, e.read().decode(), flush=True)
        except (OSError, ValueError) as e:
            print("game stream lost:", e, flush=True)
            time.sleep(1)


def main():
    cursor, playing = 0, set()
    while True:  # the event stream, resumed from the last event seen
        try:
            for event in stream("/api/bot/stream/event?since=%d" % cursor):
                cursor = event["id"]
                data = event["data"]
                if event["type"] == "challenge":
                    print("accepting", data["id"], "from", data["owner"]["name"], flush=True)
                    try:
                        request("POST", "/api/lobby/seeks/%s/accept" % data["id"], {}).close()
                    except urllib.error.HTTPError as e:
                        print("accept refused:", e.code, flush=True)
                elif event["type"] == "gameStart" and data["game"] not in playing:
                    playing.add(data["game"])
                    threading.Thread(target=play, args=(data["game"], data["player"]), daemon=True).start()
        except (OSError, ValueError) as e:
            print("event stream lost:", e, flush=True)
            time.sleep(1)


if __name__ == "__main__":
    main()
