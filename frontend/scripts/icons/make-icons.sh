#!/bin/sh
# Draws the app icons of public/icons (the web app manifest, app/pages.go) from the shop's logo
# (public/favicon.svg, copied into icon.html and maskable.html) with headless Chromium:
#   sh scripts/icons/make-icons.sh
# maskable.html keeps the logo inside the centre's safe zone (80%) on a full-bleed background.
set -e
cd "$(dirname "$0")"
out=../../public/icons
flags="--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --hide-scrollbars --default-background-color=00000000"
for size in 192 512; do
  chromium $flags --window-size=$size,$size --screenshot=$out/icon-$size.png "file://$PWD/icon.html"
done
chromium $flags --window-size=512,512 --screenshot=$out/icon-maskable-512.png "file://$PWD/maskable.html"
chromium $flags --window-size=180,180 --screenshot=$out/apple-touch-icon.png "file://$PWD/maskable.html"
