#!/usr/bin/env python3
"""Writes the guide's generated tables from the bench crate's saved results.

    python3 tools/book_pages.py            # rewrite the generated regions
    python3 tools/book_pages.py --check    # exit 1, naming the pages, if one is out of date
    cargo run --release -p lockstep2d-bench -- accuracy | python3 tools/book_pages.py --save-accuracy

Two pages of docs/book/src hold a region between `<!-- generated: NAME -->` and
`<!-- end generated -->`; this script replaces only that region and leaves the prose
around it as it is:

- benchmarks.md (`benchmarks`): one section per results file,
  crates/lockstep2d-bench/results/*.csv, which `cargo run --release -p lockstep2d-bench
  -- all --save` writes for the machine it runs on;
- accuracy.md (`accuracy`): the table of crates/lockstep2d-bench/results/accuracy.md,
  the accuracy command's Markdown table under a line naming the machine and the date.
  `--save-accuracy` reads the command's output on standard input and writes that file
  (the machine named as the bench names it, the date today's) before the pages.

It runs no cargo command and reads nothing but those files, so running it twice
changes nothing, and `--check` is cheap enough for CI.
"""

import csv
import datetime
import math
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "crates" / "lockstep2d-bench" / "results"
BOOK = ROOT / "docs" / "book" / "src"
ACCURACY = RESULTS / "accuracy.md"

BENCH_COMMAND = "cargo run --release -p lockstep2d-bench -- all --save"
ACCURACY_COMMAND = (
    "cargo run --release -p lockstep2d-bench -- accuracy"
    " | python3 tools/book_pages.py --save-accuracy"
)
ENGINES = ["lockstep2d", "rapier", "box2d"]
ENGINE_NAMES = {"lockstep2d": "lockstep2d", "rapier": "rapier2d", "box2d": "Box2D v3"}
# The bench's order in `all`; a bench not named here comes after, in file order.
SCENES = [
    "joint_grid", "large_pyramid", "many_pyramids", "rain", "smash", "spinner",
    "tumbler", "terrain", "huge_pyramids",
]
QUERIES = ["raycast", "overlap", "overlap_exact", "shape_cast", "raycast_tumbling"]


class Failure(Exception):
    """A results file or a page this script cannot read as it expects."""


# ---------------------------------------------------------------- number formats


def thousands(value):
    """12345 -> '12,345'."""
    return f"{int(round(value)):,}"


def ms_format(values):
    """A row's times in one precision: two decimals, three when one is below a tenth."""
    decimals = 3 if values and min(values) < 0.1 else 2
    return lambda value: f"{value:.{decimals}f}"


def ratio(ours, theirs):
    return f"{ours / theirs:.2f}" if theirs else ""


def drift(value):
    """A drift in metres to three significant figures, and no more decimals than the
    results file's four ('0.300', '0.0816', '0.0006', '0')."""
    if value == 0:
        return "0"
    decimals = min(4, max(0, 2 - math.floor(math.log10(abs(value)))))
    return f"{value:.{decimals}f}"


# ---------------------------------------------------------------- benchmarks


def read_results(path):
    """The rows of one results file, keyed by (bench, engine), checked against the
    header the bench writes."""
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        expected = [
            "bench", "engine", "unit", "count", "threads", "median_ms", "min_ms",
            "figure", "bytes_per_body", "date",
        ]
        if reader.fieldnames != expected:
            raise Failure(f"{path}: header {reader.fieldnames}, expected {expected}")
        rows = {}
        order = []
        for line, row in enumerate(reader, start=2):
            try:
                row["median_ms"] = float(row["median_ms"])
                row["min_ms"] = float(row["min_ms"])
                row["figure"] = float(row["figure"])
                row["count"] = int(row["count"])
                row["threads"] = int(row["threads"])
                bytes_per_body = row["bytes_per_body"]
                row["bytes_per_body"] = int(bytes_per_body) if bytes_per_body else None
            except ValueError as e:
                raise Failure(f"{path}:{line}: {e}") from e
            if row["bench"] not in order:
                order.append(row["bench"])
            rows[(row["bench"], row["engine"])] = row
    if not rows:
        raise Failure(f"{path}: no rows")
    return rows, order


def ordered(benches, known):
    first = [b for b in known if b in benches]
    return first + [b for b in benches if b not in known and b not in first]


def engine_cells(rows, bench, fmt=None):
    """Each engine's median through fmt (by default ms_format of the row), blank where
    it did not run, and lockstep2d's median over each peer's."""
    got = {e: rows.get((bench, e)) for e in ENGINES}
    if fmt is None:
        fmt = ms_format([r["median_ms"] for r in got.values() if r])
    times = [fmt(got[e]["median_ms"]) if got[e] else "" for e in ENGINES]
    ours = got["lockstep2d"]
    ratios = [
        ratio(ours["median_ms"], got[e]["median_ms"]) if ours and got[e] else ""
        for e in ENGINES[1:]
    ]
    return got, times + ratios


def triple(got, fmt, suffix=""):
    values = [fmt(got[e]) for e in ENGINES if got[e]]
    return " / ".join(values) + suffix if values else ""


def scene_tables(rows, scenes):
    """The steps' times and ratios, then what shows the engines did the same work and
    the memory each held: two tables, so neither is too wide to read."""
    times = [
        "| scene | lockstep2d ms | rapier ms | Box2D ms | / rapier | / Box2D |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    quality = [
        "| scene | quality (l2d / rapier / Box2D) | bytes per body (l2d / rapier / Box2D) |",
        "|---|---|---|",
    ]
    for scene in scenes:
        got, cells = engine_cells(rows, scene)
        times.append(f"| {scene} | " + " | ".join(cells) + " |")
        if "pyramid" in scene:
            figure = triple(got, lambda r: drift(r["figure"]), " m")
        else:
            figure = triple(got, lambda r: thousands(r["figure"]))
        memory = triple(
            got,
            lambda r: thousands(r["bytes_per_body"]) if r["bytes_per_body"] is not None else "?",
        )
        quality.append(f"| {scene} | {figure} | {memory} |")
    return times + ["", "Quality and memory, from the same runs:", ""] + quality


def other_table(rows, queries, character):
    out = [
        "| benchmark | lockstep2d | rapier | Box2D | / rapier | / Box2D "
        "| hits, shapes or metres (l2d / rapier / Box2D) |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for query in queries:
        got, cells = engine_cells(rows, query)
        count = next(r["count"] for r in got.values() if r)
        found = triple(got, lambda r: thousands(r["figure"]))
        out.append(f"| {query} (ms per {thousands(count)} queries) | " + " | ".join(cells + [found]) + " |")
    if character:
        got, cells = engine_cells(rows, "character_move", lambda v: f"{v * 1000:.2f}")
        walked = triple(got, lambda r: f"{r['figure']:.2f}", " m")
        out.append("| character_move (µs per move) | " + " | ".join(cells + [walked]) + " |")
    return out


def machine_words(name):
    """`amd-epyc-2cores-avx2` -> 'amd-epyc, 2 cores, AVX2 lanes'."""
    match = re.fullmatch(r"(.*)-(\d+)cores-(\w+)", name)
    if not match:
        return name
    machine, cores, lanes = match.groups()
    return f"{machine}, {cores} cores, {LANE_WORDS.get(lanes, lanes)} lanes"


LANE_WORDS = {"avx512": "AVX-512", "avx2": "AVX2", "portable": "portable"}


def bench_command(stem):
    """The command that wrote the results file `stem`: a form of the lane code slower
    than the CPU's best is chosen with LOCKSTEP2D_LANES."""
    lanes = stem.rsplit("-", 1)[-1]
    if lanes in ("avx2", "portable"):
        return f"LOCKSTEP2D_LANES={lanes} {BENCH_COMMAND}"
    return BENCH_COMMAND


def benchmarks_region():
    files = sorted(RESULTS.glob("*.csv"))
    if not files:
        raise Failure(f"no results files in {RESULTS.relative_to(ROOT)}")
    out = []
    for path in files:
        rows, order = read_results(path)
        dates = sorted({r["date"] for r in rows.values()})
        threads = sorted({r["threads"] for r in rows.values()})
        when = dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}"
        units = {bench: rows[(bench, e)]["unit"] for (bench, e) in rows}
        scenes = ordered([b for b in order if units[b] == "step"], SCENES)
        queries = ordered([b for b in order if units[b] == "batch"], QUERIES)
        character = "character_move" in order
        relative = path.relative_to(ROOT).as_posix()
        out += [
            f"### {machine_words(path.stem)}",
            "",
            f"Measured on {when} on `{path.stem}` ({'/'.join(map(str, threads))} "
            f"thread{'s' if threads != [1] else ''}) by `{bench_command(path.stem)}`, which wrote "
            f"`{relative}`; `python3 tools/book_pages.py` made these tables from it.",
            "",
        ]
        if scenes:
            out += ["Steps (ms per step, median):", ""] + scene_tables(rows, scenes) + [""]
        if queries or character:
            out += ["Queries and the character's move:", ""]
            out += other_table(rows, queries, character) + [""]
    return out


# ---------------------------------------------------------------- accuracy


def parse_table(text, source):
    """The rows of the first Markdown table in text, each a list of cells."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        rows.append(cells)
    if len(rows) < 2:
        raise Failure(f"{source}: no Markdown table with rows")
    width = len(rows[0])
    for cells in rows:
        if len(cells) != width:
            raise Failure(f"{source}: a row of {len(cells)} cells under {width} headings: {cells}")
    return rows


ACCURACY_META = re.compile(r"<!-- machine: (\S+); date: (\d{4}-\d{2}-\d{2}) -->")


def accuracy_region():
    if not ACCURACY.exists():
        raise Failure(f"{ACCURACY.relative_to(ROOT)} is missing: {ACCURACY_COMMAND}")
    text = ACCURACY.read_text(encoding="utf-8")
    meta = ACCURACY_META.search(text)
    if not meta:
        raise Failure(f"{ACCURACY.relative_to(ROOT)}: no '<!-- machine: M; date: D -->' line")
    machine, date = meta.groups()
    rows = parse_table(text, ACCURACY.relative_to(ROOT))
    header = [ENGINE_NAMES.get(h, h) for h in rows[0]]
    out = [
        f"Measured on {date} on `{machine}` by `{ACCURACY_COMMAND}`, which saved the "
        f"command's table to `{ACCURACY.relative_to(ROOT).as_posix()}`.",
        "",
        "| " + " | ".join(header) + " |",
        "|---|" + "---:|" * (len(header) - 2) + "---|",
    ]
    for cells in rows[1:]:
        out.append("| " + " | ".join(cells) + " |")
    return out


def machine_name():
    """The bench's name for this machine (crates/lockstep2d-bench/src/machine.rs): the
    CPU model, lower case, runs of other characters as one '-', and the core count."""
    model = os.uname().machine
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and ":" in line:
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    words = [w for w in re.split(r"[^a-z0-9]+", model.lower()) if w]
    return f"{'-'.join(words)}-{os.cpu_count() or 1}cores"


def save_accuracy(text):
    rows = parse_table(text, "standard input")
    if rows[0][0] != "case" or "lockstep2d" not in rows[0]:
        raise Failure(f"standard input: not the accuracy table (headings {rows[0]})")
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    lines = [
        f"<!-- machine: {machine_name()}; date: {today} -->",
        "<!-- written by: " + ACCURACY_COMMAND + " -->",
        "",
        "| " + " | ".join(rows[0]) + " |",
        "|" + "---|" * len(rows[0]),
    ]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows[1:]]
    ACCURACY.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {ACCURACY.relative_to(ROOT)}")


# ---------------------------------------------------------------- pages

PAGES = {
    "benchmarks": (BOOK / "benchmarks.md", benchmarks_region),
    "accuracy": (BOOK / "accuracy.md", accuracy_region),
}


def regenerate(name, text, region):
    begin = f"<!-- generated: {name} -->"
    end = "<!-- end generated -->"
    start = text.find(begin)
    if start < 0 or text.count(begin) != 1:
        raise Failure(f"needs exactly one '{begin}' line")
    stop = text.find(end, start)
    if stop < 0:
        raise Failure(f"'{begin}' has no '{end}' after it")
    body = "\n".join([begin, ""] + region + [end])
    return text[:start] + body + text[stop + len(end):]


def main(argv):
    check = "--check" in argv
    unknown = [a for a in argv if a not in ("--check", "--save-accuracy")]
    if unknown or (check and "--save-accuracy" in argv):
        print(__doc__.strip().split("\n\n")[0], file=sys.stderr)
        return 2
    try:
        if "--save-accuracy" in argv:
            save_accuracy(sys.stdin.read())
        stale = []
        for name, (page, make) in PAGES.items():
            text = page.read_text(encoding="utf-8")
            try:
                new = regenerate(name, text, make())
            except Failure as e:
                raise Failure(f"{page.relative_to(ROOT)}: {e}") from e
            if new != text:
                stale.append(page.relative_to(ROOT).as_posix())
                if not check:
                    page.write_text(new, encoding="utf-8")
    except (Failure, OSError) as e:
        print(f"book_pages.py: {e}", file=sys.stderr)
        return 1
    if check:
        if stale:
            print("out of date (run python3 tools/book_pages.py): " + ", ".join(stale), file=sys.stderr)
            return 1
        print("generated pages up to date")
    else:
        for page in stale:
            print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
