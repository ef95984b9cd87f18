// Serves a folder `build.sh` wrote on this machine only:
//
//   node crates/lockstep2d-web/serve.mjs web [--port 8080]
//
// then open http://127.0.0.1:8080/. It binds to loopback and serves files under the
// folder and nothing else, `.wasm` as application/wasm (what streaming compilation asks).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";

const args = process.argv.slice(2);
const root = resolve(args[0] ?? usage());
const portAt = args.indexOf("--port");
const port = portAt >= 0 ? Number(args[portAt + 1]) : 8080;
if (!Number.isInteger(port) || port < 0 || port > 65535) usage();

function usage() {
  console.error("serve.mjs: usage: node serve.mjs DIR [--port PORT]");
  process.exit(2);
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".ts": "text/plain; charset=utf-8",
  ".png": "image/png",
};

const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
  const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
  if (file !== root && !file.startsWith(root + sep)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    response.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
server.listen(port, "127.0.0.1", () => {
  console.log(`serving ${root} on http://127.0.0.1:${server.address().port}/`);
});
