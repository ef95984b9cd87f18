// The JavaScript API on the built package, under Node's test runner:
//
//   LOCKSTEP2D_PKG=target/web/pkg node --test crates/lockstep2d-web/js/
//
// Physics through the calls a page makes, and bad input as an Error that changes
// nothing and leaves the module running.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const pkg = resolve(process.env.LOCKSTEP2D_PKG ?? "target/web/pkg");
const web = await import(pathToFileURL(join(pkg, "lockstep2d_web.js")).href);
const wasm = web.initSync({ module: readFileSync(join(pkg, "lockstep2d_web_bg.wasm")) });
const { HikerGame, Material, Testbed, World, record, replay, sceneNames } = web;

const rock = () => new Material(1, 0.6, 0);

// A ground whose top is at y = 0 and a ball of radius 0.5 at height `y`.
function ballAbove(y) {
  const world = new World(0, -10);
  const ground = world.createBody("static", 0, -0.5, 0);
  world.addBox(ground, 20, 0.5, rock());
  const ball = world.createBody("dynamic", 0, y, 0);
  world.addCircle(ball, 0.5, rock());
  return { world, ball };
}

test("a ball made by calls falls as the leapfrog's parabola says, and rests on the ground", () => {
  const { world, ball } = ballAbove(10);
  world.stepMany(30);
  const y = world.poses()[3 * ball + 1];
  // Half a second of free fall at 10 m/s².
  assert.ok(Math.abs(y - (10 - 0.5 * 10 * 0.25)) < 1e-3, `y = ${y}`);
  world.stepMany(180);
  const rest = world.poses()[3 * ball + 1];
  assert.ok(Math.abs(rest - 0.5) < 0.01, `resting at ${rest}`);
});

test("a frame runs the whole steps it is worth and poses are interpolated between steps", () => {
  const { world, ball } = ballAbove(10);
  assert.equal(world.advance(3.6 / 60), 3, "three steps, 0.6 of one carried");
  const shown = world.poses()[3 * ball + 1];
  const heights = [2, 3].map((steps) => {
    const { world: other, ball: same } = ballAbove(10);
    other.stepMany(steps);
    return other.poses()[3 * same + 1];
  });
  // Interpolation shows the state one step back, 0.6 of the way to the last step.
  const expected = heights[0] + 0.6 * (heights[1] - heights[0]);
  assert.ok(Math.abs(shown - expected) < 1e-4, `shown ${shown}, expected ${expected}`);
  assert.equal(world.advance(0.5 / 60), 1, "the carried 0.6 and this frame's 0.5 make a step");
});

test("a ray down meets the ground's top", () => {
  const { world } = ballAbove(10);
  const hit = world.castRay(3, 5, 0, -10);
  assert.ok(hit, "a hit");
  assert.equal(hit.body, 0);
  assert.ok(Math.abs(hit.y) < 1e-5 && hit.ny > 0.999, `${hit.y}, normal ${hit.ny}`);
  assert.equal(world.castRay(3, 5, 0, 1), undefined, "upwards meets nothing");
});

test("a snapshot restored steps on to the same bits, and survives its bytes", () => {
  const world = World.fromScene("pyramid");
  world.stepMany(30);
  const saved = world.snapshot();
  assert.ok(saved instanceof Uint8Array && saved.length > 100);
  world.stepMany(30);
  const once = world.stateHash();
  const other = World.fromScene("pyramid");
  other.restore(saved.slice());
  other.stepMany(30);
  assert.equal(other.stateHash(), once);
});

test("bad input is an Error with the engine's message and changes nothing", () => {
  const world = World.fromScene("pyramid");
  world.stepMany(5);
  const hash = world.stateHash();
  const bodies = world.bodyCount;
  assert.throws(() => World.fromScene("no_such_scene"), /no scene named 'no_such_scene'/);
  assert.throws(() => World.fromJson("{\"bodies\": [{\"shapes\": [{\"type\": \"circle\", \"radius\": -1}]}]}"), /bodies\[0\]\.shapes\[0\]/);
  assert.throws(() => world.restore(new Uint8Array([1, 2, 3])), /snapshot/);
  const damaged = world.snapshot();
  damaged[damaged.length - 1] ^= 0xff;
  assert.throws(() => world.restore(damaged), /snapshot/);
  assert.throws(() => world.createBody("floating", 0, 0, 0), /no body kind 'floating'/);
  assert.throws(() => world.addBox(0, -1, 1, rock()), /half/);
  assert.throws(() => world.addCircle(0, 0.5, new Material(-1, 0.5, 0)), /density/);
  assert.throws(() => world.addCircle(99999, 0.5, rock()), /body 99999/);
  assert.throws(() => world.addPolygon(0, new Float32Array([0, 0, 1]), rock()), /pairs/);
  assert.throws(() => world.createBody("dynamic", NaN, 0, 0), /finite/);
  assert.throws(() => world.advance(-1), /seconds/);
  assert.throws(() => new Testbed("pyramid", 30000, 30000), /each side 1 to 8192/);
  assert.throws(() => new Testbed("no_such_scene", 64, 64), /no scene named/);
  assert.throws(() => new HikerGame(0, 64), /each side/);
  assert.equal(world.stateHash(), hash, "nothing changed");
  assert.equal(world.bodyCount, bodies);
  world.step();
  assert.notEqual(world.stateHash(), hash, "and the module still steps");
});

test("a recording replays here, and a changed hash is found at its frame", () => {
  assert.ok(sceneNames().includes("pyramid"));
  const text = record("pyramid", 40);
  assert.equal(replay(text), 40);
  const recording = JSON.parse(text);
  recording.frames[17].state_hash = "0000000000000000";
  assert.throws(() => replay(JSON.stringify(recording)), /frame 17/);
  assert.equal(replay(record("hiker", 30)), 30);
  assert.throws(() => replay("not json"), Error);
});

test("the testbed draws the debug layers it is asked for, and refuses a layer it does not know", () => {
  const testbed = new Testbed("pyramid", 320, 180);
  testbed.frame(0.5);
  const picture = () => {
    const drawn = testbed.draw();
    const { ptr, width, height } = drawn;
    drawn.free();
    return Uint8Array.from(new Uint8Array(wasm.memory.buffer, ptr, 4 * width * height));
  };
  // Pixels of the engine's magenta for a bounding box, whole or blended at a line's
  // edge: no other colour of the picture is red and blue with so little green.
  const boxPixels = (rgba) => {
    let count = 0;
    for (let i = 0; i < rgba.length; i += 4) {
      const [r, g, b] = [rgba[i], rgba[i + 1], rgba[i + 2]];
      count += r > 120 && b > 120 && g < r - 60 ? 1 : 0;
    }
    return count;
  };
  const plain = picture();
  assert.equal(boxPixels(plain), 0);
  assert.throws(() => testbed.showLayers("bounds,mass"), /"mass"/);
  assert.deepEqual(picture(), plain, "a refused list changes nothing");
  testbed.showLayers("bounds");
  const boxed = boxPixels(picture());
  assert.ok(boxed > 1000, `every box outlined: ${boxed} pixels`);
  testbed.showLayers("");
  assert.deepEqual(picture(), plain);
  testbed.free();
});
