"""Goofspiel's data pack: its scenarios (data/scenarios.json)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import Field

from ...engine.data import Record, load_pack, unique_ids

HERE = Path(__file__).parent / "data"


class ScenarioRecord(Record):
    id: str
    title: str
    ranks: int = Field(ge=1, le=13, description="cards per suit, from the ace up (rule 1.2)")
    help: str = ""


@cache
def scenarios() -> dict[str, ScenarioRecord]:
    path = HERE / "scenarios.json"
    return unique_ids(load_pack(path, "goofspiel", "scenarios", ScenarioRecord), path)


def validate() -> dict[str, int]:
    """Check the whole pack; the number of records of each kind."""
    scenarios.cache_clear()
    return {"scenarios": len(scenarios())}
