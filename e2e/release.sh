#!/usr/bin/env bash
# `tfschema release` checked by real Terraform (1.0.3 and 1.15.5) and real GnuPG: the inventory
# example is released with --mirror and --gpg-key, then
#   - gpg --verify accepts the binary detached signature of SHA256SUMS (a key made for the test,
#     in a temporary GNUPGHOME, without passphrase), and sha256sum -c accepts SHA256SUMS;
#   - each zip is flat and holds only terraform-provider-inventory_v<V>;
#   - terraform init installs the provider from the packed mirror the release wrote, apply and
#     destroy run it;
#   - the h1: hash Terraform records at init, and those `terraform providers lock -fs-mirror`
#     writes, are the h1: printed by tfschema release; its zh: is the sha256 of the zip that
#     SHA256SUMS lists (Terraform records zh: hashes only from a registry's signed SHA256SUMS,
#     never from a mirror).
#
#   e2e/release.sh            exits non-zero if any check fails
#
# Needs gnupg (installed with apt-get when missing) and python3 (zip contents). Cost: no build
# beyond e2e_build's (nothing after e2e/run.sh), a 2048-bit RSA key, about 20 s of Terraform.
# Work dir: target/e2e-work/release (wiped at start).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

REPO="$E2E_REPO"
VERSION=0.3.0
SOURCE=tfschema/inventory
T0=$(date +%s)
ok() { printf '  ok  %s\n' "$*"; }

echo "== tfschema CLI and the inventory example"
e2e_build
TFSCHEMA="$E2E_PROFILE_DIR/tfschema"

echo "== Terraform binaries (e2e/install-terraform.sh, cached in $E2E_TOOLS)"
e2e_ensure_tools

if ! command -v gpg >/dev/null; then
  echo "== gnupg (apt-get)"
  apt-get update -qq >/dev/null && apt-get install -y -qq gnupg >/dev/null \
    || e2e_fail "gpg is missing and apt-get could not install gnupg"
fi

WORK="$REPO/target/e2e-work/release"
rm -rf "$WORK"
mkdir -p "$WORK/bin"
e2e_env "$WORK"
PLATFORM="$(e2e_os_arch)"
# The name the release takes it from: terraform-provider-<name>.
BIN="$WORK/bin/terraform-provider-inventory"
cp "$E2E_PROFILE_DIR/terraform-provider-inventory" "$BIN"

echo "== a signing key in a temporary GNUPGHOME"
export GNUPGHOME="$WORK/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --gen-key <<'KEY' 2>"$WORK/gpg-gen.log" || { cat "$WORK/gpg-gen.log" >&2; e2e_fail "gpg --gen-key failed"; }
%no-protection
Key-Type: RSA
Key-Length: 2048
Key-Usage: sign
Name-Real: tfschema e2e
Name-Email: e2e@tfschema.invalid
Expire-Date: 0
%commit
KEY
ok "RSA key e2e@tfschema.invalid"

echo "== tfschema release $VERSION"
DIST="$WORK/dist"
MIRROR="$WORK/mirror"
"$TFSCHEMA" release --version "$VERSION" --provider-binary "$PLATFORM=$BIN" --out "$DIST" \
  --mirror "$MIRROR" --provider-address "registry.terraform.io/$SOURCE" \
  --gpg-key e2e@tfschema.invalid > "$WORK/hashes.txt" || e2e_fail "tfschema release failed"
cat "$WORK/hashes.txt"
PREFIX="terraform-provider-inventory_$VERSION"
ZIP="${PREFIX}_$PLATFORM.zip"
read -r printed_zip H1 ZH < "$WORK/hashes.txt"
[ "$printed_zip" = "$ZIP" ] || e2e_fail "printed $printed_zip, expected $ZIP"
case "$H1 $ZH" in h1:*" zh:"*) ;; *) e2e_fail "not h1:/zh: hashes: $H1 $ZH" ;; esac
expected_files="$(printf '%s\n' "${PREFIX}_SHA256SUMS" "${PREFIX}_SHA256SUMS.sig" "$ZIP" "${PREFIX}_manifest.json" | sort)"
[ "$(ls "$DIST" | sort)" = "$expected_files" ] || e2e_fail "dist holds: $(ls "$DIST")"
ok "dist: the zip, the manifest, SHA256SUMS and its signature"

gpg --batch --verify "$DIST/${PREFIX}_SHA256SUMS.sig" "$DIST/${PREFIX}_SHA256SUMS" 2>"$WORK/verify.log" \
  || { cat "$WORK/verify.log" >&2; e2e_fail "gpg --verify refused the signature"; }
grep -q 'Good signature from "tfschema e2e' "$WORK/verify.log" || e2e_fail "gpg --verify: $(cat "$WORK/verify.log")"
head -c 10 "$DIST/${PREFIX}_SHA256SUMS.sig" | grep -q -- '-----BEGIN' && e2e_fail "the signature is ASCII-armoured"
ok "gpg --verify: good signature (binary, detached)"
(cd "$DIST" && sha256sum --quiet -c "${PREFIX}_SHA256SUMS") || e2e_fail "sha256sum -c refused SHA256SUMS"
[ "$(grep -c . "$DIST/${PREFIX}_SHA256SUMS")" = 2 ] || e2e_fail "SHA256SUMS does not list the zip and the manifest"
[ "zh:$(sha256sum "$DIST/$ZIP" | cut -d' ' -f1)" = "$ZH" ] || e2e_fail "zh: is not the zip's sha256"
ok "sha256sum -c: SHA256SUMS lists the zip (zh: = its sha256) and the manifest"
# The inventory example's nested attributes need protocol 6; with INVENTORY_PROTOCOL5_ONLY=1 it
# serves 5 alone (the types protocol 5 can describe).
grep -q '"protocol_versions": \["6.0"\]' "$DIST/${PREFIX}_manifest.json" \
  || e2e_fail "manifest: $(cat "$DIST/${PREFIX}_manifest.json")"
INVENTORY_PROTOCOL5_ONLY=1 "$TFSCHEMA" release --version "$VERSION" \
  --provider-binary "$PLATFORM=$BIN" --out "$WORK/dist-v5" > /dev/null 2>&1 \
  || e2e_fail "tfschema release (protocol 5 only) failed"
grep -q '"protocol_versions": \["5.0"\]' "$WORK/dist-v5/${PREFIX}_manifest.json" \
  || e2e_fail "manifest (protocol 5 only): $(cat "$WORK/dist-v5/${PREFIX}_manifest.json")"
ok "manifest: protocol 6.0 as built, 5.0 with INVENTORY_PROTOCOL5_ONLY=1 (read by launching it)"

python3 - "$DIST/$ZIP" "$BIN" <<'PY' || e2e_fail "the zip is not flat, or holds something else"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
assert names == ["terraform-provider-inventory_v0.3.0"], names
assert z.read(names[0]) == open(sys.argv[2], "rb").read(), "contents differ from the binary"
assert z.infolist()[0].external_attr >> 16 == 0o100755, oct(z.infolist()[0].external_attr >> 16)
PY
ok "zip: flat, only terraform-provider-inventory_v$VERSION (0755)"

# The packed mirror (the layout Terraform's filesystem_mirror reads: no <V>/<os_arch> folders).
[ -f "$MIRROR/registry.terraform.io/$SOURCE/$ZIP" ] || e2e_fail "no $ZIP in the packed mirror"
e2e_cli_config_mirror "$WORK/mirror.tfrc" "$MIRROR" "$SOURCE"
e2e_use_cli_config "$WORK/mirror.tfrc"

for TF in "$E2E_TF103" "$E2E_TF115"; do
  V="$(e2e_tf_version "$TF")"
  echo "== Terraform $V"
  ws="$WORK/ws-$V"
  mkdir -p "$ws"
  cat > "$ws/main.tf" <<TF
terraform {
  required_providers {
    inventory = {
      source  = "$SOURCE"
      version = "$VERSION"
    }
  }
}

provider "inventory" {
  database_path = "inventory.db"
}

resource "inventory_tag" "release" {
  key   = "released"
  value = "$VERSION"
}

output "tag_id" {
  value = inventory_tag.release.id
}
TF
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_expect_contains "Installed $SOURCE v$VERSION"
  grep -qF "\"$H1\"" "$ws/.terraform.lock.hcl" || e2e_fail "init recorded $(grep -o '"h1:[^"]*"' "$ws/.terraform.lock.hcl"), printed $H1"
  ok "init from the packed mirror: $SOURCE v$VERSION, lock file h1: = printed"
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
  e2e_expect_match 'tag_id = "tag-[0-9a-f]{16}"' stdout
  e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 1 destroyed."
  ok "apply and destroy with the released provider"

  lock="$WORK/lock-$V"
  mkdir -p "$lock"
  cp "$ws/main.tf" "$lock/main.tf"
  e2e_tf_ok "$TF" "$lock" providers lock "-fs-mirror=$MIRROR" "-platform=$PLATFORM"
  hashes="$(sed -n 's/^ *"\([a-z0-9]*:[^"]*\)",\{0,1\}$/\1/p' "$lock/.terraform.lock.hcl")"
  [ -n "$hashes" ] || e2e_fail "providers lock wrote no hashes: $(cat "$lock/.terraform.lock.hcl")"
  while read -r h; do
    case "$h" in
      "$H1"|"$ZH") ;;
      *) e2e_fail "providers lock wrote $h; tfschema release printed $H1 $ZH" ;;
    esac
  done <<<"$hashes"
  grep -qF "\"$H1\"" "$lock/.terraform.lock.hcl" || e2e_fail "providers lock did not write $H1"
  ok "providers lock -fs-mirror -platform=$PLATFORM: $(tr '\n' ' ' <<<"$hashes")= printed"
done

echo "== release.sh: all checks passed in $(( $(date +%s) - T0 )) s"
