#!/usr/bin/env bash
# Regenerates the demo media in apps/web/public/demo/ (illustrated photos, thumbnails,
# a short Ken Burns video and its poster). Everything is drawn from code, nothing is downloaded.
#
#   scripts/demo-media/make-demo-media.sh
#
# Needs: node (already required by the repo), ImageMagick (convert or magick), ffmpeg with libvpx,
# and preferably rsvg-convert (Debian: librsvg2-bin) for rendering the SVG scenes; without it
# ImageMagick's own SVG renderer is used, which draws blurs and gradients less faithfully.
# Debian/Ubuntu: apt-get install -y imagemagick ffmpeg librsvg2-bin
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/apps/web/public/demo"
PHOTOS=(
  aurora-lake
  aurora-cabin-night
  aurora-sauna
  fjordview-lodge
  fjordview-fjord
  pinehollow-forest
  pinehollow-cabin
  construction-foundation
  construction-timber
)

# A real ImageMagick (some machines have a stub `convert` early on the PATH).
IM=""
for c in magick convert /usr/bin/convert /usr/local/bin/magick; do
  if command -v "$c" >/dev/null 2>&1 && "$c" -version 2>/dev/null | grep -q ImageMagick; then
    IM="$c"
    break
  fi
done
[ -n "$IM" ] || { echo "ImageMagick not found (apt-get install imagemagick)" >&2; exit 1; }
command -v ffmpeg >/dev/null || { echo "ffmpeg not found (apt-get install ffmpeg)" >&2; exit 1; }
command -v node >/dev/null || { echo "node not found" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

mkdir -p "$OUT/photos/thumbs" "$OUT/video"

echo "== drawing SVG scenes"
node "$HERE/scenes.mjs" "$TMP/svg"

render_svg() { # svg png
  if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert -w 1280 -h 800 "$1" -o "$2"
  else
    echo "warning: rsvg-convert not found, using ImageMagick's SVG renderer" >&2
    "$IM" -background none "$1" -resize '1280x800!' "$2"
  fi
}

echo "== photos and thumbnails"
for name in "${PHOTOS[@]}"; do
  render_svg "$TMP/svg/$name.svg" "$TMP/$name.png"
  "$IM" "$TMP/$name.png" -strip -colorspace sRGB -sampling-factor 4:2:0 -interlace Plane \
    -quality 80 "$OUT/photos/$name.jpg"
  "$IM" "$TMP/$name.png" -strip -colorspace sRGB -filter Lanczos -resize 480x300 \
    -sampling-factor 4:2:0 -interlace Plane -quality 80 "$OUT/photos/thumbs/$name.jpg"
done

echo "== video (Ken Burns over aurora-lake then aurora-cabin-night, 1 s crossfade, 7 s)"
# Each still is upscaled first so zoompan moves smoothly (it rounds to whole pixels).
FPS=25
FRAMES=100 # 4 s per still; with a 1 s crossfade the clip lasts 7 s
ffmpeg -hide_banner -loglevel error -y \
  -i "$TMP/aurora-lake.png" -i "$TMP/aurora-cabin-night.png" \
  -filter_complex "\
[0:v]scale=3840:2400:flags=lanczos,zoompan=z='1+0.14*on/$FRAMES':x='(iw-iw/zoom)*0.15*(1-on/$FRAMES)+(iw-iw/zoom)*0.1*on/$FRAMES':y='(ih-ih/zoom)*0.75':d=$FRAMES:s=640x400:fps=$FPS,setsar=1[a];\
[1:v]scale=3840:2400:flags=lanczos,zoompan=z='1.16-0.14*on/$FRAMES':x='(iw-iw/zoom)*0.5':y='(ih-ih/zoom)*0.6':d=$FRAMES:s=640x400:fps=$FPS,setsar=1[b];\
[a][b]xfade=transition=fade:duration=1:offset=3,format=yuv420p[v]" \
  -map "[v]" -an -c:v libvpx-vp9 -b:v 0 -crf 30 -row-mt 1 -deadline good -cpu-used 2 \
  "$OUT/video/aurora-tour.webm"
ffmpeg -hide_banner -loglevel error -y -i "$OUT/video/aurora-tour.webm" -frames:v 1 -q:v 3 \
  "$TMP/poster.png"
"$IM" "$TMP/poster.png" -strip -interlace Plane -quality 85 "$OUT/video/aurora-tour-poster.jpg"

echo "== done"
du -ch "$OUT"/photos/*.jpg "$OUT"/photos/thumbs/*.jpg "$OUT"/video/*
