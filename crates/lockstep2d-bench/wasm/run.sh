#!/usr/bin/env bash
# Builds lockstep2d and rapier2d for wasm32 (with and without simd128), one cdylib per
# engine, optimises each with wasm-opt and prints the sizes; builds the native bench;
# then times them all under Node with bench.mjs. Arguments go to bench.mjs, e.g.
#
#   crates/lockstep2d-bench/wasm/run.sh --runs 5 --scenes large_pyramid:200,many_pyramids:100
#   crates/lockstep2d-bench/wasm/run.sh --cli target/release/lockstep2d   # also `run`'s hash
#
# WASM_RUSTC / WASM_CARGO: the toolchain that builds wasm32's std (default: Debian's).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
out=target/wasm-bench

# rustup's toolchain has no wasm32 std, so Debian's rustc builds it (build-std, from
# rust-web-src) and rustup's rust-lld links. rustup's rustc says where that is: ask it
# before /usr/bin goes first on PATH.
host=$(rustc -vV | sed -n 's/^host: //p')
lld="$(rustc --print sysroot)/lib/rustlib/$host/bin/rust-lld"
wasm_rustc=${WASM_RUSTC:-/usr/bin/rustc}
wasm_cargo=${WASM_CARGO:-/usr/bin/cargo}
[ -x "$lld" ] || { echo "no rust-lld at $lld" >&2; exit 1; }
# binaryen's wasm-opt as the web package uses it (npm's; Debian's is older).
wasm_opt=crates/lockstep2d-web/js/node_modules/.bin/wasm-opt
[ -x "$wasm_opt" ] || npm ci -s --no-audit --no-fund --prefix crates/lockstep2d-web/js

# One build of both engines: $1 names it, $2 is its RUSTFLAGS. Each build has its own
# target directory, so switching flags never rebuilds the other. No debug info: the
# raw size is code and data only. LTO and one codegen unit, as the web package is built.
build() {
  local name=$1 flags=$2
  echo "== wasm32 build '$name' (RUSTFLAGS='$flags')" >&2
  PATH=/usr/bin:$PATH RUSTC=$wasm_rustc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=$lld \
    CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    RUSTFLAGS=$flags \
    "$wasm_cargo" build -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown \
    --target-dir "$out/$name" --release -p lockstep2d-bench \
    --example wasm_lockstep --example wasm_rapier
  mkdir -p "$out/opt/$name"
  for engine in lockstep rapier; do
    "$wasm_opt" -O3 --enable-simd --enable-bulk-memory --enable-sign-ext \
      --enable-nontrapping-float-to-int --enable-mutable-globals --enable-multivalue \
      --enable-reference-types "$out/$name/wasm32-unknown-unknown/release/examples/wasm_$engine.wasm" \
      -o "$out/opt/$name/wasm_$engine.wasm"
  done
}

build simd128 "-C target-feature=+simd128"
build plain ""

kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1000 }'; }
size() { wc -c <"$1"; }
gz() { gzip -9 -c "$1" | wc -c; }

echo
echo "### Toolchains"
echo
echo "- wasm32: $("$wasm_rustc" --version), linked by $lld"
echo "- native: $(rustc --version)"
echo "- $("$wasm_opt" --version); Node $(node --version)"
echo
echo "### .wasm sizes, kB (1000 bytes)"
echo
echo "| build | engine | raw | raw, gzip -9 | wasm-opt -O3 | wasm-opt -O3, gzip -9 |"
echo "|---|---|---:|---:|---:|---:|"
for name in simd128 plain; do
  for engine in lockstep rapier; do
    raw="$out/$name/wasm32-unknown-unknown/release/examples/wasm_$engine.wasm"
    opt="$out/opt/$name/wasm_$engine.wasm"
    echo "| $name | $engine | $(kb "$(size "$raw")") | $(kb "$(gz "$raw")") | $(kb "$(size "$opt")") | $(kb "$(gz "$opt")") |"
  done
done
echo

echo "== native bench" >&2
cargo build --release -p lockstep2d-bench

node "$here/bench.mjs" --wasm "$out/opt/simd128,$out/opt/plain" \
  --native target/release/lockstep2d-bench "$@"
