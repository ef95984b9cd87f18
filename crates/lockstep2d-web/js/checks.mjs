// The browser scripts' checks: a line each, `ok` or `FAILED`, and at the end the
// counts and the exit code.
let passed = 0;
let failed = 0;

export function check(ok, what) {
  console.log(`${ok ? "ok" : "FAILED"}: ${what}`);
  if (ok) passed += 1;
  else failed += 1;
}

export function finish(name) {
  console.log(`${name}: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
