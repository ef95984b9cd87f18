#!/usr/bin/env python3
"""Fails when a library crate's public API breaks what its last release promised.

Each crate's public API is read from rustdoc's JSON output and written as a listing, one
line per item: every path a user can name, with its signature; every trait a type
implements; and, for a struct a user can build with a literal or an enum a user can
match exhaustively, one line with all its fields or variants. `api/<crate>.txt` holds
the listing of the crate's last release, its version on the first line.

A line of the release's listing missing from the crate's listing now is a breaking
change: an item removed or renamed, a signature changed, a field or variant added to a
type users build or match whole, a trait implementation dropped. A breaking change
fails the check unless the workspace's version may break the release's (semver: a new
major version, or before 1.0 a new minor one). Lines only added are reported and pass.

Usage:
  tools/api_check.py            check every crate against its release listing
  tools/api_check.py --bless    write the listings of the crates as they are now: what
                                a release does, with the version it releases
  tools/api_check.py --self-test
                                the comparison, on small listings
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTINGS = ROOT / "api"
# The library crates users depend on. The command line is a binary: its flags are its
# interface, and CHANGELOG.md records them.
CRATES = [
    "lockstep2d",
    "lockstep2d-integrate",
    "lockstep2d-scenes",
    "lockstep2d-accuracy",
    "lockstep2d-testbed",
    "lockstep2d-hiker",
    "lockstep2d-netplay",
    "lockstep2d-web",
    "lockstep2d-bevy",
]
# The shared target directory, so the dependencies checked for clippy and the docs are
# not checked again: RUSTC_BOOTSTRAP reaches rustdoc alone (through a wrapper), since
# set for the whole build it reruns the build scripts of proc-macro2 and thiserror, and
# everything built on them would be built again.
TARGET_DIR = ROOT / "target"
# Traits rustdoc lists that user code cannot name on stable Rust.
UNNAMEABLE_TRAITS = {"Freeze", "StructuralPartialEq", "UnsafeUnpin"}


def workspace_version():
    manifest = tomllib.loads((ROOT / "Cargo.toml").read_text())
    return manifest["workspace"]["package"]["version"]


def bootstrapped_rustdoc(folder):
    """A script in `folder` that runs the toolchain's rustdoc with RUSTC_BOOTSTRAP set,
    and its path."""
    rustdoc = shutil.which(os.environ.get("RUSTDOC", "rustdoc"))
    if rustdoc is None:
        sys.exit("api_check: no rustdoc on PATH")
    wrapper = folder / "rustdoc"
    wrapper.write_text(f'#!/bin/sh\nRUSTC_BOOTSTRAP=1 exec "{rustdoc}" "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def rustdoc_json(crates):
    """Builds the crates' rustdoc JSON in one cargo call (a nightly output format, let
    through on the stable toolchain by RUSTC_BOOTSTRAP), every feature on, and returns
    each parsed."""
    env = dict(os.environ)
    env["RUSTDOCFLAGS"] = "-Z unstable-options --output-format json"
    command = ["cargo", "doc", "--no-deps", "--lib", "--all-features", "--target-dir"]
    command.append(str(TARGET_DIR))
    for crate in crates:
        command += ["-p", crate]
    with tempfile.TemporaryDirectory() as wrapper_dir:
        env["RUSTDOC"] = bootstrapped_rustdoc(Path(wrapper_dir))
        subprocess.run(command, cwd=ROOT, env=env, check=True)
    docs = TARGET_DIR / "doc"
    return {c: json.loads((docs / (c.replace("-", "_") + ".json")).read_text()) for c in crates}


class Renderer:
    """Writes types, generics and signatures from rustdoc JSON as Rust-like text."""

    def __init__(self, doc):
        self.index = doc["index"]

    def ty(self, t):
        if t is None:
            return "()"
        if isinstance(t, str):
            return "_" if t == "infer" else t
        (kind, v), = t.items()
        if kind == "resolved_path":
            return self.path(v)
        if kind in ("primitive", "generic"):
            return v
        if kind == "borrowed_ref":
            life = v["lifetime"] + " " if v["lifetime"] else ""
            mutable = "mut " if v["is_mutable"] else ""
            return f"&{life}{mutable}{self.ty(v['type'])}"
        if kind == "raw_pointer":
            return f"*{'mut' if v['is_mutable'] else 'const'} {self.ty(v['type'])}"
        if kind == "slice":
            return f"[{self.ty(v)}]"
        if kind == "array":
            return f"[{self.ty(v['type'])}; {v['len']}]"
        if kind == "tuple":
            return "(" + ", ".join(self.ty(x) for x in v) + ")"
        if kind == "impl_trait":
            return "impl " + self.bounds(v)
        if kind == "dyn_trait":
            traits = [self.path(p["trait"]) for p in v["traits"]]
            if v.get("lifetime"):
                traits.append(v["lifetime"])
            return "dyn " + " + ".join(traits)
        if kind == "qualified_path":
            trait = self.path(v["trait"]) if v.get("trait") else ""
            return f"<{self.ty(v['self_type'])} as {trait}>::{v['name']}"
        if kind == "function_pointer":
            sig = v["sig"]
            inputs = ", ".join(self.ty(x[1]) for x in sig["inputs"])
            return f"fn({inputs}) -> {self.ty(sig['output'])}"
        return kind

    def path(self, p):
        # The last segment only: moving an item between private modules is no change.
        name = p["path"].split("::")[-1]
        return name + self.args(p.get("args"))

    def args(self, args):
        if not args:
            return ""
        if "angle_bracketed" in args:
            a = args["angle_bracketed"]
            parts = [self.arg(x) for x in a["args"]]
            for c in a["constraints"]:
                binding = c["binding"]
                if "equality" in binding:
                    (_, value), = binding["equality"].items()
                    rendered = self.ty(value) if isinstance(value, dict) else str(value)
                    parts.append(f"{c['name']} = {rendered}")
                else:
                    parts.append(f"{c['name']}: {self.bounds(binding['constraint'])}")
            return "<" + ", ".join(parts) + ">" if parts else ""
        if "parenthesized" in args:
            a = args["parenthesized"]
            inputs = ", ".join(self.ty(x) for x in a["inputs"])
            output = f" -> {self.ty(a['output'])}" if a.get("output") else ""
            return f"({inputs}){output}"
        return ""

    def arg(self, a):
        if not isinstance(a, dict):
            return "_"
        (kind, v), = a.items()
        if kind == "type":
            return self.ty(v)
        if kind == "lifetime":
            return v
        if kind == "const":
            return v.get("expr", "_")
        return "_"

    def bounds(self, bounds):
        out = []
        for b in bounds:
            if "trait_bound" in b:
                tb = b["trait_bound"]
                prefix = "?" if tb.get("modifier") == "maybe" else ""
                out.append(prefix + self.path(tb["trait"]))
            elif "outlives" in b:
                out.append(b["outlives"])
            elif "use" in b:
                out.append("use<" + ", ".join(str(x) for x in b["use"]) + ">")
        return " + ".join(out)

    def generics(self, g):
        params = []
        for p in g["params"]:
            (kind, v), = p["kind"].items()
            if kind == "type":
                if v.get("is_synthetic"):
                    continue
                bound = ": " + self.bounds(v["bounds"]) if v["bounds"] else ""
                params.append(p["name"] + bound)
            elif kind == "lifetime":
                params.append(p["name"])
            elif kind == "const":
                params.append(f"const {p['name']}: {self.ty(v['type'])}")
        text = "<" + ", ".join(params) + ">" if params else ""
        wheres = []
        for w in g["where_predicates"]:
            if "bound_predicate" in w:
                bp = w["bound_predicate"]
                wheres.append(f"{self.ty(bp['type'])}: {self.bounds(bp['bounds'])}")
        if wheres:
            text += " where " + ", ".join(wheres)
        return text

    def signature(self, name, f):
        header = f["header"]
        qualifiers = "".join(
            word + " "
            for word, on in [
                ("const", header["is_const"]),
                ("async", header["is_async"]),
                ("unsafe", header["is_unsafe"]),
            ]
            if on
        )
        inputs = []
        for arg_name, t in f["sig"]["inputs"]:
            if arg_name == "self":
                inputs.append(self.self_arg(t))
            else:
                inputs.append(f"{arg_name}: {self.ty(t)}")
        output = f["sig"]["output"]
        ret = f" -> {self.ty(output)}" if output is not None else ""
        generics = self.generics(f["generics"])
        return f"{qualifiers}fn {name}{generics}({', '.join(inputs)}){ret}"

    def self_arg(self, t):
        if t == {"generic": "Self"}:
            return "self"
        if "borrowed_ref" in t and t["borrowed_ref"]["type"] == {"generic": "Self"}:
            return "&mut self" if t["borrowed_ref"]["is_mutable"] else "&self"
        return "self: " + self.ty(t)


def non_exhaustive(item):
    return any(a == "non_exhaustive" or a == {"non_exhaustive": None} for a in item["attrs"])


class Listing:
    """The public API of one crate's rustdoc JSON, as a set of lines."""

    def __init__(self, doc):
        self.doc = doc
        self.index = doc["index"]
        self.render = Renderer(doc)
        self.lines = set()
        self.visited = set()
        root = self.index[str(doc["root"])]
        self.module(root, root["name"])

    def item(self, item_id):
        return self.index.get(str(item_id))

    def module(self, module, prefix):
        for item_id in module["inner"]["module"]["items"]:
            item = self.item(item_id)
            if item is None or item["visibility"] != "public":
                continue
            if "use" in item["inner"]:
                self.reexport(item, prefix)
            else:
                self.add(item, f"{prefix}::{item['name']}")

    def reexport(self, item, prefix):
        use = item["inner"]["use"]
        target = self.item(use["id"]) if use["id"] is not None else None
        if use["is_glob"]:
            if target is not None and "module" in target["inner"]:
                self.module(target, prefix)
            else:
                self.lines.add(f"pub use {use['source']}::* in {prefix}")
            return
        path = f"{prefix}::{use['name']}"
        if target is None:
            # An item of another crate: its API is that crate's; the name is ours.
            self.lines.add(f"pub use {use['source']} as {path}")
        else:
            self.add(target, path)

    def add(self, item, path):
        if (item["id"], path) in self.visited:
            return
        self.visited.add((item["id"], path))
        (kind, inner), = item["inner"].items()
        method = getattr(self, "add_" + kind, None)
        if method is None:
            self.lines.add(f"{kind} {path}")
        else:
            method(item, inner, path)

    def add_module(self, item, inner, path):
        self.lines.add(f"mod {path}")
        self.module(item, path)

    def add_function(self, item, inner, path):
        self.lines.add(self.render.signature(path, inner))

    def add_constant(self, item, inner, path):
        self.lines.add(f"const {path}: {self.render.ty(inner['type'])}")

    def add_static(self, item, inner, path):
        self.lines.add(f"static {path}: {self.render.ty(inner['type'])}")

    def add_type_alias(self, item, inner, path):
        generics = self.render.generics(inner["generics"])
        self.lines.add(f"type {path}{generics} = {self.render.ty(inner['type'])}")

    def add_macro(self, item, inner, path):
        self.lines.add(f"macro {path}!")

    def add_struct(self, item, inner, path):
        generics = self.render.generics(inner["generics"])
        kind = inner["kind"]
        if kind == "unit":
            self.lines.add(f"struct {path}{generics};")
        elif "tuple" in kind:
            fields = [self.field_type(f) for f in kind["tuple"]]
            self.lines.add(f"struct {path}{generics}({', '.join(fields)})")
        else:
            plain = kind["plain"]
            self.lines.add(f"struct {path}{generics}")
            fields = [self.item(f) for f in plain["fields"]]
            for field in fields:
                self.lines.add(f"field {path}.{field['name']}: {self.field_type(field['id'])}")
            if not non_exhaustive(item) and not plain["has_stripped_fields"]:
                names = ", ".join(f["name"] for f in fields)
                self.lines.add(f"struct {path} built whole from {{ {names} }}")
        self.impls(inner["impls"], path)

    def field_type(self, field_id):
        if field_id is None:
            return "_"
        field = self.item(field_id)
        if field is None or field["visibility"] != "public":
            return "_"
        return self.render.ty(field["inner"]["struct_field"])

    def add_enum(self, item, inner, path):
        generics = self.render.generics(inner["generics"])
        self.lines.add(f"enum {path}{generics}")
        names = []
        for variant_id in inner["variants"]:
            variant = self.item(variant_id)
            names.append(variant["name"])
            self.lines.add(f"variant {path}::{self.variant(variant)}")
        if not non_exhaustive(item) and not inner["has_stripped_variants"]:
            self.lines.add(f"enum {path} matched whole by {{ {', '.join(names)} }}")
        self.impls(inner["impls"], path)

    def variant(self, variant):
        kind = variant["inner"]["variant"]["kind"]
        name = variant["name"]
        if kind == "plain":
            return name
        if "tuple" in kind:
            return f"{name}({', '.join(self.field_type(f) for f in kind['tuple'])})"
        fields = [self.item(f) for f in kind["struct"]["fields"]]
        rendered = ", ".join(
            f"{f['name']}: {self.render.ty(f['inner']['struct_field'])}" for f in fields
        )
        closed = "" if non_exhaustive(variant) else " (built whole)"
        return f"{name} {{ {rendered} }}{closed}"

    def add_trait(self, item, inner, path):
        generics = self.render.generics(inner["generics"])
        bounds = ": " + self.render.bounds(inner["bounds"]) if inner["bounds"] else ""
        self.lines.add(f"trait {path}{generics}{bounds}")
        required = []
        for member_id in inner["items"]:
            member = self.item(member_id)
            (kind, member_inner), = member["inner"].items()
            member_path = f"{path}::{member['name']}"
            if kind == "function":
                self.lines.add("trait " + self.render.signature(member_path, member_inner))
                if not member_inner["has_body"]:
                    required.append(member["name"])
            else:
                self.lines.add(f"trait {kind} {member_path}")
        self.lines.add(f"trait {path} requires {{ {', '.join(sorted(required))} }}")

    def impls(self, impl_ids, path):
        for impl_id in impl_ids:
            impl = self.item(impl_id)["inner"]["impl"]
            if impl["blanket_impl"] is not None or impl["is_negative"]:
                continue
            if impl["trait"] is None:
                self.inherent(impl, path)
            else:
                trait = self.render.path(impl["trait"])
                if trait.split("<")[0] not in UNNAMEABLE_TRAITS:
                    self.lines.add(f"impl {trait} for {path}")

    def inherent(self, impl, path):
        for member_id in impl["items"]:
            member = self.item(member_id)
            if member is None or member["visibility"] != "public":
                continue
            (kind, member_inner), = member["inner"].items()
            member_path = f"{path}::{member['name']}"
            if kind == "function":
                self.lines.add(self.render.signature(member_path, member_inner))
            elif kind == "assoc_const":
                self.lines.add(f"const {member_path}: {self.render.ty(member_inner['type'])}")
            else:
                self.lines.add(f"{kind} {member_path}")


def breaking_allowed(released, current):
    """Whether version `current` may break version `released` (semver; before 1.0 the
    minor number is the major one)."""
    r = [int(x) for x in released.split(".")[:3]]
    c = [int(x) for x in current.split(".")[:3]]
    if r[0] == 0 and c[0] == 0:
        return c[1] > r[1]
    return c[0] > r[0]


def compare(crate, released_version, released, current_version, current):
    """Prints what changed; returns False when a breaking change is not allowed."""
    removed = sorted(released - current)
    added = sorted(current - released)
    for line in added:
        print(f"api_check: {crate}: added: {line}")
    if not removed:
        return True
    allowed = breaking_allowed(released_version, current_version)
    verdict = "allowed by" if allowed else "not allowed by"
    for line in removed:
        print(f"api_check: {crate}: breaking: no longer {line}")
    print(
        f"api_check: {crate}: {len(removed)} breaking change(s) since {released_version},"
        f" {verdict} version {current_version}"
    )
    return allowed


def read_listing(path):
    lines = path.read_text().splitlines()
    version = lines[0].split()[-1]
    return version, {line for line in lines[1:] if line}


def write_listing(path, crate, version, lines):
    header = f"# the public API of {crate} {version}"
    path.write_text("\n".join([header, *sorted(lines)]) + "\n")


def self_test():
    """The comparison on small listings: removals break, additions do not, and a new
    version allows a break only when semver says it may."""
    old = {"fn a::f()", "struct a::S built whole from { x }"}
    assert compare("t", "0.1.0", old, "0.1.0", old | {"fn a::g()"})
    assert not compare("t", "0.1.0", old, "0.1.3", {"fn a::f()"})
    assert compare("t", "0.1.0", old, "0.2.0", {"fn a::f()"})
    assert not compare("t", "1.2.0", old, "1.9.0", set())
    assert compare("t", "1.2.0", old, "2.0.0", set())
    # An exhaustive struct's new field changes its whole line: a break.
    grown = {"fn a::f()", "struct a::S built whole from { x, y }"}
    assert not compare("t", "0.1.0", old, "0.1.1", grown)
    print("api_check: self-test passed")
    return 0


def main(args):
    if "--self-test" in args:
        return self_test()
    bless = "--bless" in args
    version = workspace_version()
    LISTINGS.mkdir(exist_ok=True)
    ok = True
    for crate, doc in rustdoc_json(CRATES).items():
        lines = Listing(doc).lines
        listing = LISTINGS / f"{crate}.txt"
        if bless:
            write_listing(listing, crate, version, lines)
            print(f"api_check: {crate}: {len(lines)} lines written to {listing.name}")
            continue
        if not listing.exists():
            print(f"api_check: {crate}: no release listing {listing} (run with --bless)")
            ok = False
            continue
        released_version, released = read_listing(listing)
        ok &= compare(crate, released_version, released, version, lines)
    if ok and not bless:
        print(f"api_check: {len(CRATES)} crates keep the API of their release listings")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
