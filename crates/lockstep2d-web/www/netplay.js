// One player of a rollback session over WebRTC, in the browser, against native peers
// (`lockstep2d netplay --signal`) or other pages: the room is joined through a
// signalling server (`lockstep2d signal`), the session starts once its players are all
// there, and the page plays its player from the keyboard at 60 frames a second.
//
// `?room=ws://HOST:PORT/ROOM&players=N&scene=NAME` joins; `&script=1` plays the
// scripted pads the native peers play headless, and `&frames=N` writes, once frame N
// is confirmed, a report (player, frame, state hash, desyncs) into #report, then plays
// on for a while so the other peers confirm it too.
import init, { Room, scriptedPad } from "./pkg/lockstep2d_web.js";

const HEADER = 40;
const FRAME_MS = 1000 / 60;
// How long the page plays on after its report, for the other peers' sake.
const LINGER_MS = 1500;
const BUTTONS = { ArrowLeft: 1, ArrowRight: 2, Space: 4, ArrowDown: 8 };

const canvas = document.getElementById("view");
const context = canvas.getContext("2d");
const status = document.getElementById("status");
const params = new URLSearchParams(location.search);
const target = Number(params.get("frames") ?? 0);
const scripted = params.get("script") === "1";
const held = new Set();

const wasm = await init();
canvas.width = Math.max(64, innerWidth);
canvas.height = Math.max(64, innerHeight - HEADER);

function say(text) {
  status.textContent = text;
}

function report(peer) {
  const out = document.createElement("pre");
  out.id = "report";
  out.hidden = true;
  const hash = peer.hashAt(target);
  out.textContent = JSON.stringify({ player: peer.player, frame: target, hash, desyncs: peer.desyncs });
  document.body.append(out);
  say(`player ${peer.player}: frame ${target} confirmed with state hash ${hash}`);
}

function buttons(peer) {
  if (scripted) return scriptedPad(peer.player, peer.frame);
  let bits = 0;
  for (const code of held) bits |= BUTTONS[code] ?? 0;
  return bits;
}

function show(peer) {
  const drawn = peer.draw();
  const { ptr, width, height } = drawn;
  drawn.free();
  const pixels = new Uint8ClampedArray(wasm.memory.buffer, ptr, 4 * width * height);
  context.putImageData(new ImageData(pixels, width, height), 0, 0);
}

function play(peer) {
  let due = performance.now();
  let reportedAt = null;
  function tick(now) {
    try {
      // Whole frames at 60 a second, one frame late at most; a peer ahead waits.
      while (now >= due) {
        due += peer.framesAhead > 0 ? 1.1 * FRAME_MS : FRAME_MS;
        peer.advance(buttons(peer));
      }
      peer.poll();
      show(peer);
      if (target > 0 && reportedAt === null && (peer.confirmedFrame >= target || peer.desyncs > 0)) {
        report(peer);
        reportedAt = now;
      }
      if (reportedAt === null || now < reportedAt + LINGER_MS) requestAnimationFrame(tick);
      else if (!scripted) requestAnimationFrame(tick);
    } catch (error) {
      say(`error: ${error.message}`);
    }
  }
  requestAnimationFrame(tick);
}

function join() {
  const url = params.get("room");
  if (!url) {
    say("no room: open this page with ?room=ws://HOST:PORT/ROOM&players=2&scene=pyramid");
    return;
  }
  const players = Number(params.get("players") ?? 2);
  const room = new Room(url, players, params.get("scene") ?? "pyramid");
  say(`joining ${url}: waiting for ${players} players…`);
  document.body.dataset.running = "";
  const waiting = setInterval(() => {
    try {
      if (!room.isFull()) return;
      clearInterval(waiting);
      const peer = room.start(canvas.width, canvas.height);
      say(`player ${peer.player} of ${peer.players}`);
      play(peer);
    } catch (error) {
      clearInterval(waiting);
      say(`error: ${error.message}`);
    }
  }, 10);
}

addEventListener("keydown", (event) => {
  if (event.code in BUTTONS) {
    held.add(event.code);
    event.preventDefault();
  }
});
addEventListener("keyup", (event) => held.delete(event.code));
join();
