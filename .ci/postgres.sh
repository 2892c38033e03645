#!/usr/bin/env bash
# Installs (if needed) and starts Debian's PostgreSQL, creates the role and
# database the server's tests use, and prints one line on stdout:
#   export PLATEAU_TEST_POSTGRES=postgres://...
# so that a caller runs:  bash .ci/postgres.sh >env.sh && . ./env.sh
# Everything else goes to stderr. Safe to run again: every step is
# skipped when already done. Needs root (apt-get, runuser).
set -euo pipefail
exec 3>&1 1>&2

installed=
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	echo "postgres.sh: installing postgresql"
	apt-get update -q </dev/null 3>&-
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql </dev/null 3>&-
	installed=1
fi
ver=$(ls /usr/lib/postgresql | sort -V | tail -1)

# A server that the package's install script started holds this script's
# output open; stop it, to start it again detached below.
if [ -n "$installed" ] && pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
	pg_ctlcluster "$ver" main stop </dev/null >/dev/null 2>&1 3>&- || true
fi

# Debian's package creates the cluster "main" on install; a machine where
# it was removed gets a new one.
if ! pg_lsclusters -h | awk '{print $1, $2}' | grep -qx "$ver main"; then
	echo "postgres.sh: creating cluster $ver main"
	pg_createcluster "$ver" main </dev/null 3>&-
fi
port=$(pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $3}')
if ! pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
	echo "postgres.sh: starting cluster $ver main on port $port"
	# The server outlives this script: it must not inherit fd 3 (the
	# caller's $(...) would wait for it forever) nor the caller's
	# stdout and stderr (a CI runner would wait for them to close).
	out=$(mktemp)
	if ! pg_ctlcluster "$ver" main start </dev/null >"$out" 2>&1 3>&-; then
		cat "$out"; rm -f "$out"; exit 1
	fi
	cat "$out"; rm -f "$out"
fi
for i in $(seq 1 30); do
	runuser -u postgres -- pg_isready -q -p "$port" && break
	sleep 1
done

psql_su() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_su -c "SELECT 1 FROM pg_roles WHERE rolname = 'plateau'")" != 1 ]; then
	psql_su -c "CREATE ROLE plateau LOGIN PASSWORD 'plateau'"
fi
if [ "$(psql_su -c "SELECT 1 FROM pg_database WHERE datname = 'plateau_test'")" != 1 ]; then
	psql_su -c "CREATE DATABASE plateau_test OWNER plateau"
fi

echo "postgres.sh: PostgreSQL $ver ready on port $port, database plateau_test"
echo "export PLATEAU_TEST_POSTGRES=postgres://plateau:plateau@127.0.0.1:$port/plateau_test?sslmode=disable" >&3
