/**
 * How a test that cannot run says why. A test skipped because a tool is missing gives the
 * reason `needs <tool>: <why>`; scripts/run-tests.mjs lists every skip with its reason and, under
 * CI=true, fails the run when the tool is one that .ci/run installs (chromium, redis-server,
 * python3, g++): there the skip would mean the install failed and the test silently never ran.
 */
export function needsTool(tool: string, why: string): string {
  return `needs ${tool}: ${why}`
}
