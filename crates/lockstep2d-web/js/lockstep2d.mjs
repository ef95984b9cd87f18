// The `lockstep2d` command's determinism subcommands, run on the web package in Node:
// the same arguments, the same files and the same JSON fields as the native command,
// so `.ci/cross-arch` runs wasm32 as a third machine beside x86_64 and aarch64.
//
//   node lockstep2d.mjs PKG run SCENE [--steps N] [--no-sleep] [--threads T] [--json]
//                               [--save-state FILE] [--load-state FILE]
//   node lockstep2d.mjs PKG record SCENE [--frames N] --out FILE
//   node lockstep2d.mjs PKG replay FILE
//   node lockstep2d.mjs PKG golden
//
// PKG is the folder `build.sh` wrote the package to (DIR/pkg). Exit codes as the
// native command's: 1 for an error, 2 for bad arguments, 3 for a replay that differs.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pkgDir, command, ...rest] = process.argv.slice(2);
if (!pkgDir || !command) usage("a package folder and a command");
const glue = pathToFileURL(resolve(pkgDir, "lockstep2d_web.js")).href;
const web = await import(glue);
web.initSync({ module: readFileSync(join(pkgDir, "lockstep2d_web_bg.wasm")) });

function usage(what) {
  console.error(`lockstep2d.mjs: ${what}`);
  process.exit(2);
}

// Flags and one positional argument, as the native command takes them.
function parse(args, valued) {
  const flags = {};
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) positional.push(arg);
    else if (valued.includes(arg)) flags[arg] = args[++i] ?? usage(`${arg} needs a value`);
    else flags[arg] = true;
  }
  return { flags, positional };
}

function run(args) {
  const { flags, positional } = parse(args, ["--steps", "--threads", "--save-state", "--load-state"]);
  const [scene] = positional;
  if (!scene) usage("run needs a scene");
  const world = web.World.fromScene(scene, flags["--no-sleep"] ? false : undefined);
  if (flags["--load-state"]) world.restore(readFileSync(flags["--load-state"]));
  // One thread here: the bits do not depend on the count, which is the point.
  const steps = Number(flags["--steps"] ?? 0);
  world.stepMany(steps);
  if (flags["--save-state"]) writeFileSync(flags["--save-state"], world.snapshot());
  const report = { scene, steps, bodies: world.bodyCount, state_hash: world.stateHash() };
  console.log(flags["--json"] ? JSON.stringify(report) : `${scene}: state hash ${report.state_hash}`);
}

function record(args) {
  const { flags, positional } = parse(args, ["--frames", "--out"]);
  const [scene] = positional;
  if (!scene || !flags["--out"]) usage("record needs a scene and --out FILE");
  writeFileSync(flags["--out"], web.record(scene, Number(flags["--frames"] ?? 600)));
}

function replay(args) {
  const [file] = args;
  if (!file) usage("replay needs a file");
  try {
    const frames = web.replay(readFileSync(file, "utf8"));
    console.log(`replayed ${frames} frames of ${file}: every state hash matches the recording`);
  } catch (e) {
    console.error(`lockstep2d.mjs: replay ${file}: ${e.message}`);
    process.exit(/ended with state hash/.test(e.message) ? 3 : 1);
  }
}

// The pinned scenes of the golden test: falling_hinges stepped until it all sleeps
// (at most 2,000 steps), large_pyramid after 300 steps.
function golden() {
  const hinges = web.World.fromScene("falling_hinges");
  while (hinges.awakeBodyCount > 0 && hinges.stepCount < 2000) hinges.step();
  const pyramid = web.World.fromScene("large_pyramid");
  pyramid.stepMany(300);
  console.log(`falling_hinges asleep at step ${hinges.stepCount} ${hinges.stateHash()}`);
  console.log(`large_pyramid after 300 steps ${pyramid.stateHash()}`);
}

const commands = { run, record, replay, golden };
if (!commands[command]) usage(`no command '${command}': run, record, replay or golden`);
try {
  commands[command](rest);
} catch (e) {
  console.error(`lockstep2d.mjs: ${e.message}`);
  process.exit(1);
}
