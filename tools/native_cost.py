"""What native (viper) code costs on an RP2040, per x86-64 instruction of the same code: the
factor `deckmate bench --count` weighs native instructions by (bench.NATIVE_CYCLES_PER_X64).

    .venv/bin/python tools/native_cost.py [--listing FUNCTION]
        [--dynamic GAME LEVEL [HANDS [PLAYERS]]] [--validate GAME LEVEL [HANDS [PLAYERS]]]

The unix port runs the firmware's native modules as the sim image compiles them (mpy-cross
-march=x64 -X emit=viper); a Pico runs the same sources compiled for armv6m (the rp2040
image). For each module marked "native" in firmware/manifest.txt this reads the machine code
of every function from both images' .mpy files (the raw code of the .mpy format, version 6:
docs.micropython.org, reference/mpyfiles), disassembles it (llvm-mc, LLVM's disassembler:
`apt-get install llvm`), and counts per function:
- the x86-64 instructions and the Thumb instructions: their ratio is how many instructions a
  Pico runs for one that callgrind counts on the unix port;
- the Cortex-M0+ cycles of the Thumb instructions, from the cycle table of the Arm Cortex-M0+
  Technical Reference Manual (DDI 0484C, section 3.3 "Instruction set summary"): 1 for data
  processing (MULS too: the RP2040 has the single-cycle multiplier, RP2040 datasheet 2.4.1),
  2 for a load or store, 1+N for LDM, STM, PUSH and POP of N registers (3+N for a POP that
  loads the PC), 2 for B, BX and BLX, 3 for BL, 2 for a write to the PC by MOV or ADD, and a
  conditional branch 1 not taken or 2 taken: counted as 1.5 (and both ways for the range).
  Native code runs from SRAM on the board (a .mpy's native code is loaded into the heap),
  with no wait states, so these are the cycles.
`--validate GAME LEVEL [HANDS [PLAYERS]]` compares the two estimates of `deckmate bench` on
the same decisions: each decision's counted estimate (bench --count's) over its timed one,
the least of RUNS timed runs scaled by the least calibration (a busy host only ever adds
time, and the calibration loop meets it otherwise than the decisions do), for the decisions timed at RATIO_FROM_S or more:
the ratio's p5, p50 and p95, with native code weighed apart and with every instruction at
the bytecode factor. Run it under `nice -n -15` on a busy host.

`--dynamic GAME LEVEL [HANDS [PLAYERS]]` weighs each function's cycles an x86-64 instruction
by how often it runs in bench's decisions (callgrind with --dump-instr: the unix port maps
each native function at a page of its own; a function is recognised by the offsets of the
instructions run among its x86-64 instructions).

The counts are static (every instruction of a function once, not weighted by how often each
runs): the hot loops are most of each function's code in these modules, and `--listing`
prints one function's two disassemblies to look at a loop, then each loop's pass as it runs
(`loop_passes`: its instructions on both machines, its Cortex-M0+ cycles on a Pico; the
redraw's estimate takes the palette expansion's). The cycles per x86-64 instruction
are then the Thumb instructions per x86-64 instruction times the cycles per Thumb
instruction, over all the native modules' functions weighted by their x86-64 instructions.
"""

import argparse
import ast
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from deckmate import image, runtime  # noqa: E402
from deckmate.commands import bench  # noqa: E402
from deckmate.stats import percentile  # noqa: E402

NATIVE_FALLBACK = bench.NATIVE_CYCLES_PER_X64  # a function not found (none so far)
RUNS = 5  # timed runs of --validate, the least time of each decision kept

TRIPLES = {"sim": "x86_64", "rp2040": "thumbv6m-none-eabi"}
LOADS_STORES = ("ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "str", "strb", "strh")
CONDITIONS = ("eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge",
              "lt", "gt", "le")


def read_uint(data, at):
    """A variable-length unsigned integer of the .mpy format: (value, the next offset)."""
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def raw_codes(data):
    """The machine code of each raw code of a .mpy file (version 6) holding native code, in
    the file's order (the module's own first, then its functions, depth first): [bytes]."""
    if data[:2] != b"M\x06":
        raise ValueError("not a .mpy file of version 6")
    qstrs, at = read_uint(data, 4)
    objects, at = read_uint(data, at)
    for _ in range(qstrs):
        length, at = read_uint(data, at)
        if not length & 1:  # (odd: a static name, its index alone)
            at += (length >> 1) + 1  # the bytes and a 0
    for _ in range(objects):
        kind = data[at]
        at += 1
        if kind > 4:  # (0-4: the function table, None, False, True, Ellipsis: no data)
            if kind == 10:
                raise ValueError("a tuple constant in a native module: not read here")
            length, at = read_uint(data, at)
            at += length + (1 if kind in (5, 6) else 0)  # (str and bytes end in a 0)
    codes = []

    def raw_code(at):
        kind_length, at = read_uint(data, at)
        kind, children, length = kind_length & 3, (kind_length >> 2) & 1, kind_length >> 3
        codes.append((kind, data[at:at + length]))
        at += length
        if kind == 1:  # native Python: the prelude's offset
            _, at = read_uint(data, at)
        elif kind >= 2:  # viper and asm: the scope's flags
            flags, at = read_uint(data, at)
            if kind == 2:
                rodata = 0
                if flags & 0x20:
                    rodata, at = read_uint(data, at)
                if flags & 0x40:
                    _, at = read_uint(data, at)
                at += rodata
                if flags & 0x10:  # the relocations
                    while data[at] != 0xFF:
                        operation = data[at]
                        at += 1
                        if operation & 1:
                            _, at = read_uint(data, at)
                        operation >>= 1
                        if operation <= 5 and operation & 1:
                            _, at = read_uint(data, at)
                    at += 1
            else:
                _, at = read_uint(data, at)
                _, at = read_uint(data, at)
        if children:
            count, at = read_uint(data, at)
            for _ in range(count):
                at = raw_code(at)
        return at

    if raw_code(at) != len(data):
        raise ValueError("the .mpy file does not end where its raw codes do")
    return [code for kind, code in codes if kind != 0]


def function_names(source):
    """The module's own code and its functions, depth first: the order of raw_codes."""
    names = ["<module>"]

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.ClassDef)):
                names.append(prefix + child.name)
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)
    visit(ast.parse(source), "")
    return names


def disassembled(code, triple):
    """[(mnemonic, operands)] of machine code, by llvm-mc."""
    return [(mnemonic, operands) for _, mnemonic, operands in placed(code, triple)]


def placed(code, triple):
    """[(offset, mnemonic, operands)] of machine code, by llvm-mc."""
    text = subprocess.run(["llvm-mc", "--disassemble", "--show-encoding", "-triple=" + triple],
                          input=" ".join("0x%02x" % byte for byte in code), text=True,
                          capture_output=True, check=True).stdout
    instructions = []
    offset = 0
    for line in text.splitlines():
        line, _, encoding = line.partition("encoding: [")
        words = line.strip().rstrip("#@").strip().split(None, 1)
        if words and not words[0].startswith((".", "#", "@")):
            instructions.append((offset, words[0], words[1] if len(words) > 1 else ""))
            offset += encoding.count(",") + 1
    return instructions


def thumb_cycles(mnemonic, operands, taken):
    """Cortex-M0+ cycles of one Thumb instruction (the module's docstring); `taken`: the
    cycles counted for a conditional branch."""
    if mnemonic in LOADS_STORES:
        return 2
    if mnemonic in ("push", "pop", "ldm", "stm", "ldmia", "stmia"):
        registers = operands[operands.index("{") + 1:operands.index("}")]
        count = sum(int(part.split("-")[1][1:]) - int(part.split("-")[0][1:]) + 1
                    if "-" in part else 1 for part in registers.replace(" ", "").split(","))
        return 1 + count + (2 if mnemonic == "pop" and "pc" in registers else 0)
    if mnemonic == "bl":
        return 3
    if mnemonic in ("b", "bx", "blx"):
        return 2
    if mnemonic[:1] == "b" and mnemonic[1:].split(".")[0] in CONDITIONS:
        return taken
    if mnemonic in ("mov", "add") and operands.split(",")[0].strip() == "pc":
        return 2
    return 1


def module_costs():
    """[(module, function, x86-64 instructions, Thumb instructions, cycles with conditional
    branches at 1.5, all not taken, all taken)] of every native module's functions."""
    images = {target: image.build_image(target) for target in TRIPLES}
    rows = []
    for path, kind in image.manifest_entries():
        if kind != "native":
            continue
        with open(os.path.join(image.FIRMWARE_DIR, path)) as handle:
            names = function_names(handle.read())
        codes = {}
        for target in TRIPLES:
            with open(os.path.join(images[target], image.target_name(path, kind)), "rb") as handle:
                codes[target] = raw_codes(handle.read())
        if not len(names) == len(codes["sim"]) == len(codes["rp2040"]):
            raise ValueError("%s: %d names, %d and %d raw codes" % (
                path, len(names), len(codes["sim"]), len(codes["rp2040"])))
        for name, x64, thumb in zip(names, codes["sim"], codes["rp2040"]):
            x64_instructions = disassembled(x64, TRIPLES["sim"])
            thumb_instructions = disassembled(thumb, TRIPLES["rp2040"])
            cycles = [sum(thumb_cycles(mnemonic, operands, taken)
                          for mnemonic, operands in thumb_instructions)
                      for taken in (1.5, 1, 2)]
            rows.append((path, name, len(x64_instructions), len(thumb_instructions)) +
                        tuple(cycles))
    return rows


def executed_native(game, level, hands, players):
    """{function's first address: {instruction offset: times run}} of the native code run by
    the decisions of bench's count mode (callgrind with --dump-instr, object "???": each
    native function is mapped at a page of its own by the unix port)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        done = bench.callgrind_run(out, game, level, hands, players,
                                   ("--dump-instr=yes", "--compress-pos=no"))
        if done.returncode != 0:
            raise SystemExit("the counted run of %s/%s failed:\n%s" % (game, level,
                                                                        done.stderr[-2000:]))
        parts = sorted(int(name.rsplit(".", 1)[1]) for name in os.listdir(folder)
                       if name.startswith("callgrind.out."))
        return native_runs(["%s.%d" % (out, number) for number in parts])


def compressed(line):
    """(id, name or "") of a callgrind line naming an object or a function by its compressed
    id: `ob=(3) /lib/x.so` where the name is given (once in a run), `ob=(3)` where it is not."""
    opening, closing = line.index("("), line.index(")")
    return line[opening + 1:closing], line[closing + 1:].strip()


def native_runs(paths):
    """{function's first address: {instruction offset: times run}} of the native code in the
    callgrind parts at `paths` (--dump-instr=yes, --compress-pos=no; the first and the last,
    the calibration loop, read for their names alone)."""
    names, functions, runs = {}, {}, {}  # (callgrind's compressed names: "(3)" once named)
    for path in paths:
        native = after_call = False
        base = None
        with open(path) as handle:
            for line in handle:
                if line.startswith(("ob=", "cob=")):
                    key, name = compressed(line)
                    if name:
                        names[key] = name
                    if line.startswith("ob="):
                        native = names.get(key) == "???"
                elif line.startswith(("fn=", "cfn=")):
                    key, name = compressed(line)
                    if name:
                        functions[key] = name
                    if line.startswith("fn="):
                        name = functions.get(key, "")
                        base = (int(name.split("'")[0], 16)  # ('2: a recursive call)
                                if native and name.startswith("0x") else None)
                elif line.startswith("calls="):
                    after_call = True
                elif line.startswith("0x"):
                    if after_call:
                        after_call = False
                    elif native and base is not None and path not in (paths[0], paths[-1]):
                        address, _, count = line.split()
                        offsets = runs.setdefault(base, {})
                        offset = int(address, 16) - base
                        offsets[offset] = offsets.get(offset, 0) + int(count)
    return runs


def dynamic(game, level, hands=1, players=0):
    """Native code's cycles an x86-64 instruction weighed by how often each function runs in
    bench's decisions: each function found by its instructions' offsets among the sim image's
    functions, weighed by its own static cycles an x86-64 instruction (module_costs)."""
    costs = {(path, name): cycles / x64 for path, name, x64, _, cycles, _, _ in module_costs()}
    sim = image.build_image("sim")
    functions = []  # (path, name, the offsets of its instructions, its length)
    for path, kind in image.manifest_entries():
        if kind == "native":
            with open(os.path.join(image.FIRMWARE_DIR, path)) as handle:
                names = function_names(handle.read())
            with open(os.path.join(sim, image.target_name(path, kind)), "rb") as handle:
                for name, code in zip(names, raw_codes(handle.read())):
                    functions.append((path, name, {at for at, _, _ in placed(code, "x86_64")}))
    found, total, weighed = {}, 0, 0.0
    for base, offsets in executed_native(game, level, hands, players).items():
        count = sum(offsets.values())
        total += count
        match = [(path, name) for path, name, starts in functions if set(offsets) <= starts]
        label = match[0] if match else ("?", hex(base))
        found[label] = found.get(label, 0) + count
        weighed += count * (costs[match[0]] if match else NATIVE_FALLBACK)
    print("%s %s, %d players, %d hands: %d native instructions run" % (
        game, level, players, hands, total))
    for (path, name), count in sorted(found.items(), key=lambda item: -item[1]):
        print("  %-24s %-12s %5.1f%%  %.2f cycles an x86-64 instruction" % (
            os.path.basename(path), name, 100 * count / total,
            costs.get((path, name), NATIVE_FALLBACK)))
    print("  weighed by how often each runs: %.2f cycles an x86-64 instruction (the constant: "
          "%.2f)" % (weighed / total, bench.NATIVE_CYCLES_PER_X64))
    return 0


X86_CONDITIONS = ("o", "no", "b", "nb", "ae", "c", "nc", "e", "z", "ne", "nz", "be", "na", "a",
                  "nbe", "s", "ns", "p", "np", "l", "nge", "ge", "nl", "le", "ng", "g", "nle")


def branch_kind(mnemonic, triple):
    """"if" for a conditional branch, "go" for one that always goes, else None (a call, a
    return or no branch)."""
    name = mnemonic.split(".")[0]
    if triple.startswith("thumb"):
        return "go" if name == "b" else "if" if name[1:] in CONDITIONS and name[0] == "b" else None
    return "go" if name == "jmp" else "if" if name[0] == "j" and name[1:] in X86_CONDITIONS else None


def loop_passes(instructions, triple):
    """[(first offset, last offset, [(mnemonic, operands)] of one pass)] of each loop of a
    function's machine code ([(offset, mnemonic, operands)], as `placed` gives it): a loop is
    a conditional branch back, its pass the instructions run from its target to it with every
    branch forward in it taken (the emitter's `while` tests: the condition holds while the
    loop runs) and the ones a branch skips not run. A branch's immediate counts from its
    address + 4 on Thumb, from the next instruction on x86-64."""
    at_offset = {at: index for index, (at, _, _) in enumerate(instructions)}

    def target(index):
        at, mnemonic, operands = instructions[index]
        if index + 1 == len(instructions) or not branch_kind(mnemonic, triple):
            return None
        after = 4 if triple.startswith("thumb") else instructions[index + 1][0] - at
        return at_offset.get(at + after + int(operands.lstrip("#"), 0))

    loops = []
    for index, (at, mnemonic, operands) in enumerate(instructions):
        start = target(index)
        if branch_kind(mnemonic, triple) != "if" or start is None or start > index:
            continue
        run, where = [], start
        while where < index:
            run.append(instructions[where][1:])
            goes = target(where)
            where = goes if goes is not None and goes > where else where + 1
        run.append((mnemonic, operands))
        loops.append((instructions[start][0], at, run))
    return loops


def native_function(function):
    """(module path, {target: its machine code}) of the native function called `function`."""
    images = {target: image.build_image(target) for target in TRIPLES}
    for path, kind in image.manifest_entries():
        if kind != "native":
            continue
        with open(os.path.join(image.FIRMWARE_DIR, path)) as handle:
            names = function_names(handle.read())
        if function not in names:
            continue
        codes = {}
        for target in TRIPLES:
            with open(os.path.join(images[target], image.target_name(path, kind)), "rb") as handle:
                codes[target] = raw_codes(handle.read())[names.index(function)]
        return path, codes
    raise SystemExit("no native function called %s" % function)


def pass_cycles(run):
    """The Cortex-M0+ cycles of a loop's pass on a Pico (its branches all taken)."""
    return sum(thumb_cycles(mnemonic, operands, 2) for mnemonic, operands in run)


def listing(function):
    """Print a native function's two disassemblies, and each loop's pass in both: its
    instructions and, on the board, its Cortex-M0+ cycles."""
    path, codes = native_function(function)
    summary = []
    for target, triple in TRIPLES.items():
        print("## %s %s (%s)" % (path, function, triple))
        instructions = placed(codes[target], triple)
        for _, mnemonic, operands in instructions:
            print("    %-8s %s" % (mnemonic, operands))
        for first, last, run in loop_passes(instructions, triple):
            line = "%s loop at %d-%d: %d instructions a pass" % (triple, first, last, len(run))
            if target == "rp2040":
                line += ", %g Cortex-M0+ cycles" % pass_cycles(run)
            summary.append(line)
    print("\n".join(summary))
    return 0


def validate(game, level, hands=1, players=0):
    """The counted / timed ratios of the decisions of `deckmate bench` (the docstring)."""
    references, runs = [], []
    for _ in range(RUNS):  # bench's timed run, its unix-port microseconds
        _, out, _ = runtime.run_script(bench.SCRIPT, [game, level, hands, bench.SEED, players])
        _, reference, times, _ = [line for line in out.splitlines()
                                  if line.startswith("BENCH ")][0].split(" ")
        references.append(int(reference))
        runs.append([int(time) for time in times.split(",")])
    scale = bench.REFERENCE_RP2040_S / min(references)
    timed = [min(times) * scale for times in zip(*runs)]
    counted, calibration = bench.count_estimates(game, level, hands, players)
    compared = [(weighed / seconds, flat / seconds, share) for (weighed, flat, share), seconds
                in zip(counted, timed) if seconds >= bench.RATIO_FROM_S]
    print("%s %s, %d players: %d decisions, %d timed at %.2f s or more; calibration loop %d "
          "instructions; native code %.0f%% of their instructions" % (
              game, level, players, len(timed), len(compared), bench.RATIO_FROM_S,
              calibration, 100 * sum(row[2] for row in compared) / max(1, len(compared))))
    for label, at in (("counted (native weighed) / timed", 0), ("counted, all as bytecode / "
                                                                "timed", 1)):
        ratios = sorted(row[at] for row in compared)
        if ratios:
            print("  %s: p50 %.2f [p5 %.2f, p95 %.2f]" % (
                label, percentile(ratios, 50), percentile(ratios, 5), percentile(ratios, 95)))
    for label, values in (("timed", timed), ("counted", [row[0] for row in counted])):
        print("  %s: p50 %.3f s, p95 %.3f s, max %.3f s" % (
            label, percentile(sorted(values), 50), percentile(sorted(values), 95), max(values)))
    return 0


def bench_words(parser, option, words):
    """(game, level, hands...) of `option`'s words, or the parser's one-line error."""
    if not 2 <= len(words) <= 4 or words[0] not in bench.GAME_NAMES \
            or words[1] not in bench.BOT_NAMES or not all(word.isdigit() for word in words[2:]):
        parser.error("%s takes GAME LEVEL [HANDS [PLAYERS]] (a game of %s, a level of %s, "
                     "whole numbers), got %r" % (option, ", ".join(bench.GAME_NAMES),
                                                 ", ".join(bench.BOT_NAMES), " ".join(words)))
    return [words[0], words[1]] + [int(word) for word in words[2:]]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listing", metavar="FUNCTION",
                        help="print the function's x86-64 and Thumb disassemblies and "
                             "each loop's pass")
    parser.add_argument("--dynamic", nargs="+", metavar="WORD",
                        help="GAME LEVEL [HANDS [PLAYERS]]: native code's cycles weighed by how "
                             "often each function runs in bench's decisions")
    parser.add_argument("--validate", nargs="+", metavar="WORD",
                        help="GAME LEVEL [HANDS [PLAYERS]]: bench's counted and timed "
                             "estimates compared on its decisions")
    args = parser.parse_args(argv)
    if args.listing:
        return listing(args.listing)
    if args.dynamic:
        return dynamic(*bench_words(parser, "--dynamic", args.dynamic))
    if args.validate:
        return validate(*bench_words(parser, "--validate", args.validate))
    rows = module_costs()
    print("| module | function | x86-64 instructions | Thumb instructions | Thumb per x86-64 "
          "| cycles per Thumb instruction (branches 1-2) | cycles per x86-64 instruction |")
    print("|---|---|---|---|---|---|---|")
    for path, name, x64, thumb, cycles, fewest, most in rows:
        print("| %s | %s | %d | %d | %.2f | %.2f (%.2f-%.2f) | %.2f |" % (
            os.path.basename(path), name, x64, thumb, thumb / x64, cycles / thumb,
            fewest / thumb, most / thumb, cycles / x64))
    x64 = sum(row[2] for row in rows)
    thumb = sum(row[3] for row in rows)
    cycles, fewest, most = (sum(row[at] for row in rows) for at in (4, 5, 6))
    print("| all | | %d | %d | %.2f | %.2f (%.2f-%.2f) | **%.2f** (%.2f-%.2f) |" % (
        x64, thumb, thumb / x64, cycles / thumb, fewest / thumb, most / thumb, cycles / x64,
        fewest / x64, most / x64))
    return 0


if __name__ == "__main__":
    sys.exit(main())
