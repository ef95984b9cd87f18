#!/usr/bin/env python3
"""Checks the relative links of the built guide and of the Markdown it comes from.

    python3 tools/check_links.py target/book   # the built HTML, README.md and docs/**/*.md
    python3 tools/check_links.py               # README.md and docs/**/*.md only

In the built HTML every relative `href` and `src` must name a file of the build, and
every `#anchor` an `id` (or `name`) in the page it points to. In README.md and
docs/**/*.md every relative link and image must name a file or folder of the
repository, and an anchor on a Markdown page must name one of its headings (as GitHub
and mdBook make their ids). Links with a scheme (https:, mailto:, ...) are not fetched.
It prints each broken link with the page it is on and exits 1 if there is any.
"""

import html.parser
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- HTML


class Page(html.parser.HTMLParser):
    """The ids a page defines and the links it holds, with their line numbers."""

    LINKS = {"a": "href", "link": "href", "img": "src", "script": "src", "iframe": "src",
             "source": "src", "area": "href"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        wanted = self.LINKS.get(tag)
        if wanted and attrs.get(wanted) is not None:
            self.links.append((self.getpos()[0], attrs[wanted]))

    handle_startendtag = handle_starttag


def external(link):
    return bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", link)) or link.startswith("//")


def parse_html(path, cache):
    if path not in cache:
        page = Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = page
    return cache[path]


def check_html(build):
    broken = []
    cache = {}
    pages = sorted(build.rglob("*.html"))
    if not pages:
        return [f"{build}: no HTML pages (was the book built?)"]
    for path in pages:
        # mdBook's 404 page resolves its links against the site's root (its <base>).
        if path.name == "404.html":
            continue
        page = parse_html(path, cache)
        for line, link in sorted(set(page.links)):
            if not link or external(link):
                continue
            parts = urlsplit(link)
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            where = f"{path.relative_to(build)}:{line}: {link}"
            if not str(target).startswith(str(build.resolve())) and target != path:
                broken.append(f"{where} (outside the build)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
                continue
            if parts.fragment and target.suffix == ".html":
                anchor = unquote(parts.fragment)
                if anchor not in parse_html(target, cache).ids:
                    broken.append(f"{where} (no id '{anchor}' in {target.relative_to(build.resolve())})")
    return broken


# ---------------------------------------------------------------- Markdown

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTR = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.I)
CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?\1")
INCLUDE = re.compile(r"\{\{#include\s+([^}:\s]+)(?::([^}\s]*))?\s*\}\}")


def prose_lines(text, blank_code=True):
    """The lines outside fenced code blocks, with their numbers; code spans blanked
    unless blank_code is false."""
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        match = FENCE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line) if blank_code else line


def expanded(path, depth=0):
    """A Markdown file's text with mdBook's {{#include}} lines replaced by the files."""
    text = path.read_text(encoding="utf-8")
    if depth > 4:
        return text

    def include(match):
        target = (path.parent / match.group(1)).resolve()
        return expanded(target, depth + 1) if target.is_file() else match.group(0)

    return INCLUDE.sub(include, text)


def slug(heading):
    """A heading's id as GitHub and mdBook make it: lower case, letters, digits, '-'
    and '_' kept, spaces to '-', the rest dropped."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").strip().lower()
    return "".join(c if c.isalnum() or c in "-_" else "-" if c == " " else "" for c in text)


def headings(path, cache):
    if path not in cache:
        ids = set()
        seen = {}
        for _, line in prose_lines(expanded(path), blank_code=False):
            match = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if match:
                base = slug(match.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                ids.add(base if count == 0 else f"{base}-{count}")
        # Anchors written into the page as HTML (<a id="..."> or name="...").
        ids.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", path.read_text(encoding="utf-8")))
        cache[path] = ids
    return cache[path]


def markdown_links(text):
    for number, line in prose_lines(text):
        for pattern in (INLINE_LINK, HTML_ATTR):
            for match in pattern.finditer(line):
                yield number, match.group(1)
        match = REFERENCE.match(line)
        if match:
            yield number, match.group(1)


def check_includes(path, text):
    """mdBook's {{#include FILE}} and {{#include FILE:ANCHOR}}: the file must exist and
    hold the anchor, since mdBook includes nothing, silently, for a missing anchor."""
    broken = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in INCLUDE.finditer(line):
            file, anchor = match.group(1), match.group(2)
            where = f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
            target = (path.parent / file).resolve()
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif anchor and not re.fullmatch(r"\d*(:\d*)?", anchor):
                body = target.read_text(encoding="utf-8")
                if not (re.search(rf"\bANCHOR:\s*{re.escape(anchor)}\b", body)
                        and re.search(rf"\bANCHOR_END:\s*{re.escape(anchor)}\b", body)):
                    broken.append(f"{where} (no ANCHOR {anchor} in {target.relative_to(ROOT)})")
    return broken


def check_markdown(files):
    broken = []
    cache = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        broken += check_includes(path, text)
        for number, link in markdown_links(text):
            if external(link):
                continue
            parts = urlsplit(link)
            where = f"{path.relative_to(ROOT)}:{number}: {link}"
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if not target.exists():
                broken.append(f"{where} (no such file)")
                continue
            if parts.fragment and target.suffix == ".md":
                anchor = unquote(parts.fragment)
                if anchor not in headings(target, cache):
                    broken.append(f"{where} (no heading '{anchor}' in {target.relative_to(ROOT)})")
    return broken


def main(argv):
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    markdown = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
    broken = check_markdown([p for p in markdown if p.is_file()])
    checked = f"{len(markdown)} Markdown files"
    if argv:
        build = Path(argv[0]).resolve()
        broken += check_html(build)
        checked += f" and {sum(1 for _ in build.rglob('*.html'))} HTML pages in {argv[0]}"
    if broken:
        print(f"{len(broken)} broken links:", file=sys.stderr)
        for line in broken:
            print(f"  {line}", file=sys.stderr)
        return 1
    print(f"links ok: {checked}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
