#!/bin/bash
# movecpu.sh LABEL: the server's CPU per accepted move at think 1 s
# (docs/perf.md, "Server CPU per move"). BIN is the plateau binary to
# measure (default /tmp/plateau). It starts a fresh SQLite server on
# 127.0.0.1:21080 (pprof on :21081), profiles it for 25 s into
# /tmp/cpu-LABEL.prof while 300 Yoxii games are played at think 1 s,
# and divides the server's CPU ticks (utime+stime, 100 a second) by the
# moves accepted.
set -u
label=${1:?usage: movecpu.sh LABEL}
BIN=${BIN:-/tmp/plateau}
dir=$(mktemp -d)
while curl -s -o /dev/null http://127.0.0.1:21080/; do sleep 1; done
"$BIN" serve --addr 127.0.0.1:21080 --db "$dir/p.db" --limits off --debug-addr 127.0.0.1:21081 >"$dir/serve.log" 2>&1 &
PID=$!
until curl -s -o /dev/null http://127.0.0.1:21080/; do sleep 0.5; done
load=$(cut -d' ' -f1 /proc/loadavg)
t0=$(awk '{print $14+$15}' /proc/$PID/stat)
curl -s -o "/tmp/cpu-$label.prof" "http://127.0.0.1:21081/debug/pprof/profile?seconds=25" &
CURL=$!
out=$("$BIN" loadtest --url http://127.0.0.1:21080 --game yoxii --games 300 --duration 25s --think 1s 2>&1)
t1=$(awk '{print $14+$15}' /proc/$PID/stat)
wait $CURL
kill $PID
wait $PID 2>/dev/null
moves=$(echo "$out" | sed -n 's/accepted moves: \([0-9]*\).*/\1/p')
echo "$label: load before $load; $(echo "$out" | tr '\n' ' ')"
echo "$label: server CPU $((t1 - t0)) ticks for $moves moves: $(echo "scale=3; ($t1 - $t0) * 10 / $moves" | bc) ms/move"
rm -rf "$dir"
