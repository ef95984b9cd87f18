#!/usr/bin/env bash
# Builds the web package and the testbed's page into a folder:
#
#   bash crates/lockstep2d-web/build.sh --out web
#
# DIR/pkg is the JavaScript package (the .wasm, its wasm-bindgen glue, the typings and a
# package.json); DIR/index.html and DIR/main.js are the page. `serve.mjs` serves it.
#
# wasm32-unknown-unknown needs a standard library that rustup's toolchain here does not
# have: Debian's Rust (rustc-web, cargo-web, rust-web-src) builds one from source with
# build-std, and rustup's rust-lld links; wasm-bindgen writes the JavaScript glue and
# binaryen's wasm-opt (from npm: Debian's is too old for wasm-bindgen's reference types)
# optimises. Missing pieces are installed (Debian's packages as root, wasm-bindgen's
# command where cargo installs commands, npm's into js/node_modules), or named when
# they cannot be.
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=""
PROFILE=release
while [ $# -gt 0 ]; do
  case $1 in
    --out) OUT=${2:?--out needs a folder}; shift 2 ;;
    --dev) PROFILE=dev; shift ;;
    *) echo "build.sh: unknown argument $1 (--out DIR [--dev])" >&2; exit 2 ;;
  esac
done
[ -n "$OUT" ] || { echo "build.sh: --out DIR is required" >&2; exit 2; }

# The wasm-bindgen crate's version, which its command must equal.
BINDGEN_VERSION=0.2.130
PACKAGES=(rustc-web cargo-web rust-web-src)
# cargo install's own place, so a machine builds the command once.
TOOLS=${CARGO_HOME:-$HOME/.cargo}

# rustup's rust-lld: ask rustup's rustc before Debian's comes first on PATH.
LLD="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld"

install_packages() {
  dpkg -s "${PACKAGES[@]}" >/dev/null 2>&1 && return
  if [ "$(id -u)" != 0 ]; then
    echo "build.sh: needs Debian's ${PACKAGES[*]} (apt-get install them as root)" >&2
    exit 1
  fi
  echo "installing Debian's Rust for wasm32"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
}

install_bindgen() {
  if [ "$("$TOOLS/bin/wasm-bindgen" --version 2>/dev/null)" = "wasm-bindgen $BINDGEN_VERSION" ]; then
    return
  fi
  echo "installing wasm-bindgen-cli $BINDGEN_VERSION into $TOOLS/bin"
  cargo install -q wasm-bindgen-cli --version "$BINDGEN_VERSION" --root "$TOOLS"
}

install_npm() {
  [ -x crates/lockstep2d-web/js/node_modules/.bin/wasm-opt ] && return
  npm ci -s --no-audit --no-fund --prefix crates/lockstep2d-web/js
}

install_packages
install_bindgen
install_npm
[ -x "$LLD" ] || { echo "build.sh: no rust-lld at $LLD" >&2; exit 1; }

# simd128 lets the compiler put the engine's eight-lane loops in wasm's 128-bit lanes:
# the same IEEE operations lane by lane, so the same bits (never relaxed SIMD). One
# codegen unit and LTO across the crates: a smaller, faster module, the same bits.
PATH=/usr/bin:$PATH RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LLD" \
  RUSTFLAGS="-C target-feature=+simd128" \
  CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  CARGO_PROFILE_RELEASE_DEBUG=false \
  /usr/bin/cargo build -q -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown \
  --profile "$PROFILE" -p lockstep2d-web --target-dir target/wasm

[ "$PROFILE" = dev ] && built=debug || built=release
mkdir -p "$OUT/pkg"
"$TOOLS/bin/wasm-bindgen" --target web --out-dir "$OUT/pkg" \
  "target/wasm/wasm32-unknown-unknown/$built/lockstep2d_web.wasm"
if [ "$PROFILE" = release ]; then
  # The features rustc's wasm32 target turns on, and simd128: wasm-opt must not use more.
  crates/lockstep2d-web/js/node_modules/.bin/wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-sign-ext \
    --enable-nontrapping-float-to-int --enable-mutable-globals --enable-multivalue \
    --enable-reference-types "$OUT/pkg/lockstep2d_web_bg.wasm" -o "$OUT/pkg/lockstep2d_web_bg.wasm"
fi
cp crates/lockstep2d-web/package.json crates/lockstep2d-web/README.md LICENSE "$OUT/pkg/"
cp crates/lockstep2d-web/www/* "$OUT/"
echo "built $OUT: $(du -k "$OUT/pkg/lockstep2d_web_bg.wasm" | cut -f1) kB of wasm"
