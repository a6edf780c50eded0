#!/usr/bin/env bash
# `npm run cluster` and the cluster tests put Debian's nginx in front of the server instances; install it when missing.
# The package's own service is not started: the cluster runs nginx itself, unprivileged, from a temp directory.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
echo "Installing Debian's nginx for the local cluster…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# invoke-rc.d asks policy-rc.d whether a package may start its service; 101 says no (Debian's policy-rc.d interface).
POLICY=/usr/sbin/policy-rc.d
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod +x "$POLICY"
  trap '$SUDO rm -f "$POLICY"' EXIT
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq nginx >/dev/null
/usr/sbin/nginx -v
