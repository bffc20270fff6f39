"""A game's player's guide: GUIDE.md beside its rules, and the log's citations
pointing into it.

The guide is ours, written for players; the full rules are the publishers'
rulebooks. Under a heading, a comment names the rules that section explains:

    ## 6. Battles
    <!-- cites: 18 19.1 L565-L856 R13 -->

A log line citing ``18.6.1`` then links to the section naming ``18.6`` or
``18`` (the longest match); one citing ``L707`` (a rulebook line, for a
rulebook without numbered sections) or ``R13`` (a ruling) links to the section
whose range holds it. A numbered citation reads "§18.6.1"; any other reads as
the section's title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_CITES = re.compile(r"^\s*<!--\s*cites:\s*(.*?)\s*-->\s*$")
_NUMBER = re.compile(r"\d+(?:\.\d+)*[a-z]?")
_RANGED = re.compile(r"([A-Z])(\d+)(?:\s*[-–]\s*\1?(\d+))?")


@dataclass
class Section:
    anchor: str
    title: str
    level: int
    numbers: list[str] = field(default_factory=list)
    ranges: list[tuple[str, int, int]] = field(default_factory=list)


def slug(title: str) -> str:
    """A heading's anchor: "6. Battles and retreats" -> "6-battles-and-retreats"."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


class Guide:
    def __init__(self, text: str):
        self.sections: list[Section] = []
        lines = []
        seen: set[str] = set()
        in_code = False
        for line in text.splitlines():
            if line.lstrip().startswith("```"):
                in_code = not in_code
            m = None if in_code else _HEADING.match(line)
            c = None if in_code else _CITES.match(line)
            if m:
                title = m.group(2)
                anchor = base = slug(title)
                n = 2
                while anchor in seen:
                    anchor, n = f"{base}-{n}", n + 1
                seen.add(anchor)
                self.sections.append(Section(anchor, title, len(m.group(1))))
            elif c:
                if not self.sections:
                    raise ValueError("a cites comment comes before any heading")
                self._mark(self.sections[-1], c.group(1))
                continue
            lines.append(line)
        self.text = "\n".join(lines) + "\n"
        self._cache: dict[str, dict] = {}

    @staticmethod
    def _mark(section: Section, spec: str) -> None:
        for token in spec.replace(",", " ").split():
            r = _RANGED.fullmatch(token)
            if r:
                lo = int(r.group(2))
                section.ranges.append((r.group(1), lo, int(r.group(3) or lo)))
            elif _NUMBER.fullmatch(token):
                section.numbers.append(token)
            else:
                raise ValueError(f"cannot read {token!r} in the cites of {section.title!r}")

    @classmethod
    def read(cls, path: Path) -> Guide | None:
        return cls(path.read_text(encoding="utf-8")) if path.is_file() else None

    def find(self, rule: str) -> Section | None:
        """The section explaining a citation, or None."""
        rule = (rule or "").strip()
        r = re.match(r"([A-Z])(\d+)", rule)
        if r:
            kind, n = r.group(1), int(r.group(2))
            best = None
            for sec in self.sections:
                for k, lo, hi in sec.ranges:
                    if k == kind and lo <= n <= hi and (best is None or hi - lo < best[0]):
                        best = (hi - lo, sec)
            return best[1] if best else None
        m = _NUMBER.match(rule.lstrip("§"))
        if not m:
            return None
        parts = m.group(0).split(".")
        for i in range(len(parts), 0, -1):
            prefix = ".".join(parts[:i])
            for sec in self.sections:
                if prefix in sec.numbers:
                    return sec
        return None

    def cite(self, rule: str) -> dict:
        """How the log shows a citation: its label and the guide's anchor."""
        hit = self._cache.get(rule)
        if hit is None:
            sec = self.find(rule)
            number = _NUMBER.fullmatch(rule.strip().lstrip("§")) if rule else None
            if number:
                label = "§" + rule.strip().lstrip("§")
            elif sec is not None:
                label = re.sub(r"^[\d.]+\s*", "", sec.title)
            else:
                label = rule
            hit = self._cache[rule] = {"cite": label, "guide": sec.anchor if sec else None}
        return hit

    def section(self, query: str) -> str | None:
        """The text of the section a player asks for in the terminal (``? 18``,
        ``? battles``), or None."""
        query = query.strip()
        sec = self.find(query)
        if sec is None:
            low = query.lower()
            sec = next((s for s in self.sections if low and low in s.title.lower()), None)
        if sec is None:
            return None
        return self.part(sec)

    def part(self, sec: Section) -> str:
        """A section's own text, its subsections included."""
        out, inside = [], False
        in_code = False
        for line in self.text.splitlines():
            if line.lstrip().startswith("```"):
                in_code = not in_code
            m = None if in_code else _HEADING.match(line)
            if m:
                if inside and len(m.group(1)) <= sec.level:
                    break
                if not inside and m.group(2) == sec.title:
                    inside = True
            if inside:
                out.append(line)
        return "\n".join(out).strip() + "\n"

    def contents(self) -> list[tuple[int, str]]:
        return [(s.level, s.title) for s in self.sections if s.level <= 2]

    @cached_property
    def html(self) -> str:
        """The guide as HTML, each heading with its anchor as id."""
        from markdown_it import MarkdownIt

        md = MarkdownIt("commonmark", {"html": False}).enable("table")
        tokens = md.parse(self.text)
        anchors = iter(s.anchor for s in self.sections)
        for tok in tokens:
            if tok.type == "heading_open":
                tok.attrSet("id", next(anchors))
        return md.renderer.render(tokens, md.options, {})
