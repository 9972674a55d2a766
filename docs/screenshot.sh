#!/usr/bin/env bash
# Regenerates docs/report.png, the screenshot of `reproduce --html` in README: the full run's
# page rendered by headless Chromium (Debian's chromium-headless-shell or chromium, with
# fonts-noto-cjk for the documents' Japanese) at 1366 pixels wide, the top 1500 pixels.
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
    echo "docs/screenshot.sh: install Debian's chromium-headless-shell" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo run --release -- reproduce --html "$work/report.html" > /dev/null
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars --window-size=1366,1500 \
    --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2> /dev/null
echo "docs/report.png"
