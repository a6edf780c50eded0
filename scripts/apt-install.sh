#!/usr/bin/env bash
# `bash scripts/apt-install.sh PACKAGE…`: installs Debian packages for the project's ensure-*.sh scripts, with sudo
# when not root. Packages that come with a service (postgresql, redis-server, nginx) do not start it: the project runs
# its own servers from temp directories. invoke-rc.d asks policy-rc.d whether a service may start; 101 says no.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
POLICY=/usr/sbin/policy-rc.d
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod +x "$POLICY"
  trap '$SUDO rm -f "$POLICY"' EXIT
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "$@" >/dev/null
