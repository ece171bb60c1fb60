#!/usr/bin/env node
// Usage: node .ci/complete-lockfile.js package-lock.json  (run after every `npm install`).
// The npm registry reachable here lacks most platform builds of unrs-resolver (pulled in by
// @n8n/node-cli through eslint-import-resolver-typescript). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lock as out of sync. This restores their entries, with
// os/cpu set so npm skips them on this platform without fetching.
const fs = require('fs');
const f = process.argv[2];
const lock = JSON.parse(fs.readFileSync(f, 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
const map = {
  'android-arm-eabi': ['android', 'arm'], 'android-arm64': ['android', 'arm64'],
  'darwin-arm64': ['darwin', 'arm64'], 'darwin-x64': ['darwin', 'x64'], 'freebsd-x64': ['freebsd', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm'], 'linux-arm-musleabihf': ['linux', 'arm'],
  'linux-loong64-gnu': ['linux', 'loong64'], 'linux-loong64-musl': ['linux', 'loong64'],
  'linux-ppc64-gnu': ['linux', 'ppc64'], 'linux-riscv64-gnu': ['linux', 'riscv64'], 'linux-riscv64-musl': ['linux', 'riscv64'],
  'linux-s390x-gnu': ['linux', 's390x'], 'openharmony-arm64': ['openharmony', 'arm64'],
  'win32-arm64-msvc': ['win32', 'arm64'], 'win32-ia32-msvc': ['win32', 'ia32'], 'win32-x64-msvc': ['win32', 'x64'],
  'wasm32-wasi': [null, 'wasm32'],
};
let added = 0;
for (const name of Object.keys(parent.optionalDependencies || {})) {
  const key = 'node_modules/' + name;
  if (lock.packages[key]) continue;
  const suffix = name.replace('@unrs/resolver-binding-', '');
  const [os, cpu] = map[suffix] || [];
  const entry = { version: parent.optionalDependencies[name], dev: true, optional: true };
  if (cpu) entry.cpu = [cpu];
  if (os) entry.os = [os];
  lock.packages[key] = entry; added++;
}
fs.writeFileSync(f, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
