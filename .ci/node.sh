#!/usr/bin/env bash
# Installs Node.js, which runs the committed WebAssembly engine in
# web/wasmgen's tests (TestWasmAgreesWithNative). Without node that test
# skips, or fails under CI=true. Safe to run more than once.
set -euo pipefail
if command -v node >/dev/null; then
	echo "node: $(node --version)"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y nodejs
echo "node: $(node --version)"
