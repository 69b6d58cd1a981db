#!/usr/bin/env bash
# Packages the four published crates as crates.io would receive them
# (`cargo package`, which also builds each from its package alone, against
# the others' packages through a local registry), checks that no package
# carries test suites, benchmarks or their data, and prints each .crate's
# size.
#
# Warnings fail, but for "ignoring test/bench ... not included in the
# published package": the test and bench targets are left out on purpose
# (each Cargo.toml's `include`). NO_VERIFY=1 skips the builds (about as
# fast as `cargo package --list`).
set -euo pipefail
cd "$(dirname "$0")/.."

CRATES=(tfschema-derive tfschema tfschema-codegen tfschema-cli)

# --all-features: the build from the package covers the plugin server too
# (its generated protocol code is include!d from src/server/proto/).
args=(--locked --allow-dirty --all-features)
for crate in "${CRATES[@]}"; do
    args+=(-p "$crate")
done
if [ -n "${NO_VERIFY:-}" ]; then
    args+=(--no-verify)
fi

rm -f target/package/*.crate
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cargo package "${args[@]}" >"$log" 2>&1 || status=$?
grep -v -e '^ *Archiving ' -e 'is not included in the published package$' "$log" || true
if [ "$status" -ne 0 ]; then
    echo "error: cargo package failed (exit $status)" >&2
    exit "$status"
fi
if grep '^warning:' "$log" | grep -v 'is not included in the published package$'; then
    echo "error: cargo package warned (above)" >&2
    exit 1
fi

echo "== packages"
fail=0
for crate in "${CRATES[@]}"; do
    file=$(ls target/package/"$crate"-[0-9]*.crate)
    files=$(tar -tzf "$file")
    # Test suites, benchmarks and their data stay in the repository.
    if grep -E '^[^/]+/(tests|benches|fuzz)/|/fixtures/|/testdata/' <<<"$files"; then
        echo "error: $file carries tests, benchmarks or fixtures (above)" >&2
        fail=1
    fi
    bytes=$(wc -c <"$file")
    printf '  %-30s %8d bytes (%d KiB), %d files\n' "$(basename "$file")" "$bytes" \
        $(( (bytes + 1023) / 1024 )) "$(wc -l <<<"$files")"
done
exit "$fail"
