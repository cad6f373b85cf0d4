// Deckmate in a browser: the page that runs the device's firmware in MicroPython's WebAssembly
// port (npm @micropython/micropython-webassembly-pyscript), on the board definition
// firmware/boards/browser.py. `deckmate web --out DIR` writes it beside two scripts made from
// the project's files: runtime.js (DECKMATE_RUNTIME: the npm package's micropython.mjs as text
// and micropython.wasm in base64) and firmware.js (DECKMATE_FIRMWARE: the firmware image as a
// board gets it, each file in base64). Everything loads through <script> tags and blob: URLs,
// so the page works from the disk (file://) as from any static host, and asks nothing of any
// other place.
//
// What the page is to the board (boards/browser.py talks to the module `deckmate_page`):
// - show(rows, first, palette): the frame buffer's changed rows (GS4_HMSB, two pixels a byte,
//   the left one in the high nibble) drawn on the canvas through the palette, rounded to RGB565;
// - key_down(name): the on-screen keys (mouse and touch) and the keyboard, as in `deckmate sim`;
//   a key let go before the firmware has read it down for SETTLE_MS stays down until then;
// - run(step): the app's passes (deckapp/shell.py, App.step) on the page's event loop;
// - flash_changed(): a file was written, made, renamed or removed;
// - idle(): nothing left to do: what changed on the flash is saved in IndexedDB;
// - reset(): the flash saved; after the pass's SystemExit the page loads again and a fresh
//   interpreter runs main.py;
// - give(name, paths): files of the flash offered as a download (a zip archive for .zip);
// - device_id(), backlight(percent).
"use strict";

(function () {
  const SIZE = 240;
  const ROW_BYTES = SIZE / 2;
  const SETTLE_MS = 40;       // > deckhw/buttons.py DEBOUNCE_MS: a tap is read as a press
  const HEAP_BYTES = 1024 * 1024;  // the port's first heap (it grows when it must)
  const SYSTEM_FOLDERS = ["tmp", "home", "dev", "proc"];  // the port's own, not the flash's
  const DATABASE = "deckmate";
  const SESSION = "deckmate-page";  // sessionStorage: what the page measured, across resets
  // keyboard key (KeyboardEvent.key, lower case) -> board key, as `deckmate sim` has them
  const KEYBOARD = {
    arrowup: "up", arrowdown: "down", arrowleft: "left", arrowright: "right",
    enter: "press", " ": "press", a: "a", b: "b", x: "x", y: "y",
  };

  // What the page tells a person's tools and the tests (tests/host/test_web_page.py).
  const page = window.deckmatePage = {
    status: "loading",   // "running" once main.py handed over the loop; "failed"
    boots: 0,            // interpreters started (a reset starts one more)
    responses: [],       // ms from a key going down to the frame that paints the change
    thinks: [],          // ms of passes longer than LONG_PASS_MS (a bot's decision)
    downloads: [],       // names of the files offered
    idleSinceKeys: false,  // the app went idle since the keys last changed
    // The app is waiting for a key: nothing is held, it went idle since the last change and
    // the flash is saved.
    settled: () => page.status === "running" && page.idleSinceKeys && !flash.saving &&
      !Object.values(keys).some((key) => key.down),
    // The flash as last saved: path -> text.
    flashText: () => Object.fromEntries([...flash.files].map(
      ([path, bytes]) => [path, new TextDecoder().decode(bytes)])),
    deviceId: () => flash.deviceId,
  };
  const LONG_PASS_MS = 30;

  const canvas = document.getElementById("panel");
  const context = canvas.getContext("2d");
  const picture = context.createImageData(SIZE, SIZE);
  const statusLine = document.getElementById("status");

  function say(text) {
    statusLine.textContent = text;
  }

  function bytesOf(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      bytes[i] = text.charCodeAt(i);
    }
    return bytes;
  }

  // ---- the flash: the port's file system, kept in IndexedDB --------------------------------

  const flash = {
    files: new Map(),    // path -> Uint8Array, as last saved
    stamps: new Map(),   // path -> "inode:size:time" of the file as last saved
    database: null,      // the IndexedDB, or null where the browser gives none
    deviceId: null,
    changed: false,      // the file system was written since the last save
    saved: Promise.resolve(),  // the last save's transaction, done
    saving: false,       // while it is not done
  };

  function request(action) {
    return new Promise((resolve, reject) => {
      action.onsuccess = () => resolve(action.result);
      action.onerror = () => reject(action.error);
    });
  }

  async function openFlash() {
    try {
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => {
        opening.result.createObjectStore("flash");
        opening.result.createObjectStore("meta");
      };
      flash.database = await request(opening);
      const reading = flash.database.transaction(["flash", "meta"], "readonly");
      const files = reading.objectStore("flash");
      const paths = await request(files.getAllKeys());
      const contents = await request(files.getAll());
      paths.forEach((path, i) => flash.files.set(path, contents[i]));
      flash.deviceId = await request(reading.objectStore("meta").get("device-id"));
    } catch (error) {
      flash.database = null;
      say("This browser keeps no storage for the page (" + error + "): games last until the tab closes.");
    }
    if (!flash.deviceId) {
      const bytes = new Uint8Array(8);
      crypto.getRandomValues(bytes);
      flash.deviceId = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      if (flash.database) {
        flash.database.transaction("meta", "readwrite").objectStore("meta").put(flash.deviceId, "device-id");
      }
    }
  }

  function flashPaths(FS, folder, found) {
    for (const name of FS.readdir(folder)) {
      if (name === "." || name === ".." || (folder === "/" && SYSTEM_FOLDERS.includes(name))) {
        continue;
      }
      const path = (folder === "/" ? "" : folder) + "/" + name;
      if (FS.isDir(FS.stat(path).mode)) {
        flashPaths(FS, path, found);
      } else if (!image.paths.has(path)) {
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

  // Save what changed on the flash: the files that differ from the last save, in one
  // transaction, so the stored flash is always the file system as it was at some idle moment.
  function saveFlash(FS) {
    if (!flash.changed) {
      return;
    }
    flash.changed = false;
    const now = new Map();
    const stamps = new Map();
    const written = [];
    for (const path of flashPaths(FS, "/", [])) {
      // a file read again only when its inode, size or time changed (the store appends to
      // its logs and replaces its other files by renaming a new one over them)
      const status = FS.stat(path);
      const stamp = status.ino + ":" + status.size + ":" + status.mtime.getTime();
      stamps.set(path, stamp);
      if (flash.stamps.get(path) === stamp && flash.files.has(path)) {
        now.set(path, flash.files.get(path));
        continue;
      }
      const bytes = FS.readFile(path);
      now.set(path, bytes);
      if (!flash.files.has(path) || !same(flash.files.get(path), bytes)) {
        written.push([path, bytes]);
      }
    }
    flash.stamps = stamps;
    const removed = [...flash.files.keys()].filter((path) => !now.has(path));
    flash.files = now;
    if (flash.database && (written.length || removed.length)) {
      const saving = flash.database.transaction("flash", "readwrite");
      const files = saving.objectStore("flash");
      written.forEach(([path, bytes]) => files.put(bytes, path));
      removed.forEach((path) => files.delete(path));
      flash.saving = true;
      flash.saved = new Promise((resolve) => {
        saving.oncomplete = saving.onerror = saving.onabort = () => {
          flash.saving = false;
          resolve();
        };
      });
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

  // ---- the firmware image ---------------------------------------------------------------------

  const image = {files: new Map(), paths: new Set()};

  function loadImage() {
    for (const [path, base64] of Object.entries(DECKMATE_FIRMWARE.files)) {
      image.files.set("/" + path, bytesOf(base64));
      image.paths.add("/" + path);
    }
    image.paths.add("/board.txt");
    image.files.set("/board.txt", new TextEncoder().encode("browser\n"));
  }

  // ---- the panel --------------------------------------------------------------------------

  const keyDownAt = {time: null};  // when the last key went down, until the panel changed
  let painting = false;  // the pass drew: the next waits for the browser to paint it

  function show(rowsProxy, first, paletteProxy) {
    const rows = interpreter.PyProxy.toJs(rowsProxy);
    const rgb = interpreter.PyProxy.toJs(paletteProxy);
    const colours = [];
    for (let i = 0; i < 16; i++) {  // as the panel shows them: RGB565
      const r = rgb[3 * i] & 0xF8, g = rgb[3 * i + 1] & 0xFC, b = rgb[3 * i + 2] & 0xF8;
      colours.push([r | (r >> 5), g | (g >> 6), b | (b >> 5)]);
    }
    const pixels = picture.data;
    let o = first * SIZE * 4;
    for (let i = 0; i < rows.length; i++) {
      for (const index of [rows[i] >> 4, rows[i] & 15]) {
        const colour = colours[index];
        pixels[o] = colour[0];
        pixels[o + 1] = colour[1];
        pixels[o + 2] = colour[2];
        pixels[o + 3] = 255;
        o += 4;
      }
    }
    const count = rows.length / ROW_BYTES;
    context.putImageData(picture, 0, 0, 0, first, SIZE, count);
    painting = true;
    if (keyDownAt.time !== null) {  // measured at the frame that paints it
      const downAt = keyDownAt.time;
      keyDownAt.time = null;
      requestAnimationFrame(() => page.responses.push(performance.now() - downAt));
    }
  }

  // ---- the keys ---------------------------------------------------------------------------

  const keys = {};  // board key -> {down, letGo, readSince}

  function press(name) {
    const key = keys[name] || (keys[name] = {down: false, letGo: false, readSince: null});
    key.letGo = false;
    if (!key.down) {
      key.down = true;
      key.readSince = null;
      page.idleSinceKeys = false;
      keyDownAt.time = performance.now();
      document.querySelectorAll('[data-key="' + name + '"]').forEach((b) => b.classList.add("down"));
    }
  }

  function release(name) {
    const key = keys[name];
    if (key && key.down) {
      key.letGo = true;
      keyDown(name);
    }
  }

  // Whether the firmware reads `name` down: a key let go stays down until it was read down
  // for SETTLE_MS (the debouncer takes a tap as a press, however short).
  function keyDown(name) {
    const key = keys[name];
    if (!key || !key.down) {
      return false;
    }
    const now = performance.now();
    if (key.readSince === null) {
      key.readSince = now;
    }
    if (key.letGo && now - key.readSince >= SETTLE_MS) {
      key.down = key.letGo = false;
      page.idleSinceKeys = false;
      document.querySelectorAll('[data-key="' + name + '"]').forEach((b) => b.classList.remove("down"));
      return false;
    }
    return true;
  }

  function wireKeys() {
    for (const button of document.querySelectorAll("[data-key]")) {
      const name = button.dataset.key;
      button.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        button.setPointerCapture(event.pointerId);
        press(name);
      });
      for (const end of ["pointerup", "pointercancel", "lostpointercapture"]) {
        button.addEventListener(end, () => release(name));
      }
      button.addEventListener("contextmenu", (event) => event.preventDefault());
    }
    document.addEventListener("keydown", (event) => {
      const name = KEYBOARD[event.key.toLowerCase()];
      if (event.ctrlKey || event.metaKey || event.altKey) {
        return;
      }
      if (name) {
        event.preventDefault();
        press(name);
      } else if (event.key.toLowerCase() === "r" && !event.repeat) {
        restart();  // the board's reset: as unplugging it and plugging it in again
      }
    });
    document.addEventListener("keyup", (event) => {
      const name = KEYBOARD[event.key.toLowerCase()];
      if (name) {
        release(name);
      }
    });
    document.getElementById("reset").addEventListener("click", () => restart());
  }

  // ---- files out ------------------------------------------------------------------------

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
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    page.downloads.push(name);
  }

  // ---- the interpreter and its loop --------------------------------------------------------

  let interpreter = null;
  let step = null;
  let generation = 0;   // which interpreter a scheduled pass belongs to
  let loadMicroPython = null;
  let wasmUrl = null;
  const wakeUp = new MessageChannel();  // a pass with no wait: no setTimeout clamping

  const board = {
    show: show,
    key_down: keyDown,
    backlight: (percent) => {
      canvas.style.filter = "brightness(" + Math.max(20, percent) + "%)";
    },
    device_id: () => flash.deviceId,
    idle: () => {
      saveFlash(interpreter.FS);
      page.idleSinceKeys = true;
    },
    flash_changed: () => {
      flash.changed = true;
    },
    run: (appStep) => {
      step = appStep;
    },
    reset: () => {
      flash.changed = true;
      saveFlash(interpreter.FS);
    },
    give: give,
  };

  function printed(text) {
    console.log(text);
  }

  // The next pass: after `wait` ms, or at once; after a pass that drew, once the browser has
  // painted it (the app answers a key before it starts any work, such as a bot's think).
  function schedule(wait, mine) {
    if (painting) {
      painting = false;
      requestAnimationFrame(() => setTimeout(() => pass(mine), wait));
    } else if (wait > 0) {
      setTimeout(() => pass(mine), wait);
    } else {
      wakeUp.port1.onmessage = () => pass(mine);
      wakeUp.port2.postMessage(null);
    }
  }

  function pass(mine) {
    if (mine !== generation) {
      return;  // an interpreter that a reset replaced
    }
    let wait;
    const started = performance.now();
    try {
      wait = step(Math.floor(started) & 0x3FFFFFFF);
    } catch (error) {
      stopped(error);
      return;
    }
    const took = performance.now() - started;
    if (took > LONG_PASS_MS) {
      page.thinks.push(took);
    }
    schedule(wait, mine);
  }

  // The interpreter ended: a reset (SystemExit) starts the next one, anything else is shown.
  function stopped(error) {
    if (error && error.type === "SystemExit") {
      restart();
      return;
    }
    page.status = "failed";
    say("The firmware stopped: " + (error && error.message ? error.message : error));
    console.error(error);
  }

  async function boot() {
    const mine = ++generation;
    step = null;
    page.boots += 1;
    const mp = await loadMicroPython({url: wasmUrl, heapsize: HEAP_BYTES, stdout: printed, stderr: printed});
    if (mine !== generation) {
      return;
    }
    interpreter = mp;
    const FS = mp.FS;
    for (const [path, bytes] of [...image.files, ...flash.files]) {
      makeFolders(FS, path);
      FS.writeFile(path, bytes);
    }
    mp.registerJsModule("deckmate_page", board);
    try {
      mp.runPython(new TextDecoder().decode(image.files.get("/main.py")));
    } catch (error) {
      stopped(error);
      return;
    }
    if (step === null) {
      say("The firmware ended at boot (safe mode: X was held).");
      return;
    }
    page.status = "running";
    say("");
    schedule(0, mine);
  }

  // A reset: the flash saved, the page loads again, and a fresh interpreter runs main.py
  // (the port's interpreters share the page's globals: one a page). As the board's, it
  // begins with every key up (main.py would read a key still held as one held from
  // power-on: X the safe mode). What the page measured goes on in the tab's session.
  async function restart() {
    generation += 1;  // no more passes of this interpreter
    page.status = "loading";
    page.idleSinceKeys = false;
    if (interpreter) {
      flash.changed = true;
      saveFlash(interpreter.FS);
    }
    await flash.saved;
    keepSession();
    location.reload();
  }

  function keepSession() {
    sessionStorage.setItem(SESSION, JSON.stringify(
      {boots: page.boots, responses: page.responses, thinks: page.thinks, downloads: page.downloads}));
  }

  async function start() {
    Object.assign(page, JSON.parse(sessionStorage.getItem(SESSION) || "{}"));
    wireKeys();
    loadImage();
    const module = URL.createObjectURL(new Blob([DECKMATE_RUNTIME.mjs], {type: "text/javascript"}));
    wasmUrl = URL.createObjectURL(new Blob([bytesOf(DECKMATE_RUNTIME.wasm)], {type: "application/wasm"}));
    loadMicroPython = (await import(module)).loadMicroPython;
    await openFlash();
    for (const event of ["pagehide", "visibilitychange"]) {
      window.addEventListener(event, () => {
        if (interpreter) {
          saveFlash(interpreter.FS);
        }
        keepSession();
      });
    }
    await boot();
  }

  start().catch(stopped);
})();
