#!/usr/bin/env bash
# Installs Node.js, which runs the committed WebAssembly engine in
# web/wasmgen's tests (TestWasmAgreesWithNative), and npm, which installs
# the pinned axe-core of web/browsertest/testdata/axe for the
# accessibility tests (TestAxe: npm ci into a cache folder). Without them
# those tests skip, or fail under CI=true. Safe to run more than once.
set -euo pipefail
if command -v node >/dev/null && command -v npm >/dev/null; then
	echo "node: $(node --version), npm: $(npm --version)"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
command -v node >/dev/null || apt-get install -y nodejs
command -v npm >/dev/null || apt-get install -y npm
echo "node: $(node --version), npm: $(npm --version)"
