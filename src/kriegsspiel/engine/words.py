"""Words: free words a player writes (a chat message, a note to the referee, a referee's
answer), as they are kept and shown to others; and the games' own lists of names."""

from __future__ import annotations

import unicodedata

BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
"""Bidirectional overrides, embeddings, isolates and marks."""


def clean(text: str) -> str:
    """The text without bidirectional controls (which could make it read differently from
    what was written), control characters other than line breaks and tabs, or lone surrogates
    (half a character, which no stored text may hold), trimmed."""
    out = []
    for ch in text:
        if ch in BIDI:
            continue
        cat = unicodedata.category(ch)
        if (cat == "Cc" and ch not in "\n\t") or cat == "Cs":
            continue
        out.append(ch)
    return "".join(out).strip()


def series(names) -> str:
    """'France', 'France and Austria', 'France, Austria and Spain'."""
    names = list(names)
    if len(names) < 3:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def counted(n, noun: str, nouns: str | None = None) -> str:
    """A count and its noun, one or many: '1 Ship', '2 Ships', '4.5 divisions', '3 dummies'."""
    return f"{n:g} {noun if n == 1 else nouns or noun + 's'}"
