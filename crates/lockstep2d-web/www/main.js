// The web testbed: every named scene, and the hiker game, on one canvas at the
// display's rate. Each animation frame hands its duration to the engine's fixed-step
// driver (whole steps, the rest carried), then the testbed's renderer draws the frame
// at the interpolated poses into the module's memory, which goes to the canvas as is.
//
// `?scene=NAME` opens a scene (or `hiker`); `&sleep=off` keeps its bodies awake, as the
// command's `--no-sleep` does; `&show=bounds,centers,impulses` ticks the debug layers, as
// the command's `--show` does. `?frames=N` stops after N frames and
// writes a report (steps, state hash, where bodies were drawn) into #report, for the
// browser test; with `&script=climb` the hiker plays its built-in climb one step a
// frame, as `lockstep2d record hiker` does.
import init, { HikerGame, Testbed, sceneNames } from "./pkg/lockstep2d_web.js";

const HEADER = 40;
const canvas = document.getElementById("view");
const context = canvas.getContext("2d");
const status = document.getElementById("status");
const select = document.getElementById("scene");
const keys = document.getElementById("keys");
const layerBoxes = [...document.querySelectorAll("#layers input")];
const params = new URLSearchParams(location.search);
const stopAfter = Number(params.get("frames") ?? 0);
const scripted = params.get("script") === "climb";

const wasm = await init();
let app = null;
let frames = 0;
let last = null;

function say(text) {
  status.textContent = text;
}

function size() {
  return [Math.max(64, innerWidth), Math.max(64, innerHeight - HEADER)];
}

function open(name) {
  const [width, height] = size();
  canvas.width = width;
  canvas.height = height;
  app?.free();
  app = name === "hiker" ? new HikerGame(width, height) : new Testbed(name, width, height);
  select.value = name;
  keys.textContent =
    name === "hiker"
      ? "arrows or WASD: run, jump, crouch · E pick up · Q drop · F use · Tab switch"
      : "the overlay lists the keys · mouse: drag, wheel zoom, right-drag pan";
  frames = 0;
  showLayers();
  canvas.focus();
}

// The ticked debug layers, for a testbed scene (the hiker has its own look).
function showLayers() {
  const list = layerBoxes.filter((box) => box.checked).map((box) => box.value);
  if (app instanceof Testbed) app.showLayers(list.join(","));
}

function show() {
  const drawn = app.draw();
  const { ptr, width, height } = drawn;
  drawn.free();
  // A fresh view each frame: the module's memory may have grown since the last.
  const pixels = new Uint8ClampedArray(wasm.memory.buffer, ptr, 4 * width * height);
  context.putImageData(new ImageData(pixels, width, height), 0, 0);
}

function report() {
  const result = {
    scene: select.value,
    frames,
    steps: app.stepCount,
    state_hash: app.stateHash(),
    bodies: app instanceof Testbed ? Array.from(app.bodyPixels()) : [],
    hiker_x: app instanceof HikerGame ? app.hikerX : null,
  };
  const out = document.createElement("pre");
  out.id = "report";
  out.textContent = JSON.stringify(result);
  out.hidden = true;
  document.body.append(out);
  say(`stopped after ${frames} frames: ${result.steps} steps, state hash ${result.state_hash}`);
}

function frame(now) {
  const seconds = last === null ? 0 : (now - last) / 1000;
  last = now;
  try {
    const started = performance.now();
    if (scripted && app instanceof HikerGame) {
      app.playScriptedFrame();
    } else {
      app.frame(seconds);
    }
    if (app instanceof Testbed) {
      app.noteStepTime(performance.now() - started);
      if (select.value !== app.sceneName) select.value = app.sceneName;
    }
    show();
  } catch (error) {
    say(`error: ${error.message}`);
  }
  frames += 1;
  if (stopAfter > 0 && frames >= stopAfter) {
    report();
    return;
  }
  requestAnimationFrame(frame);
}

for (const name of [...sceneNames(), "hiker"]) {
  select.add(new Option(name, name));
}
select.addEventListener("change", () => open(select.value));
const shown = (params.get("show") ?? "").split(",");
for (const box of layerBoxes) {
  box.checked = shown.includes(box.value);
  box.addEventListener("change", () => {
    showLayers();
    canvas.focus();
  });
}

addEventListener("keydown", (event) => {
  if (event.target === select || layerBoxes.includes(event.target)) return;
  try {
    if (app.keyDown(event.code)) event.preventDefault();
  } catch (error) {
    say(`error: ${error.message}`);
  }
});
addEventListener("keyup", (event) => app.keyUp(event.code));

function at(event) {
  const box = canvas.getBoundingClientRect();
  return [event.clientX - box.left, event.clientY - box.top];
}
canvas.addEventListener("contextmenu", (event) => event.preventDefault());
canvas.addEventListener("mousedown", (event) => {
  if (!(app instanceof Testbed)) return;
  try {
    app.mouseDown(event.button, ...at(event));
  } catch (error) {
    say(`error: ${error.message}`);
  }
});
canvas.addEventListener("mousemove", (event) => {
  if (app instanceof Testbed) app.mouseMove(...at(event));
});
addEventListener("mouseup", (event) => {
  if (app instanceof Testbed) app.mouseUp(event.button);
});
canvas.addEventListener(
  "wheel",
  (event) => {
    if (!(app instanceof Testbed)) return;
    event.preventDefault();
    app.wheel(-Math.sign(event.deltaY), ...at(event));
  },
  { passive: false },
);
addEventListener("resize", () => {
  const [width, height] = size();
  canvas.width = width;
  canvas.height = height;
  app.resize(width, height);
});

try {
  open(params.get("scene") ?? "pyramid");
  if (params.get("sleep") === "off" && app instanceof Testbed) app.setSleep(false);
  say("");
  requestAnimationFrame(frame);
  document.body.dataset.running = "";
} catch (error) {
  say(`error: ${error.message}`);
}
