#!/bin/bash
# The solvers' reach within 1 s and 60 s (docs/strength.md, "Reach at 1 s
# and 60 s"): the frontier positions of 5 level-2 self-play games a game,
# solved by one method. Run both at once, one a core:
#   go build -o /tmp/plateau ./cmd/plateau
#   docs/perf/reach.sh ab > ab.log & docs/perf/reach.sh pn > pn.log
# About 10 minutes on a 2-core machine.
set -eu
m=${1:?method: ab or pn}
P=${PLATEAU:-/tmp/plateau}
echo "== start $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in 1s 60s; do
	echo "-- oxford $t"; $P solve --bench --games 5 --max-k 2 --time $t --method "$m" oxford
	echo "-- oshi $t"; $P solve --bench --games 5 --max-k 2 --time $t --method "$m" oshi
	echo "-- yoxii 18 $t"; $P solve --bench --games 5 --empty 18 --time $t --method "$m" yoxii
done
echo "== end $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)"
