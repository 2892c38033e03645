#!/usr/bin/env bash
# Installs Chromium for the browser tests (web/browsertest), which drive
# the real client in headless Chromium through chromedp. Without
# /usr/bin/chromium those tests skip, or fail under CI=true. Safe to run
# more than once.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
	echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || true)"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y chromium
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || true)"
