// Cross-play: a native peer (`lockstep2d netplay --signal`) and headless Chromium
// running the netplay page play one session of `pyramid` over WebRTC through a local
// signalling server (`lockstep2d signal`), both on the scripted pads: they must report
// the same state hash for the same confirmed frame, without a desync. Then again with
// loss, delay and jitter on what the native peer receives.
//
//   node netplay.mjs DIR NATIVE_CLI
//
// DIR is what `build.sh --out DIR` wrote; NATIVE_CLI the `lockstep2d` binary. Run it
// inside a network namespace of its own with only loopback (see `.ci/web`): WebRTC
// gathers candidates on every interface, and no STUN or TURN server is given.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { check, finish } from "./checks.mjs";

const [site, native] = process.argv.slice(2);
if (!site || !native) {
  console.error("netplay.mjs: usage: node netplay.mjs DIR NATIVE_CLI");
  process.exit(2);
}
const FRAMES = 900;
const here = dirname(fileURLToPath(import.meta.url));


// A child process and the first match of `pattern` in what it prints.
function started(command, args, pattern) {
  const child = spawn(command, args);
  return new Promise((ready, fail) => {
    child.stdout.on("data", (data) => {
      const found = pattern.exec(String(data));
      if (found) ready({ child, found: found[1] });
    });
    child.on("exit", (code) => fail(new Error(`${command} stopped (${code})`)));
  });
}

// Everything a child prints, once it ends.
function ended(child) {
  let out = "";
  let err = "";
  child.stdout.on("data", (data) => (out += data));
  child.stderr.on("data", (data) => (err += data));
  return new Promise((done) => child.on("exit", (code) => done({ code, out, err })));
}

async function session(context, web, rooms, room, faults) {
  const args = ["netplay", "pyramid", "--signal", `${rooms}/${room}`, "--players", "2"];
  const nativePeer = spawn(native, [...args, "--frames", String(FRAMES), "--json", ...faults]);
  const nativeEnd = ended(nativePeer);
  const page = await context.newPage({ viewport: { width: 800, height: 500 } });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const query = new URLSearchParams({ room: `${rooms}/${room}`, players: "2", scene: "pyramid", script: "1", frames: String(FRAMES) });
  await page.goto(`${web}netplay.html?${query}`);
  const text = await page.locator("#report").textContent({ timeout: 120_000 });
  const browserReport = JSON.parse(text);
  const { code, out, err } = await nativeEnd;
  await page.close();
  const what = faults.length ? `with ${faults.join(" ")} on the native side` : "clean";
  check(errors.length === 0, `${what}: the page ran without errors (${errors.join("; ")})`);
  check(code === 0, `${what}: the native peer ended cleanly (${err.trim()})`);
  const nativeReport = code === 0 ? JSON.parse(out) : {};
  check(
    browserReport.hash !== null && browserReport.hash === nativeReport.hash,
    `${what}: frame ${FRAMES}, browser player ${browserReport.player} ${browserReport.hash}, native player ${nativeReport.player} ${nativeReport.hash}`,
  );
  check(browserReport.desyncs === 0 && (nativeReport.desyncs ?? []).length === 0, `${what}: no desync`);
  return nativeReport;
}

const signal = await started(native, ["signal", "--port", "0"], /rooms at (ws:\/\/[0-9.:]+)\/ROOM/);
const server = await started(process.execPath, [join(here, "..", "serve.mjs"), site, "--port", "0"], /(http:\/\/[0-9.:]+\/)/);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // WebRTC offers loopback candidates only when asked: the namespace has nothing else.
    "--allow-loopback-in-peer-connection",
    // A page may use the machine's addresses only with media permission; otherwise it
    // offers the default route's, which the namespace does not have. Granted below,
    // with fake devices, nothing is captured.
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ],
});
const context = await browser.newContext({ permissions: ["camera", "microphone"] });
try {
  await session(context, server.found, signal.found, "clean", []);
  const faulty = await session(context, server.found, signal.found, "faulty", [
    "--loss", "0.1", "--delay-ms", "60", "--jitter-ms", "20",
  ]);
  const lost = (faulty.packets?.lost ?? 0) / Math.max(1, faulty.packets?.received ?? 0);
  check(lost > 0.05 && (faulty.rollbacks ?? 0) > 0, `the faults were there: ${(100 * lost).toFixed(1)} % lost, ${faulty.rollbacks} rollbacks`);
} catch (error) {
  check(false, `the cross-play test ran: ${error.message}`);
} finally {
  await browser.close();
  server.child.kill();
  signal.child.kill();
}
finish("netplay");
