"""Data packs: the maps, cards, units and tables a game is played with.

Every pack is a JSON file ``{"format": "kriegsspiel-data", "game", "kind",
"records": [...]}``. Every record says where it comes from in its ``source``:
``"rulebook L123"`` or ``"rulebook 6.3"`` when the rulebook gives it,
``"authored: <basis>"`` when we wrote it. A game module describes its
records with Pydantic models derived from ``Record``; ``load_pack`` refuses a
file that does not fit, with a message naming the file, the record and the
field. An owner of a published game may put its official values in a file of
the same shape without touching code.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Annotated, Callable, TypeVar

from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError

from .errors import DataError

FORMAT = "kriegsspiel-data"

Source = Annotated[str, StringConstraints(pattern=r"^(rulebook \S.*|authored: \S.*)$")]
"""Provenance: 'rulebook L123', 'rulebook 6.3' or 'authored: <basis>'."""


class Record(BaseModel):
    """One record of a data pack. Unknown fields are refused: a typo is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source


R = TypeVar("R", bound=Record)


def load_pack(path: Path, game: str, kind: str, model: type[R]) -> list[R]:
    """The records of one pack file, validated; DataError saying what is wrong."""
    try:
        raw = json.loads(Path(path).read_text())
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise DataError(f"{path}: not valid JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DataError(f"{path}: not a Kriegsspiel data pack (format must be {FORMAT!r})")
    if raw.get("game") != game or raw.get("kind") != kind:
        raise DataError(f"{path}: holds {raw.get('kind')!r} of {raw.get('game')!r}, expected {kind!r} of {game!r}")
    records = raw.get("records")
    if not isinstance(records, list):
        raise DataError(f"{path}: 'records' must be a list")
    out = []
    for i, rec in enumerate(records):
        name = rec.get("id", i) if isinstance(rec, dict) else i
        try:
            out.append(model.model_validate(rec))
        except ValidationError as e:
            problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'record'}: {_plain(err)}" for err in e.errors())
            raise DataError(f"{path}: record {name!r}: {problems}") from None
    return out


def _plain(err: dict) -> str:
    if err["type"] == "string_pattern_mismatch" and err["loc"] and err["loc"][-1] == "source":
        return "provenance must be 'rulebook <line or rule>' or 'authored: <basis>'"
    return re.sub(r"\s+", " ", err["msg"])


def unique_ids(records: list, path: Path | str) -> dict:
    """Records by id; DataError on a repeated id."""
    by_id: dict = {}
    for rec in records:
        if rec.id in by_id:
            raise DataError(f"{path}: the id {rec.id!r} is used twice")
        by_id[rec.id] = rec
    return by_id


def load_files(directory: Path, game: str, files: dict[str, type[Record]]) -> dict[str, dict]:
    """Every file of a pack (``files``: kind -> record model, each kind in
    ``<directory>/<kind>.json``): kind -> its records by id; DataError on the first
    file that does not fit."""
    out = {}
    for kind, model in files.items():
        path = Path(directory) / f"{kind}.json"
        out[kind] = unique_ids(load_pack(path, game, kind, model), path.name)
    return out


def refuse(game: str, directory: Path, problems: list[str], shown: int = 20) -> None:
    """DataError listing what a pack's checks found wrong (the first ``shown``); nothing if
    they found nothing."""
    if problems:
        more = f" (and {len(problems) - shown} more)" if len(problems) > shown else ""
        raise DataError(f"{game} data pack in {directory}: " + "; ".join(problems[:shown]) + more)


P = TypeVar("P")


def cached_loader(build: Callable[[Path], P], home: Path) -> Callable[..., P]:
    """``load(directory=None)``: the game's own pack in ``home`` built once and kept;
    a pack in another folder (an owner's values, a test's damaged copy) built afresh
    each time. ``load.cache_clear()`` forgets the kept one."""
    kept = cache(lambda: build(home))

    def load(directory: Path | str | None = None) -> P:
        return kept() if directory is None else build(Path(directory))

    load.cache_clear = kept.cache_clear  # type: ignore[attr-defined]
    return load
