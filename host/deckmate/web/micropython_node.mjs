// MicroPython's WebAssembly port (the one the page runs: npm
// @micropython/micropython-webassembly-pyscript, 32-bit) as a command, run by Node.js:
//
//   node micropython_node.mjs PACKAGE_DIR [--dir DIR]... [--out FILE]... [-X heapsize=N]
//        (SCRIPT | -c CODE) [ARGS...]
//
// The port's file system is in memory: each --dir folder of the host is copied into it at the
// same absolute path before the run (the compiled firmware, the tests), and each --out file is
// copied back to the host after it (a log the run wrote). sys.argv is [SCRIPT, ARGS...] as under
// the unix port. The exit status is the script's (SystemExit), 1 for an uncaught exception.
// deckmate.runtime runs it (the tests' 32-bit runtime, with the board's word size).
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";

const args = process.argv.slice(2);
const packageDir = args.shift();
const dirs = [];
const outs = [];
let heapsize = 1024 * 1024;
let code = null;
let script = null;
while (args.length && script === null && code === null) {
  const word = args.shift();
  if (word === "--dir") {
    dirs.push(path.resolve(args.shift()));
  } else if (word === "--out") {
    outs.push(path.resolve(args.shift()));
  } else if (word === "-X") {
    const value = args.shift().split("heapsize=")[1];
    const units = {k: 1024, K: 1024, m: 1048576, M: 1048576};
    heapsize = parseInt(value, 10) * (units[value.slice(-1)] || 1);
  } else if (word === "-c") {
    code = args.shift();
  } else {
    script = path.resolve(word);
  }
}

const {loadMicroPython} = await import(pathToFileURL(path.join(packageDir, "micropython.mjs")).href);
const output = (bytes) => process.stdout.write(bytes);
const mp = await loadMicroPython({heapsize, stdout: output, stderr: output, linebuffer: false});
const FS = mp.FS;

function makeFolders(folder) {
  let made = "";
  for (const part of folder.split("/").slice(1)) {
    made += "/" + part;
    if (!FS.analyzePath(made).exists) {
      FS.mkdir(made);
    }
  }
}

function copyIn(folder) {
  makeFolders(folder);
  for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      copyIn(full);
    } else if (entry.isFile()) {
      FS.writeFile(full, fs.readFileSync(full));
    }
  }
}

dirs.forEach(copyIn);
outs.forEach((file) => makeFolders(path.dirname(file)));
if (script !== null) {
  makeFolders(path.dirname(script));
  FS.writeFile(script, fs.readFileSync(script));
}
const argv = script === null ? [""] : [script].concat(args);
let status = 0;
try {
  mp.runPython("import sys\nsys.argv[:] = " + JSON.stringify(argv) + "\n" +
               (script === null ? "" : "sys.path[0] = " + JSON.stringify(path.dirname(script)) + "\n"));
  mp.runPython(script === null ? code : FS.readFile(script, {encoding: "utf8"}));
} catch (error) {
  if (error.name !== "PythonError") {
    throw error;
  }
  if (error.type === "SystemExit") {
    const found = /SystemExit: (\d+)/.exec(error.message);
    status = found ? parseInt(found[1], 10) : 0;
  } else {
    process.stdout.write(error.message);
    status = 1;
  }
}
for (const file of outs) {
  if (FS.analyzePath(file).exists) {
    fs.writeFileSync(file, FS.readFile(file));
  }
}
process.exitCode = status;
