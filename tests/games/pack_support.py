"""What the data-pack tests of every game share: a copy of a pack to damage, an
edit of one of its files, and the check that the damage is refused."""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path

import pytest

from kriegsspiel.engine import DataError


def copy_pack(source: Path, tmp_path: Path, kinds=None) -> Path:
    """A copy of a game's data folder (or of the files ``kinds`` of it) under tmp_path."""
    copy = tmp_path / "data"
    if kinds is None:
        shutil.copytree(source, copy)
    else:
        copy.mkdir()
        for kind in kinds:
            shutil.copy(source / f"{kind}.json", copy / f"{kind}.json")
    return copy


def edit(folder: Path, kind: str, change) -> None:
    """Apply ``change(records by id)`` — or ``change(records by id, the list of
    records)`` when it takes two — to one file of the copied pack."""
    path = folder / f"{kind}.json"
    raw = json.loads(path.read_text())
    by_id = {r["id"]: r for r in raw["records"]}
    if len(inspect.signature(change).parameters) == 2:
        change(by_id, raw["records"])
    else:
        change(by_id)
    path.write_text(json.dumps(raw))


def refused(check, folder: Path, *messages: str) -> None:
    """``check(folder)`` raises DataError saying every one of ``messages``."""
    with pytest.raises(DataError) as caught:
        check(folder)
    for message in messages:
        assert message in str(caught.value), str(caught.value)
