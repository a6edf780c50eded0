#!/usr/bin/env bash
# The simulator's camera snapshots and video streams are rendered by Debian's ffmpeg, with the plate (Chinese) burnt in
# by drawtext: install ffmpeg and a small CJK font when missing.
set -euo pipefail
missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
fc-list :lang=zh family 2>/dev/null | grep -q . || missing+=(fonts-wqy-microhei fontconfig)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian's ${missing[*]} for the camera snapshots and video streams…"
bash "$(dirname "$0")/apt-install.sh" "${missing[@]}"
fc-cache -f >/dev/null 2>&1 || true
ffmpeg -hide_banner -version | head -n 1
