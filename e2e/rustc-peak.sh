#!/usr/bin/env bash
# A RUSTC_WRAPPER that runs each rustc under /usr/bin/time and appends one line per compiled
# crate to $RUSTC_PEAK_LOG: crate name, peak resident memory (KB), wall, user and system seconds.
#
#   RUSTC_WRAPPER=e2e/rustc-peak.sh RUSTC_PEAK_LOG=peaks.tsv cargo build
#
# Cargo's probes (`rustc -vV`, `--print`) run unmeasured.
set -euo pipefail
rustc="$1"; shift
name=""
prev=""
for arg in "$@"; do
  if [ "$prev" = "--crate-name" ]; then name="$arg"; fi
  prev="$arg"
done
if [ -z "$name" ] || [ -z "${RUSTC_PEAK_LOG:-}" ]; then exec "$rustc" "$@"; fi
out="$(mktemp)"
rc=0
/usr/bin/time -f '%M\t%e\t%U\t%S' -o "$out" "$rustc" "$@" || rc=$?
printf '%s\t%s\n' "$name" "$(tail -n 1 "$out")" >> "$RUSTC_PEAK_LOG"
rm -f "$out"
exit "$rc"
