#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; install it when missing (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Installing Debian's chromium for the browser tests…"
bash "$(dirname "$0")/apt-install.sh" chromium
/usr/bin/chromium --version
