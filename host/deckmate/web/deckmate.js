// Deckmate in a browser: the page that shows the device and takes its keys, while the
// device's firmware runs in MicroPython's WebAssembly port (npm
// @micropython/micropython-webassembly-pyscript) in a Web Worker (worker.js), on the board
// definition firmware/boards/browser.py. `deckmate web --out DIR` writes it beside two scripts
// made from the project's files: runtime.js (DECKMATE_RUNTIME: the npm package's
// micropython.mjs as text, micropython.wasm in base64, and worker.js as text) and firmware.js
// (DECKMATE_FIRMWARE: the firmware image as a board gets it, each file in base64). Everything
// loads through <script> tags and blob: URLs, so the page works from the disk (file://) as
// from any static host, and asks nothing of any other place.
//
// The page is the board's hardware; the worker runs the firmware, so the page stays live
// however long a pass of the app's loop takes (a bot's think):
// - the panel: the worker posts the frame buffer's changed rows (GS4_HMSB, two pixels a byte,
//   the left one in the high nibble) and the palette; the page draws them on the canvas,
//   rounded to RGB565;
// - the keys: the on-screen keys (mouse and touch) and the keyboard, as in `deckmate sim`,
//   counted (presses and releases of each key, and a version that every change moves on) in
//   an Int32Array that the worker reads: shared memory where the page is cross-origin
//   isolated (served with COOP/COEP headers), read even within a pass; else a copy posted
//   at each change, read between two passes;
// - the flash: the worker posts what changed on its file system; the page keeps it in
//   IndexedDB and hands it to the next worker (a reset, or the page opened again);
// - a reset: the worker posts the flash and stops; the page starts a fresh worker, which runs
//   main.py on a fresh interpreter, every key up;
// - files out: the worker posts a file (or a zip archive) that the page offers as a download.
"use strict";

(function () {
  const SIZE = 240;
  const DATABASE = "deckmate";
  const SESSION = "deckmate-page";  // sessionStorage: what the page measured, across loads
  const KEY_NAMES = ["up", "down", "left", "right", "press", "a", "b", "x", "y"];
  const RESET_WAIT_MS = 3000;  // the reset key waits this long for the worker's pass to end
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
    thinks: [],          // ms of the firmware's passes over 30 ms (a bot's decision)
    passes: [],          // [ms since 1970 when it began, ms, the longest ms its keys went unread]
    downloads: [],       // names of the files offered
    keysShared: false,   // the worker reads the keys from shared memory (cross-origin isolated)
    workerFetched: [],   // what the worker fetched from the network (its resource timing):
                         // nothing, it loads the port from blob: URLs
    // The app is waiting for a key: none is held or unread, it went idle since the keys last
    // changed and the flash is saved.
    settled: () => page.status === "running" && idle.version === count(0) && !idle.pending &&
      !flash.saving && KEY_NAMES.every((name, i) => count(1 + i) === count(1 + KEY_NAMES.length + i)),
    // The flash as last saved: path -> text.
    flashText: () => Object.fromEntries([...flash.files].map(
      ([path, bytes]) => [path, new TextDecoder().decode(bytes)])),
    deviceId: () => flash.deviceId,
  };
  const idle = {version: -1, pending: false};  // the worker's last idle: the keys' version it had read

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

  // ---- the flash, kept in IndexedDB --------------------------------------------------------

  const flash = {
    files: new Map(),    // path -> Uint8Array, as last saved
    database: null,      // the IndexedDB, or null where the browser gives none
    deviceId: null,
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

  // What changed on the worker's file system: kept, and stored in one transaction, so the
  // stored flash is always the file system as it was at one moment.
  function saveFlash(written, removed) {
    written.forEach(([path, bytes]) => flash.files.set(path, bytes));
    removed.forEach((path) => flash.files.delete(path));
    if (!flash.database) {
      return;
    }
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

  // ---- the panel --------------------------------------------------------------------------

  const keyDownAt = {time: null};  // when the last key went down, until the panel changed

  function show(rows, first, rgb) {
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
    context.putImageData(picture, 0, 0, 0, first, SIZE, rows.length * 2 / SIZE);
    if (keyDownAt.time !== null) {  // measured at the frame that paints it
      const downAt = keyDownAt.time;
      keyDownAt.time = null;
      requestAnimationFrame(() => page.responses.push(performance.now() - downAt));
    }
  }

  // ---- the keys ---------------------------------------------------------------------------

  // [version, presses of each key (KEY_NAMES' order)..., releases of each key...]: shared
  // with the worker where the page may share memory, else posted to it at each change.
  const shared = typeof SharedArrayBuffer === "function" && self.crossOriginIsolated;
  const counts = new Int32Array(shared ? new SharedArrayBuffer(4 * (1 + 2 * KEY_NAMES.length))
    : new ArrayBuffer(4 * (1 + 2 * KEY_NAMES.length)));
  page.keysShared = shared;

  function count(index) {
    return Atomics.load(counts, index);
  }

  function changed(index) {
    Atomics.add(counts, index, 1);
    Atomics.add(counts, 0, 1);
    if (!shared && worker) {
      worker.postMessage({keys: counts.slice()});
    }
  }

  function held(name) {
    const i = KEY_NAMES.indexOf(name);
    return count(1 + i) !== count(1 + KEY_NAMES.length + i);
  }

  function press(name) {
    if (!held(name)) {
      keyDownAt.time = performance.now();
      changed(1 + KEY_NAMES.indexOf(name));
      document.querySelectorAll('[data-key="' + name + '"]').forEach((b) => b.classList.add("down"));
    }
  }

  function release(name) {
    if (held(name)) {
      changed(1 + KEY_NAMES.length + KEY_NAMES.indexOf(name));
      document.querySelectorAll('[data-key="' + name + '"]').forEach((b) => b.classList.remove("down"));
    }
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

  function give(name, blob) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    page.downloads.push(name);
  }

  // ---- the firmware's worker ---------------------------------------------------------------

  let worker = null;
  let workerUrl = null;
  let runtime = null;  // what every worker is started with: the port's files and the image

  function heard(event) {
    const message = event.data;
    if (message.show) {
      show(message.show, message.first, message.palette);
    } else if (message.saved) {
      saveFlash(message.saved, message.removed);
    } else if (message.idle !== undefined) {
      idle.version = message.idle;
      idle.pending = message.pending;
    } else if (message.pass) {
      page.thinks.push(message.pass);
      page.passes.push([message.began, message.pass, message.unread]);
    } else if (message.backlight !== undefined) {
      canvas.style.filter = "brightness(" + Math.max(20, message.backlight) + "%)";
    } else if (message.give) {
      give(message.give, message.blob);
    } else if (message.running) {
      page.workerFetched = message.running;
      page.status = "running";
      say("");
    } else if (message.reset) {
      boot();
    } else if (message.failed) {
      failed(message.failed);
    }
  }

  function failed(text) {
    page.status = "failed";
    say("The firmware stopped: " + text);
    console.error(text);
  }

  // A fresh worker, a fresh interpreter: main.py runs on the flash as last saved, every key
  // up (as a board's reset: main.py would read a key still held as one held from power-on,
  // X the safe mode).
  function boot() {
    if (worker) {
      worker.terminate();
    }
    page.status = "loading";
    page.boots += 1;
    for (let i = 0; i < KEY_NAMES.length; i++) {
      while (held(KEY_NAMES[i])) {
        release(KEY_NAMES[i]);
      }
    }
    idle.version = -1;
    worker = new Worker(workerUrl);
    worker.onmessage = heard;
    worker.onerror = (error) => failed(error.message || String(error));
    worker.postMessage(Object.assign({start: true, keys: counts, keyNames: KEY_NAMES,
                                      deviceId: flash.deviceId, flash: flash.files}, runtime));
  }

  // The reset key: the worker posts the flash and stops after the pass it is in, then boot();
  // a worker that has not done so within RESET_WAIT_MS (a pass that never ends) is stopped,
  // and the next starts on the flash as last posted.
  function restart() {
    if (worker && page.status === "running") {
      page.status = "loading";
      worker.postMessage({reset: true});
      const stuck = worker;
      setTimeout(() => {
        if (worker === stuck) {
          boot();
        }
      }, RESET_WAIT_MS);
    } else {
      boot();
    }
  }

  function keepSession() {
    sessionStorage.setItem(SESSION, JSON.stringify(
      {boots: page.boots, responses: page.responses, thinks: page.thinks, passes: page.passes,
       downloads: page.downloads}));
  }

  async function start() {
    Object.assign(page, JSON.parse(sessionStorage.getItem(SESSION) || "{}"));
    wireKeys();
    const image = new Map();
    for (const [path, base64] of Object.entries(DECKMATE_FIRMWARE.files)) {
      image.set("/" + path, bytesOf(base64));
    }
    image.set("/board.txt", new TextEncoder().encode("browser\n"));
    runtime = {mjs: DECKMATE_RUNTIME.mjs, wasm: bytesOf(DECKMATE_RUNTIME.wasm), image: image};
    workerUrl = URL.createObjectURL(new Blob([DECKMATE_RUNTIME.worker], {type: "text/javascript"}));
    await openFlash();
    for (const event of ["pagehide", "visibilitychange"]) {
      window.addEventListener(event, keepSession);
    }
    boot();
  }

  start().catch((error) => failed(error.message || String(error)));
})();
