// lockstep2d and rapier2d compiled to wasm32, timed side by side under Node, beside
// lockstep2d's native step. `run.sh` builds everything and runs this; README.md says how.
//
//   node bench.mjs --wasm <dir>[,<dir>...] --native <lockstep2d-bench> [--cli <lockstep2d>]
//                  [--scenes large_pyramid:200,many_pyramids:100] [--runs 5]
//
// Each --wasm directory holds one build (wasm_lockstep.wasm, wasm_rapier.wasm) and is
// named after it (`simd128`, `plain`). For each scene, after one untimed warm-up run of
// each wasm engine, run by run it takes in turn each build's lockstep2d, then its
// rapier2d, then lockstep2d native (the bench binary, one run per process): every run a
// fresh world (a fresh wasm instance), one untimed step, then the timed steps in one
// call. Times are medians over the runs.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.runs ?? 5);
const WARM_UP_STEPS = 20;
const scenes = (args.scenes ?? "large_pyramid:200,many_pyramids:100").split(",").map((s) => {
  const [name, steps] = s.split(":");
  return { name, steps: steps === undefined ? undefined : Number(steps) };
});
if (!args.wasm || !args.native) {
  console.error("usage: node bench.mjs --wasm <dir>[,<dir>...] --native <lockstep2d-bench> [--cli <lockstep2d>] [--scenes a:200,b:100] [--runs 5]");
  process.exit(2);
}

const builds = await Promise.all(
  args.wasm.split(",").map(async (dir) => ({
    name: basename(dir),
    lockstep: await loadEngine("lockstep2d", join(dir, "wasm_lockstep.wasm")),
    rapier: await loadEngine("rapier2d", join(dir, "wasm_rapier.wasm")),
  })),
);

console.log(`Node ${process.version} (V8 ${process.versions.v8}); native path: ${nativePath()}; ${runs} runs each`);

const results = [];
for (const scene of scenes) {
  const steps = scene.steps ?? builds[0].lockstep.sceneSteps(scene.name);
  const row = { scene: scene.name, steps, builds: builds.map(() => ({ lockstep: [], rapier: [] })), native: [] };
  // One untimed run of each first: V8 compiles a module's functions to baseline code
  // and optimises those that run hot while they run, so the first run would time some
  // of each.
  for (const build of builds) {
    for (const engine of ["lockstep", "rapier"]) await build[engine].timeRun(scene.name, Math.min(steps, WARM_UP_STEPS));
  }
  for (let run = 0; run < runs; run++) {
    for (const [b, build] of builds.entries()) {
      for (const engine of ["lockstep", "rapier"]) {
        row.builds[b][engine].push(await build[engine].timeRun(scene.name, steps));
      }
    }
    row.native.push(nativeRun(scene.name, steps));
    process.stderr.write(`${scene.name}: run ${run + 1} of ${runs}\n`);
  }
  if (args.cli) {
    // `lockstep2d run` with the bench's settings for these scenes (no sleep, one
    // thread): its steps are the bench's untimed step and timed steps together.
    row.cli = cliHash(scene.name, steps + 1);
  }
  results.push(row);
}

for (const [b, build] of builds.entries()) {
  console.log(`\n### wasm32 build \`${build.name}\` (wasm-opt -O3), ms per step, median of ${runs}\n`);
  console.log("| scene | steps | lockstep2d wasm | rapier2d wasm | lockstep2d / rapier2d | lockstep2d native | wasm / native |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const row of results) {
    const l = median(row.builds[b].lockstep.map((r) => r.ms));
    const r = median(row.builds[b].rapier.map((r) => r.ms));
    const n = median(row.native.map((r) => r.ms));
    console.log(`| ${row.scene} | ${row.steps} | ${fmt(l)} | ${fmt(r)} | ${(l / r).toFixed(2)} | ${fmt(n)} | ${(l / n).toFixed(2)} |`);
  }
}

console.log("\n### The same work? (last run of each)\n");
console.log("| scene | build | engine | bodies | quality figure (pyramids: max drift, m) | fastest (m/s) | state hash |");
console.log("|---|---|---|---:|---:|---:|---|");
for (const row of results) {
  for (const [b, build] of builds.entries()) {
    for (const engine of ["lockstep", "rapier"]) {
      const r = row.builds[b][engine].at(-1);
      console.log(`| ${row.scene} | ${build.name} | ${build[engine].label} wasm | ${r.bodies} | ${r.quality.toFixed(4)} | ${r.fastest.toFixed(3)} | ${r.hash ?? "–"} |`);
    }
  }
  const n = row.native.at(-1);
  console.log(`| ${row.scene} | native | lockstep2d bench | ${n.bodies ?? "–"} | ${n.quality.toFixed(4)} | ${n.fastest.toFixed(3)} | ${n.hash ?? "–"} |`);
  if (row.cli) {
    console.log(`| ${row.scene} | native | \`lockstep2d run --steps ${row.steps + 1} --no-sleep\` | ${row.cli.bodies} | | | ${row.cli.hash} |`);
  }
}

const hashes = results.flatMap((row) => [
  ...row.builds.flatMap((b) => b.lockstep.map((r) => r.hash)),
  ...row.native.map((r) => r.hash),
  ...(row.cli ? [row.cli.hash] : []),
].map((h) => `${row.scene}:${h}`));
const distinct = new Set(hashes).size;
console.log(`\nlockstep2d state hashes: ${distinct === scenes.length ? "the same in every run, wasm and native" : "DIFFER between runs or builds"}`);

// One engine's module, instantiated afresh for every run.
async function loadEngine(label, path) {
  const module = await WebAssembly.compile(readFileSync(path));
  const fresh = async () => (await WebAssembly.instantiate(module, {})).exports;
  // Scene names from one instance: they are the same in every build.
  const probe = await fresh();
  const names = [];
  for (let i = 0; i < probe.scene_count(); i++) {
    names.push(readString(probe, probe.scene_name_ptr(i), probe.scene_name_len(i)));
  }
  const indexOf = (scene) => {
    const i = names.indexOf(scene);
    if (i < 0) throw new Error(`${label}: no scene named ${scene}`);
    return i;
  };
  return {
    label,
    sceneSteps: (scene) => probe.scene_steps(indexOf(scene)),
    async timeRun(scene, steps) {
      const wasm = await fresh();
      check(wasm, wasm.build(indexOf(scene)), `${label}: build ${scene}`);
      check(wasm, wasm.step(1), `${label}: ${scene}: the untimed step`);
      const start = performance.now();
      const ok = wasm.step(steps);
      const ms = (performance.now() - start) / steps;
      check(wasm, ok, `${label}: ${scene}: step`);
      const hash = wasm.state_hash();
      return {
        ms,
        bodies: wasm.body_count(),
        quality: wasm.quality(),
        fastest: wasm.fastest(),
        hash: hash === 0n ? undefined : BigInt.asUintN(64, hash).toString(16).padStart(16, "0"),
      };
    },
  };
}

function check(wasm, ok, what) {
  if (!ok) throw new Error(`${what}: ${readString(wasm, wasm.error_ptr(), wasm.error_len())}`);
}

function readString(wasm, ptr, len) {
  return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, ptr, len));
}

// One run of the native bench: lockstep2d alone, one fresh world, the same steps.
function nativeRun(scene, steps) {
  const out = spawnSync(args.native, [scene, "--engines", "lockstep2d", "--runs", "1", "--steps", String(steps), "--json"], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(`${args.native} ${scene}: ${out.stderr}`);
  const engine = JSON.parse(out.stdout.trim().split("\n").at(-1)).engines[0];
  return { ms: engine.ms_per_step_median, quality: engine.quality, fastest: engine.max_speed, hash: engine.state_hash };
}

function cliHash(scene, steps) {
  const out = spawnSync(args.cli, ["run", scene, "--steps", String(steps), "--no-sleep", "--json"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`${args.cli} run ${scene}: ${out.stderr}`);
  const report = JSON.parse(out.stdout);
  return { hash: report.state_hash, bodies: report.bodies };
}

// The kernel path lockstep2d's native step takes here (`solver/dispatch.rs`).
function nativePath() {
  let flags = "";
  try {
    flags = readFileSync("/proc/cpuinfo", "utf8").match(/^flags\s*:(.*)$/m)?.[1] ?? "";
  } catch {
    return "unknown";
  }
  const has = (f) => flags.split(" ").includes(f);
  if (has("avx2") && has("avx512f") && has("avx512vl")) return "AVX-512 (the CPU has AVX-512F and VL)";
  if (has("avx2")) return "AVX2";
  return "portable";
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

function fmt(ms) {
  return ms.toFixed(3);
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith("--")) throw new Error(`unexpected argument ${argv[i]}`);
    out[argv[i].slice(2)] = argv[++i];
  }
  return out;
}
