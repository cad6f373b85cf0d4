// Deckmate in a browser: the firmware's side of the page, run in a Web Worker so that the
// page stays live whatever the firmware does (a bot's think runs for seconds in one pass of
// the app's loop). deckmate.js, the page, starts it from a blob: URL (the site carries this
// file as text in runtime.js: a page opened from the disk may not load a worker's script by
// its URL) and hands it, in its first message, the npm package's micropython.mjs and
// micropython.wasm, the firmware image, the flash as last saved, the device id and the keys.
//
// Here MicroPython runs main.py on the board definition firmware/boards/browser.py, which
// talks to the module `deckmate_page` that this file registers:
// - show(rows, first, palette): the frame buffer's changed rows, posted to the page, which
//   draws them on its canvas;
// - key_down(name): the keys' state that the page keeps (a press and a release counted per
//   key); where the page is cross-origin isolated it shares the counts (SharedArrayBuffer), so
//   a key is read the moment it goes down, even within a pass; else they come in a message,
//   read between two passes (a key pressed during a bot's think is read after it);
// - run(step): the app's passes (deckapp/shell.py, App.step) on this worker's event loop;
// - flash_changed(), idle(): what changed on the file system is posted to the page, which
//   keeps it in IndexedDB;
// - reset(): the flash posted; the page starts a fresh worker, which runs main.py again;
// - give(name, paths): files of the flash posted to the page as a download (a zip archive
//   for .zip);
// - device_id(), backlight(percent).
"use strict";

const HEAP_BYTES = 1024 * 1024;  // the port's first heap (it grows when it must)
const SETTLE_MS = 40;       // > deckhw/buttons.py DEBOUNCE_MS: a tap is read as a press
const LONG_PASS_MS = 30;    // a pass this long is told to the page (a bot's think)
const SAVE_EVERY_MS = 1000;  // while the app works, what changed is posted at most this often
const SYSTEM_FOLDERS = ["tmp", "home", "dev", "proc"];  // the port's own, not the flash's

let interpreter = null;
let step = null;
let keys = null;  // the page's Int32Array [version, presses of each key..., releases of each key...]
                  // (shared with it, or the copy it last posted)
let keyNames = [];
const keysRead = {};    // key -> {pressesRead, since}: a press the firmware is reading
const image = new Set();  // the image's paths (the flash is the rest of the file system)
const saved = {files: new Map(), stamps: new Map(), changed: false, at: 0};
let stopping = false;   // a reset asked for: no more passes
let lastIdle = null;    // "version:pending" of the last idle told to the page
const reads = {last: 0, longest: 0};  // this pass: when the keys were last read, the longest gap

function post(message, transfer) {
  postMessage(message, transfer || []);
}

// ---- the keys -------------------------------------------------------------------------------

function count(index) {
  return Atomics.load(keys, index);
}

// Whether the firmware reads `name` down: from the press until the key is let go, and a
// press let go before the firmware has read it down for SETTLE_MS stays down until then (the
// debouncer takes a tap as a press, however short).
function keyDown(name) {
  const now = performance.now();
  reads.longest = Math.max(reads.longest, now - reads.last);
  reads.last = now;
  const index = keyNames.indexOf(name);
  const presses = count(1 + index), releases = count(1 + keyNames.length + index);
  const read = keysRead[name] || (keysRead[name] = {pressesRead: 0, since: null});
  if (read.pressesRead === presses) {
    return false;  // every press read
  }
  if (read.since === null) {
    read.since = now;
  }
  if (releases === presses && now - read.since >= SETTLE_MS) {
    read.pressesRead = presses;
    read.since = null;
    return false;
  }
  return true;
}

// A key the firmware has not yet read through (the page is not settled while there is one).
function keysPending() {
  return keyNames.some((name, index) =>
    (keysRead[name] ? keysRead[name].pressesRead : 0) !== count(1 + index));
}

// ---- the panel ------------------------------------------------------------------------------

function show(rowsProxy, first, paletteProxy) {
  const rows = new Uint8Array(interpreter.PyProxy.toJs(rowsProxy));
  const palette = new Uint8Array(interpreter.PyProxy.toJs(paletteProxy));
  post({show: rows, first: first, palette: palette}, [rows.buffer, palette.buffer]);
}

// ---- the flash ------------------------------------------------------------------------------

function flashPaths(FS, folder, found) {
  for (const name of FS.readdir(folder)) {
    if (name === "." || name === ".." || (folder === "/" && SYSTEM_FOLDERS.includes(name))) {
      continue;
    }
    const path = (folder === "/" ? "" : folder) + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) {
      flashPaths(FS, path, found);
    } else if (!image.has(path)) {
      found.push(path);
    }
  }
  return found;
}

function same(a, b) {
  if (a.length !== b.length) {
    return false;
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
}

// Post what changed on the flash since the last save: the files that differ from it and the
// ones removed, in one message, so the page keeps the file system as it was at one moment.
function saveFlash() {
  if (!saved.changed) {
    return;
  }
  saved.changed = false;
  saved.at = performance.now();
  const FS = interpreter.FS;
  const now = new Map();
  const stamps = new Map();
  const written = [];
  for (const path of flashPaths(FS, "/", [])) {
    // a file read again only when its inode, size or time changed (the store appends to its
    // logs and replaces its other files by renaming a new one over them)
    const status = FS.stat(path);
    const stamp = status.ino + ":" + status.size + ":" + status.mtime.getTime();
    stamps.set(path, stamp);
    if (saved.stamps.get(path) === stamp && saved.files.has(path)) {
      now.set(path, saved.files.get(path));
      continue;
    }
    const bytes = FS.readFile(path);
    now.set(path, bytes);
    if (!saved.files.has(path) || !same(saved.files.get(path), bytes)) {
      written.push([path, bytes.slice()]);
    }
  }
  const removed = [...saved.files.keys()].filter((path) => !now.has(path));
  saved.files = now;
  saved.stamps = stamps;
  if (written.length || removed.length) {
    post({saved: written, removed: removed}, written.map(([, bytes]) => bytes.buffer));
  }
}

function makeFolders(FS, path) {
  let folder = "";
  for (const part of path.split("/").slice(1, -1)) {
    folder += "/" + part;
    try {
      FS.mkdir(folder);
    } catch (exists) {
      // already there
    }
  }
}

// ---- files out ------------------------------------------------------------------------------

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
  }
  return c;
});

function crc32(bytes) {
  let c = 0xFFFFFFFF;
  for (let i = 0; i < bytes.length; i++) {
    c = CRC_TABLE[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
  }
  return (c ^ 0xFFFFFFFF) >>> 0;
}

// A zip archive (PKWARE APPNOTE 6.3.10) of stored files: local headers, then the central
// directory and its end record.
function zipArchive(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const [name, bytes] of entries) {
    const nameBytes = new TextEncoder().encode(name);
    const crc = crc32(bytes);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034B50, true);
    local.setUint16(4, 20, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, bytes.length, true);
    local.setUint32(22, bytes.length, true);
    local.setUint16(26, nameBytes.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014B50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, bytes.length, true);
    entry.setUint32(24, bytes.length, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    parts.push(local, nameBytes, bytes);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + bytes.length;
  }
  const size = central.reduce((sum, part) => sum + part.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054B50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], {type: "application/zip"});
}

function give(name, pathsProxy) {
  const paths = interpreter.PyProxy.toJs(pathsProxy);
  const FS = interpreter.FS;
  const blob = name.endsWith(".zip")
    ? zipArchive(paths.map((path) => [path.split("/").pop(), FS.readFile(path)]))
    : new Blob([FS.readFile(paths[0])], {type: "application/x-ndjson"});
  post({give: name, blob: blob});
}

// ---- the loop -------------------------------------------------------------------------------

const wakeUp = new MessageChannel();  // a pass with no wait: no setTimeout clamping

function schedule(wait) {
  if (wait > 0) {
    setTimeout(pass, wait);
  } else {
    wakeUp.port2.postMessage(null);
  }
}
wakeUp.port1.onmessage = () => pass();

function pass() {
  if (stopping) {
    return;
  }
  const version = count(0);  // the keys as they were when the pass began
  let wait;
  const started = performance.now();
  reads.last = started;
  reads.longest = 0;
  try {
    wait = step(Math.floor(started) & 0x3FFFFFFF);
  } catch (error) {
    stopped(error);
    return;
  }
  const ended = performance.now();
  const took = ended - started;
  if (took > LONG_PASS_MS) {  // and the longest the keys went unread in it
    post({pass: took, began: performance.timeOrigin + started,
          unread: Math.max(reads.longest, ended - reads.last)});
  }
  if (wait > 0) {  // the app went idle (board.idle): tell the page, once
    const idle = version + ":" + keysPending();
    if (idle !== lastIdle) {
      lastIdle = idle;
      post({idle: version, pending: keysPending()});
    }
  } else {
    lastIdle = null;
    if (saved.changed && performance.now() - saved.at > SAVE_EVERY_MS) {
      saveFlash();
    }
  }
  schedule(wait);
}

// The interpreter ended: a reset (SystemExit) asks the page for a fresh worker; anything else
// is told to the page.
function stopped(error) {
  if (error && error.type === "SystemExit") {
    reset();
    return;
  }
  stopping = true;
  post({failed: error && error.message ? error.message : String(error)});
}

function reset() {
  stopping = true;
  saved.changed = true;
  saveFlash();
  post({reset: true});
}

const board = {
  show: show,
  key_down: keyDown,
  backlight: (percent) => post({backlight: percent}),
  device_id: () => deviceId,
  idle: saveFlash,
  flash_changed: () => {
    saved.changed = true;
  },
  run: (appStep) => {
    step = appStep;
  },
  reset: () => {
    stopping = true;  // the pass ends in SystemExit; stopped() then asks for the fresh worker
  },
  give: give,
};
let deviceId = null;

function printed(text) {
  console.log(text);
}

// The page's messages: the first starts the firmware; later ones bring the keys (where they
// are not shared) or ask for a reset.
onmessage = async (event) => {
  const message = event.data;
  if (message.keys) {
    keys = message.keys;
  }
  if (message.reset) {
    reset();
  }
  if (!message.start) {
    return;
  }
  keyNames = message.keyNames;
  keyNames.forEach((name, index) => {  // the presses before this boot are not the firmware's
    keysRead[name] = {pressesRead: count(1 + index), since: null};
  });
  deviceId = message.deviceId;
  try {
    const module = URL.createObjectURL(new Blob([message.mjs], {type: "text/javascript"}));
    const wasm = URL.createObjectURL(new Blob([message.wasm], {type: "application/wasm"}));
    const {loadMicroPython} = await import(module);
    interpreter = await loadMicroPython({url: wasm, heapsize: HEAP_BYTES, stdout: printed,
                                         stderr: printed});
    const FS = interpreter.FS;
    for (const [path, bytes] of message.image) {
      image.add(path);
      makeFolders(FS, path);
      FS.writeFile(path, bytes);
    }
    for (const [path, bytes] of message.flash) {
      makeFolders(FS, path);
      FS.writeFile(path, bytes);
      saved.files.set(path, bytes);
    }
    interpreter.registerJsModule("deckmate_page", board);
    interpreter.runPython(new TextDecoder().decode(message.image.get("/main.py")));
  } catch (error) {
    stopped(error);
    return;
  }
  if (stopping) {
    return;
  }
  if (step === null) {
    post({failed: "The firmware ended at boot (safe mode: X was held)."});
    return;
  }
  post({running: performance.getEntriesByType("resource").map((entry) => entry.name)});
  schedule(0);
};
