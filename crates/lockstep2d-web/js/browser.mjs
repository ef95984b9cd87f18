// The browser test: headless Chromium (Debian's, driven by playwright-core) loads the
// built page from a local server, plays `pyramid` through the page's own animation
// loop and the hiker's climb one step a frame, and the page's state hashes must equal
// the native command's for the same steps; a screenshot of the canvas must show the
// scene (not one colour) and something drawn where the page says each body is.
//
//   node browser.mjs DIR NATIVE_CLI [--screenshot FILE]
//
// DIR is what `build.sh --out DIR` wrote; NATIVE_CLI the `lockstep2d` binary.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { check, finish } from "./checks.mjs";
import { decodePng } from "./png.mjs";

const [site, native, ...rest] = process.argv.slice(2);
if (!site || !native) {
  console.error("browser.mjs: usage: node browser.mjs DIR NATIVE_CLI [--screenshot FILE]");
  process.exit(2);
}
const screenshotAt = rest.indexOf("--screenshot");
const screenshotFile = screenshotAt >= 0 ? rest[screenshotAt + 1] : null;
const PYRAMID_FRAMES = 240;
const HIKER_FRAMES = 300;
const KEYBOARD_FRAMES = 150;
const here = dirname(fileURLToPath(import.meta.url));


// The native command's JSON.
function nativeJson(...args) {
  return JSON.parse(execFileSync(native, [...args, "--json"], { encoding: "utf8" }));
}

// The server on a free loopback port, and its address once it listens.
function serve() {
  const server = spawn(process.execPath, [join(here, "..", "serve.mjs"), site, "--port", "0"]);
  return new Promise((ready, fail) => {
    server.stdout.on("data", (data) => {
      const url = /http:\/\/[0-9.:]+\//.exec(String(data));
      if (url) ready({ server, url: url[0] });
    });
    server.on("exit", (code) => fail(new Error(`the server stopped (${code})`)));
  });
}

// Opens the page with `query` and waits for its report; `keys` are held from the
// start.
async function play(browser, url, query, keys = []) {
  const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${url}?${query}`);
  // The page's module may still be loading after the load event: wait until it runs.
  await page.waitForSelector("body[data-running]", { state: "attached" });
  for (const key of keys) await page.keyboard.down(key);
  const report = JSON.parse(await page.locator("#report").textContent({ timeout: 180_000 }));
  const status = await page.locator("#status").textContent();
  check(errors.length === 0 && !status.startsWith("error"), `${query}: no errors (${errors.join("; ") || status})`);
  return { page, report };
}

// The colour most pixels have: the background.
function commonest(picture) {
  const counts = new Map();
  for (let i = 0; i < picture.pixels.length; i += 4 * 97) {
    const key = picture.pixels.readUInt32BE(i);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

async function pyramid(browser, url) {
  const query = `scene=pyramid&sleep=off&frames=${PYRAMID_FRAMES}`;
  const { page, report } = await play(browser, url, query);
  // Awake, the pyramid's hash changes every step: the page's is that of these steps.
  const native = (steps) => nativeJson("run", "pyramid", "--steps", String(steps), "--no-sleep").state_hash;
  const [expected, stepBefore] = [native(report.steps), native(report.steps - 1)];
  check(report.steps > 0, `pyramid: ${report.frames} animation frames ran ${report.steps} steps`);
  check(
    report.state_hash === expected && expected !== stepBefore,
    `pyramid after ${report.steps} steps, awake: page ${report.state_hash}, native ${expected} (a step before: ${stepBefore})`,
  );
  const png = await page.locator("canvas").screenshot();
  if (screenshotFile) writeFileSync(screenshotFile, png);
  const picture = decodePng(png);
  const background = commonest(picture);
  let drawn = 0;
  for (let i = 0; i < picture.pixels.length; i += 4) {
    if (picture.pixels.readUInt32BE(i) !== background) drawn += 1;
  }
  const share = drawn / (picture.width * picture.height);
  check(share > 0.02, `pyramid: ${(100 * share).toFixed(1)} % of the canvas drawn`);
  let onBodies = 0;
  const bodies = report.bodies.length / 2;
  for (let b = 0; b < bodies; b++) {
    const [x, y] = [Math.round(report.bodies[2 * b]), Math.round(report.bodies[2 * b + 1])];
    const inside = x >= 0 && y >= 0 && x < picture.width && y < picture.height;
    if (inside && picture.pixels.readUInt32BE(4 * (y * picture.width + x)) !== background) {
      onBodies += 1;
    }
  }
  check(bodies > 0 && onBodies === bodies, `pyramid: ${onBodies} of ${bodies} bodies drawn where the world has them`);
  await page.close();
}

async function hiker(browser, url) {
  const { page, report } = await play(browser, url, `scene=hiker&script=climb&frames=${HIKER_FRAMES}`);
  const work = mkdtempSync(join(tmpdir(), "lockstep2d-browser-"));
  try {
    const recorded = nativeJson("record", "hiker", "--frames", String(HIKER_FRAMES), "--out", join(work, "hiker.json"));
    check(
      report.state_hash === recorded.last_state_hash,
      `hiker's climb after ${report.steps} steps: page ${report.state_hash}, native ${recorded.last_state_hash}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  await page.close();
}

// The hiker from the keyboard: held right, it climbs away from where it idles.
async function hikerKeys(browser, url) {
  const query = `scene=hiker&frames=${KEYBOARD_FRAMES}`;
  const quiet = await play(browser, url, query);
  const idle = quiet.report.hiker_x;
  await quiet.page.close();
  const { page, report } = await play(browser, url, query, ["ArrowRight"]);
  check(report.hiker_x > idle + 2, `hiker: held right, at x = ${report.hiker_x} m; idle, ${idle} m`);
  await page.close();
}

const { server, url } = await serve();
// As root and without a display: no sandbox, no GPU, and nothing that reaches out.
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  await pyramid(browser, url);
  await hiker(browser, url);
  await hikerKeys(browser, url);
} catch (error) {
  check(false, `the browser test ran: ${error.message}`);
} finally {
  await browser.close();
  server.kill();
}
finish("browser");
