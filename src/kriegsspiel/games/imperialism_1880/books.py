"""The campaign's books: everything the referee's entries change, and every
consequence the chart sheet attaches to them, applied at once and logged.

The chart sheet (shared/rulebooks/003, cited by line: L58, L156...) gives the
consequences; the sequence of play and what it leaves open are in RULINGS.md
(cited R1, R2...). The charts themselves are in ``charts.py``: this module never
repeats a table, it calls the chart and applies its answer.

The state keeps (all plain JSON):

* ``markers``: area -> power -> ``{"status", "established", "counter"}`` — the
  status markers on the map; ``counter`` is the kind of counter the marker uses
  (``influence`` for Interest and Influence, ``control`` for Protectorate and
  Possession, ``dominion`` for a State/Dominion, or a Dominion/State marker
  serving as a Possession, L819 note).
* ``counters``: power -> kind -> counters left (the counter mix, L819).
* ``books``: great power -> its treasury, last income, maintenance and army
  upkeep, VP ledger and units (private to that power and the referee).
* ``minors``: the four minor powers' units and the great powers supporting them.
* ``eti`` and ``eti_ledger`` (every change with its cause and sheet line),
  ``casus_belli`` (the register), ``wars``, ``treaties``, ``congress``,
  ``codominions``, ``canals``, ``chinese_armies``, ``decisions``, ``great_war``.
"""

from __future__ import annotations

from ...engine import IllegalAction, log, rng
from ...engine.memo import Memo
from . import charts
from .data import pack

REFEREE = "referee"
GREAT = ("britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa")
MINORS = ("belgium", "netherlands", "portugal", "spain")
POWERS = GREAT + MINORS

STATUSES = ("interest", "influence", "protectorate", "possession", "state")
RANK = {status: i for i, status in enumerate(STATUSES)}
CONTROL = ("protectorate", "possession", "state")  # L819 "Control" = Protectorate or Possession; a State/Dominion too
COUNTER_OF = {
    "interest": "influence",
    "influence": "influence",
    "protectorate": "control",
    "possession": "control",
    "state": "dominion",
}
UNIT_SIZES = ("m10", "m3", "m1")
UNIT_ROLES = ("army", "naval")
STRENGTH = {"m10": 10, "m3": 3, "m1": 1}  # the strength points of M10, M3 and M1 (R14)
SIZE_NAME = {"m10": "10", "m3": "3", "m1": "1"}
KINDS = ("m10", "m3", "m1", "control", "influence", "dominion")
KIND_NAME = {
    "m10": "M10",
    "m3": "M3",
    "m1": "M1",
    "control": "Control",
    "influence": "Inf/Int",
    "dominion": "Dominion/State",
}
MATRIX_WORDS = {
    "NE": "no effect on {owner}'s marker",
    "ICB": "a Casus Belli to {owner}",
    "MCB": "a Casus Belli each way with {owner}",
    "RI": "the Interest of the pair with {owner} removed",
    "XX": "prohibited by {owner}'s marker",
}
"""The placement chart's answers (L58: NE, ICB, MCB, RI, XX) in words, for the log."""
UPKEEP_PER_SP = 1  # R6: the upkeep of an army unit in a controlled area, per strength point and turn
BUILD_COST = "it costs nothing to build: the sheet gives a unit no price"
"""R7, R13: the sheet's only costs are the maintenance and army upkeep of L916; a unit has
no price unless the referee enters one as a treasury adjustment."""
BUILD_TERMS = (
    "A unit costs nothing to build: the sheet prices none (R7, R13), though the referee may charge a price. "
    "An army in a Protectorate or Possession pays army upkeep of 1 a strength point each Income phase (L916, R6); "
    "a fleet built by a power other than Britain, Japan or the USA raises the tensions (L156)"
)
"""What a build costs, as the prompts of a build request and entry say it."""
SIZE_TERMS = (
    "M10, M3 and M1 are units of 10, 3 and 1 strength points, each an army or a fleet, "
    "built within the counter mix (L819)"
)
SIZE_WORDS = {
    "m10": "M10: a unit of 10 strength points, an Army(10) or a Naval(10)",
    "m3": "M3: a unit of 3 strength points, an Army(3) or a Naval(3)",
    "m1": "M1: a unit of 1 strength point, an Army(1) or a Naval(1)",
}
"""L819's unit counters in words: "M10 M3 M1 ... Military units are used as both Army or
Naval units"; their strength points (10, 3, 1) are those of the combat tables (L867,
L915, R14), and Army(3)/Naval(10) are the sheet's own names (L156)."""
ROLE_WORDS = {"army": "army (on land)", "naval": "naval (a fleet, at sea)"}
"""An M unit serving as an Army or a Naval unit (L819), in words for a menu."""

# ----- names -----------------------------------------------------------------------------


def power_name(power: str) -> str:
    if power == "natives":
        return "the natives"
    p = pack().powers.get(power)
    return p.name if p else power


_PLACE_NAMES = Memo(4096)  # places' names as asked, for the pack in use


def place_name(where: str) -> str:
    """An area, a sea zone, a home country or a passage by its name (remembered: every
    listing of places is sorted by it)."""
    p = pack()
    memo = _PLACE_NAMES.of(p)
    got = memo.get(where)
    if got is None:
        got = where.replace("-", " ").title()
        for table in (p.areas, p.seas, p.homes, p.passages):
            if where in table:
                got = table[where].name
                break
        memo.keep(where, got)
    return got


def status_name(status: str, power: str | None = None) -> str:
    """The sheet's word for a status; a State/Dominion is a Dominion for Britain
    and a State for the United States (L819 note)."""
    if status == "state":
        return {"britain": "Dominion", "usa": "State"}.get(power or "", "State/Dominion")
    return status.capitalize()


def marker_text(s: dict, area: str, power: str) -> str:
    m = s["markers"][area][power]
    est = "established" if m["established"] else "unestablished"
    return f"{possessive(power_name(power))} {est} {status_name(m['status'], power)} in {place_name(area)}"


def unit_name(size: str, role: str) -> str:
    """'Naval(10)', 'Army(3)': the sheet's words (L156)."""
    return f"{role.capitalize()}({SIZE_NAME[size]})"


def article(words: str) -> str:
    """ "an Interest", "a Possession"."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def possessive(name: str) -> str:
    """ "Britain's", "the Netherlands'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def sign(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def everyone() -> list[str]:
    return [REFEREE, *GREAT]


def privy(*powers: str) -> list[str]:
    """The referee and the powers named: who sees a private line of the log."""
    return [REFEREE, *[p for p in dict.fromkeys(powers) if p in GREAT]]


# ----- set-up ----------------------------------------------------------------------------


def setup(s: dict) -> None:
    """The campaign of 1880 as the data pack's start gives it (L819 in play at start)."""
    p = pack()
    start = p.start
    s["year"] = charts.YEARS[0]
    s["turn"] = 1
    s["phase"] = "setup"
    s["markers"] = {}
    s["counters"] = {}
    for power in POWERS:
        mix = p.powers[power].counters
        s["counters"][power] = {kind: mix[kind][0] if kind in mix else 0 for kind in KINDS}
    s["books"] = {
        power: {
            "treasury": int(start.treasuries.get(power, 0)),
            "income": 0,
            "maintenance": 0,
            "upkeep": 0,
            "net": 0,
            "lines": [],
            "vp": [],
            "units": {},
        }
        for power in GREAT
    }
    s["minors"] = {  # the minor powers' books are public: no player holds them (R8)
        m: {"treasury": int(start.treasuries.get(m, 0)), "income": 0, "maintenance": 0, "upkeep": 0}
        | {"net": 0, "lines": [], "units": {}}
        for m in MINORS
    }
    for power, area, status, established in start.statuses:
        kind = COUNTER_OF[status]
        s["markers"].setdefault(area, {})[power] = {"status": status, "established": bool(established), "counter": kind}
        s["counters"][power][kind] -= 1
    s["started_with_control"] = sorted(
        {area for _power, area, status, _est in start.statuses if status in CONTROL}
    )  # L1: the US gains no Casus Belli for Control placed where Control began the game
    for power, size, role, where in start.units:
        _add_units(s, power, size, role, where, 1)
        s["counters"][power][size] -= 1
    s["controlled_ev_1880"] = {power: controlled_ev(s, power) for power in GREAT}  # R19
    s["eti"] = int(start.eti)
    s["eti_ledger"] = [
        {"year": s["year"], "amount": 0, "eti": s["eti"], "cause": "the European Tensions Index of 1880", "line": "R3"}
    ]
    s["casus_belli"] = []
    s["wars"] = []
    s["treaties"] = []
    s["supports"] = []
    s["congress"] = None
    s["congresses"] = []
    s["codominions"] = []
    s["canals"] = []
    s["chinese_armies"] = {}
    s["decisions"] = []
    s["combats"] = []
    s["merchant_fleets"] = {"next": 0, "granted": []}
    s["great_war"] = None
    s["final"] = None


# ----- the counter mix ---------------------------------------------------------------------


def left(s: dict, power: str, kind: str) -> int:
    return s["counters"][power][kind]


def in_use(s: dict, power: str) -> dict[str, int]:
    """Counters of each kind that ``power`` has in play (markers and units)."""
    out = {kind: 0 for kind in KINDS}
    for holders in s["markers"].values():
        m = holders.get(power)
        if m:
            out[m["counter"]] += 1
    for kinds in units_of(s, power).values():
        for key, n in kinds.items():
            out[key.split("-")[0]] += n
    return out


def check_mix(s: dict) -> None:
    """The counters left plus those in play equal the counter mix (L819); an
    AssertionError naming the power and kind otherwise. For tests and the fuzzer."""
    p = pack()
    for power in POWERS:
        used = in_use(s, power)
        for kind in KINDS:
            total = p.powers[power].counters[kind][0] if kind in p.powers[power].counters else 0
            assert used[kind] + s["counters"][power][kind] == total, (power, kind, used[kind], total)
            assert s["counters"][power][kind] >= 0, (power, kind)


# ----- units -------------------------------------------------------------------------------


def units_of(s: dict, power: str) -> dict:
    """where -> {"m10-army": n, ...} for a great or minor power."""
    if power in GREAT:
        return s["books"][power]["units"]
    return s["minors"][power]["units"]


def _add_units(s: dict, power: str, size: str, role: str, where: str, n: int) -> None:
    places = units_of(s, power)
    here = places.setdefault(where, {})
    key = f"{size}-{role}"
    here[key] = here.get(key, 0) + n
    if here[key] <= 0:
        del here[key]
    if not here:
        del places[where]


def units_at(s: dict, power: str, where: str) -> dict[str, int]:
    return dict(units_of(s, power).get(where, {}))


def strength_at(s: dict, power: str, where: str) -> int:
    """The strength points of all of ``power``'s units at a place (R14)."""
    return sum(STRENGTH[k.split("-")[0]] * n for k, n in units_of(s, power).get(where, {}).items())


def places_with_units(s: dict) -> list[str]:
    out = set()
    for power in POWERS:
        out.update(units_of(s, power))
    return sorted(out, key=place_name)


def powers_at(s: dict, where: str) -> list[str]:
    return [p for p in POWERS if where in units_of(s, p)]


def build(s: dict, power: str, size: str, role: str, where: str) -> None:
    """A unit built: it takes a counter of its size (L819), and a naval unit of a power
    other than Britain, Japan or the USA raises the ETI at once (L156)."""
    if left(s, power, size) <= 0:
        raise IllegalAction(
            f"{power_name(power)} has no {KIND_NAME[size]} counter left: all "
            f"{pack().powers[power].counters[size][0]} are in play (counter mix, L819)"
        )
    s["counters"][power][size] -= 1
    _add_units(s, power, size, role, where, 1)
    log(
        s,
        f"{power_name(power)} builds {article(unit_name(size, role))} unit in {place_name(where)}; {BUILD_COST}.",
        "R13",
        privy(power),
    )
    amount = charts.naval_tension(power, size) if role == "naval" else 0
    if amount:
        event = "naval-10" if size == "m10" else "naval-3-or-1"
        raise_eti(s, event, built_cause(power, size, role), by=power)


def built_cause(power: str, size: str, role: str) -> str:
    """A build as the ETI ledger names its cause (L156): "a Naval(10) unit built by France"."""
    return f"a {unit_name(size, role)} unit built by {power_name(power)}"


def fleets_built(s: dict, power: str) -> list[tuple[int, str]]:
    """(year, size) of every naval unit ``power`` built that raised the tensions (L156): the
    public ETI ledger names each one, so they are no secret of the power's books."""
    causes = {built_cause(power, size, "naval"): size for size in UNIT_SIZES}
    return [(e["year"], causes[e["cause"]]) for e in s["eti_ledger"] if e.get("by") == power and e["cause"] in causes]


def disband(s: dict, power: str, size: str, role: str, where: str, why: str = "disbands", rule: str = "R13") -> None:
    """A unit leaves play; its counter goes back to the mix."""
    key = f"{size}-{role}"
    if units_of(s, power).get(where, {}).get(key, 0) <= 0:
        raise IllegalAction(f"{power_name(power)} has no {unit_name(size, role)} unit in {place_name(where)}")
    _add_units(s, power, size, role, where, -1)
    s["counters"][power][size] += 1
    log(
        s,
        f"{power_name(power)} {why} {article(unit_name(size, role))} unit in {place_name(where)}.",
        rule,
        privy(power),
    )


def move(s: dict, power: str, key: str, src: str, dst: str, n: int = 1) -> None:
    size, role = key.split("-")
    if units_of(s, power).get(src, {}).get(key, 0) < n:
        raise IllegalAction(f"{power_name(power)} has no {unit_name(size, role)} unit in {place_name(src)}")
    _add_units(s, power, size, role, src, -n)
    _add_units(s, power, size, role, dst, n)
    log(
        s,
        f"{power_name(power)} moves {article(unit_name(size, role))} unit from {place_name(src)} to {place_name(dst)}.",
        "R13",
        privy(power),
    )


def fits(role: str, where: str) -> bool:
    """R34 Where a unit may stand: a naval unit at sea, in a coastal area or in a home
    country on the sea; an army ashore, in an area or a home country."""
    p = pack()
    if role == "naval":
        if where in p.seas:
            return True
        place = p.areas.get(where) or p.homes.get(where)
        return place is not None and bool(place.seas)
    return where in p.areas or where in p.homes


def neighbours(where: str) -> list[str]:
    """Areas and sea zones next to a place: where units may retreat (R16)."""
    p = pack()
    out: set[str] = set()
    if where in p.areas:
        a = p.areas[where]
        out.update(a.land, a.seas, a.homes)
    elif where in p.seas:
        z = p.seas[where]
        out.update(z.adjacent, z.areas, z.homes)
    elif where in p.homes:
        h = p.homes[where]
        out.update(h.land, h.homes, h.seas)
    return sorted(out, key=place_name)


# ----- status markers ----------------------------------------------------------------------


def holders(s: dict, area: str) -> dict:
    return s["markers"].get(area, {})


def controls(s: dict, power: str, area: str) -> bool:
    m = s["markers"].get(area, {}).get(power)
    return bool(m and m["status"] in CONTROL)


def can_have_dominions(power: str) -> bool:
    c = pack().powers[power].counters
    return "dominion" in c and c["dominion"][0] > 0


def placement_plan(s: dict, power: str, area: str, status: str, words: bool = True) -> dict:
    """What placing ``status`` for ``power`` in ``area`` would do, without doing it:
    ``{"ok", "reason", "counter", "upgrade", "against": [(owner, result)], "cb": [(holder,
    against, source, line)], "remove": [owner], "eti": [(event, cause)]}``.

    The placement matrix (L58) is read against every other power's marker in the area;
    a Control marker also gives the Casus Belli of L1 (charts.casus_belli_on_placement);
    the counter mix (L819) must hold a counter. With ``words=False`` a refusal's reason is
    left empty: a listing asks of every area and status only whether (``may_place``)."""
    p = pack()
    plan = {"ok": False, "reason": "", "counter": None, "upgrade": None, "against": [], "cb": [], "remove": []}
    plan["eti"] = []
    area_info = p.areas[area]
    here = s["markers"].get(area, {})
    own = here.get(power)
    if own is not None:
        if RANK[status] <= RANK[own["status"]]:
            if words:
                plan["reason"] = (
                    f"{power_name(power)} already holds {article(status_name(own['status'], power))} in "
                    f"{area_info.name}: only a higher status may be placed over it (R9)"
                )
            return plan
        plan["upgrade"] = own["status"]
    if status == "state":
        if not can_have_dominions(power):
            plan["reason"] = "only Britain (Dominions) and the USA (States) have State/Dominion markers (L819)"
            return plan
        if not area_info.dominion_eligible:
            if words:
                plan["reason"] = (
                    f"{area_info.name} cannot become a State or Dominion (L916: {_placing(power, area, status)} "
                    "is not applicable)"
                )
            return plan
        if own is None or own["status"] != "possession":
            if words:
                plan["reason"] = (
                    f"{article(status_name(status, power))} is made only of "
                    f"{possessive(power_name(power))} own Possession (R10)"
                )
            return plan
    # the counter: an upgrade within one kind keeps its counter
    need = COUNTER_OF[status]
    if own is not None and (own["counter"] == need or (status == "possession" and own["counter"] == "dominion")):
        plan["counter"] = own["counter"]
    elif left(s, power, need) > 0:
        plan["counter"] = need
    elif status == "possession" and left(s, power, "dominion") > 0:
        plan["counter"] = "dominion"  # L819 note: a Dominion/State marker serves as a Possession
    else:
        if words:
            total = p.powers[power].counters.get(need, (0, 0))[0]
            plan["reason"] = (
                f"{power_name(power)} has no {KIND_NAME[need]} counter left: all {total} are in play "
                "(counter mix, L819)"
            )
        return plan
    # the placement matrix against every other power's marker (L58)
    present = [(owner, m["status"], m["established"]) for owner, m in here.items() if owner != power]
    effects = charts.placement_effects(power, status, present)
    plan["against"] = [(owner, code) for owner, _status, _est, code in effects.codes]
    if not effects.allowed:
        if words:
            bars = [marker_text(s, area, owner) for owner, _st, _est, code in effects.codes if code == "XX"]
            plan["why"] = f"prohibited by {' and '.join(bars)} (L58: XX)"
            plan["reason"] = f"placing {article(_placing(power, area, status))} is {plan['why']}"
        return plan
    for loser, _interest in effects.removed:  # RI: the Interest involved is removed, the ETI raised (L58, C8)
        plan["remove"].append(loser)
        plan["eti"].append(("downgrade", f"{possessive(power_name(loser))} Interest in {area_info.name} removed"))
    for holder, against in effects.casus_belli:
        plan["cb"].append((holder, against, f"status marker placement in {area_info.name}", "L58"))
    # Control placed: the Casus Belli lists of L1 (raising one's own Control is no new Control, C13)
    started = area in s["started_with_control"]
    previous = own["status"] if own else None
    for holder in charts.casus_belli_on_placement(power, area, started, status, previous):
        plan["cb"].append((holder, power, f"Control placed in {area_info.name}", "L1"))
    plan["ok"] = True
    return plan


def _placing(power: str, area: str, status: str) -> str:
    return f"{status_name(status, power)} for {power_name(power)} in {pack().areas[area].name}"


def may_place(s: dict, power: str, area: str, status: str) -> bool:
    """Whether ``placement_plan`` allows the placement (its refusal's words not worked out)."""
    return placement_plan(s, power, area, status, words=False)["ok"]


def place(s: dict, power: str, area: str, status: str, established: bool) -> dict:
    """Place a status marker with every consequence of L58, L1 and L819; the plan applied."""
    plan = placement_plan(s, power, area, status)
    if not plan["ok"]:
        raise IllegalAction(plan["reason"])
    here = s["markers"].setdefault(area, {})
    own = here.get(power)
    if own is not None and own["counter"] != plan["counter"]:
        s["counters"][power][own["counter"]] += 1
    if own is None or own["counter"] != plan["counter"]:
        s["counters"][power][plan["counter"]] -= 1
    here[power] = {"status": status, "established": bool(established), "counter": plan["counter"]}
    est = "an established" if established else "an unestablished"
    verb = f"raises its {status_name(plan['upgrade'], power)} to" if plan["upgrade"] else "places"
    matrix = "; ".join(MATRIX_WORDS[r].format(owner=power_name(o)) for o, r in plan["against"])
    log(
        s,
        f"{power_name(power)} {verb} {est} {status_name(status, power)} in {place_name(area)}"
        + (f" ({matrix})" if matrix else "")
        + ".",
        "L58",
    )
    for loser in plan["remove"]:
        if loser in s["markers"].get(area, {}):
            _drop_marker(s, area, loser)
        log(s, f"{possessive(power_name(loser))} Interest in {place_name(area)} is removed.", "L58")
    for event, cause in plan["eti"]:
        raise_eti(s, event, cause, by=power)
    for holder, against, source, line in plan["cb"]:
        add_cb(s, holder, against, source, line)
    return plan


def _drop_marker(s: dict, area: str, power: str) -> None:
    here = s["markers"][area]
    m = here.pop(power)
    s["counters"][power][m["counter"]] += 1
    if not here:
        del s["markers"][area]


def establish(s: dict, power: str, area: str) -> None:
    m = s["markers"].get(area, {}).get(power)
    if m is None or m["established"]:
        raise IllegalAction(f"{power_name(power)} has no unestablished marker in {place_name(area)}")
    m["established"] = True
    log(
        s,
        f"{possessive(power_name(power))} {status_name(m['status'], power)} in {place_name(area)} is established.",
        "R9",
    )


def downgrade_plan(s: dict, power: str, area: str) -> tuple[str | None, str | None, str]:
    """(new status or None for removal, counter, reason refused or "") of a downgrade by one step."""
    m = s["markers"].get(area, {}).get(power)
    if m is None:
        return None, None, f"{power_name(power)} has no marker in {place_name(area)}"
    if m["status"] == "interest":
        return None, None, ""
    new = STATUSES[RANK[m["status"]] - 1]
    need = COUNTER_OF[new]
    if m["counter"] == need or (new == "possession" and m["counter"] == "dominion"):
        return new, m["counter"], ""
    if m["status"] == "state" and left(s, power, "control") == 0:
        return new, "dominion", ""  # the Dominion/State marker serves on as a Possession (L819 note)
    if left(s, power, need) > 0:
        return new, need, ""
    return None, None, f"{power_name(power)} has no {KIND_NAME[need]} counter left to stand for the lower status (L819)"


def downgrade(s: dict, power: str, area: str, conflict: bool) -> None:
    """One step down the status ladder (an Interest is removed); in a status conflict
    the ETI rises by 1 at once (L156)."""
    new, counter, reason = downgrade_plan(s, power, area)
    if reason:
        raise IllegalAction(reason)
    m = s["markers"][area][power]
    old = m["status"]
    if new is None:
        _drop_marker(s, area, power)
        log(s, f"{possessive(power_name(power))} Interest in {place_name(area)} is removed.", "R9")
    else:
        if counter != m["counter"]:
            s["counters"][power][m["counter"]] += 1
            s["counters"][power][counter] -= 1
        m["status"] = new
        m["counter"] = counter
        log(
            s,
            f"{possessive(power_name(power))} {status_name(old, power)} in {place_name(area)} is downgraded to "
            f"{status_name(new, power)}.",
            "R9",
        )
    if conflict:
        raise_eti(
            s,
            "downgrade",
            f"{possessive(power_name(power))} {status_name(old, power)} in {place_name(area)} downgraded",
        )


def remove(s: dict, power: str, area: str, conflict: bool) -> None:
    """A marker taken off the map; in a status conflict it counts as a downgrade (L156)."""
    if power not in s["markers"].get(area, {}):
        raise IllegalAction(f"{power_name(power)} has no marker in {place_name(area)}")
    old = s["markers"][area][power]["status"]
    _drop_marker(s, area, power)
    log(s, f"{possessive(power_name(power))} {status_name(old, power)} in {place_name(area)} is removed.", "R9")
    if conflict:
        raise_eti(
            s, "downgrade", f"{possessive(power_name(power))} {status_name(old, power)} in {place_name(area)} removed"
        )


# ----- the European Tensions Index ----------------------------------------------------------


def raise_eti(s: dict, event: str, cause: str, times: int = 1, by: str | None = None) -> int:
    """Apply an increase of L156 the moment its event is entered; the ledger keeps the
    cause and the line. Reaching the Great War threshold brings the Great War (R20)."""
    amount = charts.tension(event) * times
    if amount == 0:
        return 0
    s["eti"] += amount
    entry = {"year": s["year"], "amount": amount, "eti": s["eti"], "cause": cause, "line": "L156"}
    if by:
        entry["by"] = by
    s["eti_ledger"].append(entry)
    log(s, f"European Tensions Index {sign(amount)} ({cause}): now {s['eti']}.", "L156")
    threshold = s["options"].get("great_war_eti", 0)
    if threshold and s["eti"] >= threshold and s["great_war"] is None:
        bearers = [by] if by in GREAT else at_war_powers(s) or list(GREAT)
        great_war(s, bearers, f"the European Tensions Index reached {s['eti']} ({cause})")
    return amount


# ----- Casus Belli ---------------------------------------------------------------------------


def add_cb(s: dict, holder: str, against: str, source: str, line: str, share: bool = True) -> dict | None:
    """Enter a Casus Belli in the register (L1). A partner of the holder by a treaty whose
    stipulations share Casus Belli gains one too (L1, R24)."""
    if holder == against:
        return None
    entry = {
        "id": len(s["casus_belli"]) + 1,
        "holder": holder,
        "against": against,
        "source": source,
        "line": line,
        "year": s["year"],
        "resolved": None,
    }
    s["casus_belli"].append(entry)
    log(s, f"{power_name(holder)} gains a Casus Belli against {power_name(against)}: {source}.", line)
    if share:
        for partner in sharing_partners(s, holder):
            treaty_cb(s, partner, against, f"a treaty with {power_name(holder)}, which holds a Casus Belli")
    return entry


def sharing_partners(s: dict, power: str) -> list[str]:
    """The partners of ``power`` by treaties in force whose stipulations share Casus Belli."""
    out = []
    for t in treaties_in_force(s):
        if t["stipulation"] == "share" and power in t["parties"]:
            out.extend(q for q in t["parties"] if q != power and q not in out)
    return out


def treaty_cb(s: dict, holder: str, against: str, source: str) -> None:
    """L1: having a treaty with a power that holds a Casus Belli or is at war gives one, as the
    treaty's stipulations say (R24); one level deep, and not twice the same."""
    for h, a in charts.casus_belli_event("treaty-with-belligerent", holder=holder, against=against):
        if h == a or any(c["holder"] == h and c["against"] == a and c["source"] == source for c in open_cbs(s)):
            continue
        add_cb(s, h, a, source, "L1", share=False)


def open_cbs(s: dict) -> list[dict]:
    return [c for c in s["casus_belli"] if c["resolved"] is None]


def resolve_cb(s: dict, cb_id: int, how: str) -> None:
    c = s["casus_belli"][cb_id - 1]
    if c["resolved"] is not None:
        raise IllegalAction(f"Casus Belli {cb_id} is already resolved")
    c["resolved"] = {"year": s["year"], "how": how}
    log(
        s,
        f"Casus Belli {cb_id} ({power_name(c['holder'])} against {power_name(c['against'])}) is resolved: {how}.",
        "R25",
    )


# ----- wars --------------------------------------------------------------------------------------


def wars_in_progress(s: dict) -> list[dict]:
    return [w for w in s["wars"] if w["ended"] is None]


def at_war_powers(s: dict) -> list[str]:
    out = []
    for w in wars_in_progress(s):
        for side in w["sides"]:
            out.extend(p for p in side if p in GREAT and p not in out)
    return out


def enemies(s: dict, power: str) -> list[str]:
    out: list[str] = []
    for w in wars_in_progress(s):
        for i, side in enumerate(w["sides"]):
            if power in side:
                out.extend(q for q in w["sides"][1 - i] if q not in out)
    return out


def war_of(s: dict, power: str) -> dict | None:
    return next((w for w in wars_in_progress(s) if any(power in side for side in w["sides"])), None)


def comrades(s: dict, power: str) -> list[str]:
    """The powers fighting beside ``power`` in any war in progress."""
    out: list[str] = []
    for w in wars_in_progress(s):
        for side in w["sides"]:
            if power in side:
                out.extend(q for q in side if q != power and q not in out)
    return out


def war_barred(s: dict, aggressor: str) -> set[str]:
    """The powers ``aggressor`` may not declare war on now (R22): those it is already at war
    with, and those it fights beside, in any war in progress."""
    return {*enemies(s, aggressor), *comrades(s, aggressor)}


def war_refusal(s: dict, aggressor: str, target: str) -> str:
    """Why ``aggressor`` may not declare war on ``target`` now, or "" if it may (``war_barred``)."""
    if target not in war_barred(s, aggressor):
        return ""
    if target in enemies(s, aggressor):
        return f"{power_name(aggressor)} is already at war with {power_name(target)}"
    return f"{power_name(aggressor)} and {power_name(target)} are on the same side of a war"


def declare_war(s: dict, aggressor: str, target: str) -> dict:
    """War declared: +5 ETI at once (L156). A target already at war is joined in that
    war on the other side (R22). A Casus Belli held against the target is used (R25). A
    treaty in force with the target is broken first (R53)."""
    refusal = war_refusal(s, aggressor, target)
    if refusal:
        raise IllegalAction(refusal)
    for t in treaties_in_force(s):  # R53: war on a treaty partner breaks the treaty (L1, L156)
        if set(t["parties"]) == {aggressor, target}:
            break_treaty(s, t["id"], aggressor)
    war = war_of(s, target)
    if war is None:
        mine = war_of(s, aggressor)
        if mine is not None:
            side = 0 if aggressor in mine["sides"][0] else 1
            mine["sides"][1 - side].append(target)
            war = mine
        else:
            war = {"id": len(s["wars"]) + 1, "sides": [[aggressor], [target]], "since": s["year"], "ended": None}
            s["wars"].append(war)
    else:
        side = 0 if target in war["sides"][0] else 1
        war["sides"][1 - side].append(aggressor)
    log(s, f"{power_name(aggressor)} declares war on {power_name(target)} (war {war['id']}).", "L156")
    raise_eti(s, "war-declared", f"{power_name(aggressor)} declares war on {power_name(target)}", by=aggressor)
    for c in open_cbs(s):
        if c["holder"] == aggressor and c["against"] == target:
            resolve_cb(s, c["id"], "used to declare war")
            break
    for party, foe in ((aggressor, target), (target, aggressor)):  # L1: a treaty with a power at war
        for partner in sharing_partners(s, party):
            if partner != foe and partner not in enemies(s, foe):
                treaty_cb(s, partner, foe, f"a treaty with {power_name(party)}, at war with {power_name(foe)}")
    return war


def war_text(s: dict, war: dict) -> str:
    a, b = (" and ".join(power_name(p) for p in side) for side in war["sides"])
    return f"war {war['id']}: {a} against {b} (since {war['since']})"


def end_war(s: dict, war_id: int, how: str = "peace is made") -> None:
    w = s["wars"][war_id - 1]
    w["ended"] = s["year"]
    log(s, f"The {war_text(s, w)} ends: {how}.", "R22")


def separate_peace(s: dict, war_id: int, power: str) -> None:
    """A power leaves a war alone: +5 ETI (L156). A side left empty ends the war."""
    w = s["wars"][war_id - 1]
    side = next(side for side in w["sides"] if power in side)
    if len(side) < 2:
        raise IllegalAction(f"{power_name(power)} fights alone on its side: that is peace, not a separate peace")
    side.remove(power)
    log(s, f"{power_name(power)} makes a separate peace and leaves war {w['id']}.", "L156")
    raise_eti(s, "separate-peace", f"{power_name(power)} makes a separate peace", by=power)


# ----- treaties ----------------------------------------------------------------------------------

TREATY_KINDS = ("defensive", "offensive", "entente", "neutrality")
STIPULATIONS = {
    "none": "no shared Casus Belli",
    "share": "each partner gains a Casus Belli where the other holds one or is at war",
}


def treaties_in_force(s: dict) -> list[dict]:
    return [t for t in s["treaties"] if t["broken"] is None and t["ended"] is None]


def treaty_text(t: dict) -> str:
    a, b = (power_name(p) for p in t["parties"])
    return f"treaty {t['id']}: {t['kind']} treaty {a}-{b} (since {t['since']})"


def make_treaty(s: dict, a: str, b: str, kind: str, stipulation: str) -> dict:
    """A treaty; with shared stipulations each partner gains the Casus Belli the other holds
    and one against the other's enemies at war (L1)."""
    for t in treaties_in_force(s):
        if set(t["parties"]) == {a, b} and t["kind"] == kind:
            raise IllegalAction(
                f"{power_name(a)} and {power_name(b)} already have {article(kind + ' treaty')} in force"
            )
    t = {
        "id": len(s["treaties"]) + 1,
        "parties": [a, b],
        "kind": kind,
        "stipulation": stipulation,
        "stipulations": STIPULATIONS[stipulation],
        "since": s["year"],
        "broken": None,
        "ended": None,
    }
    s["treaties"].append(t)
    log(s, f"{power_name(a)} and {power_name(b)} make {article(kind + ' treaty')} ({t['stipulations']}).", "R23")
    if stipulation == "share":
        held = [(c["holder"], c["against"]) for c in open_cbs(s) if c["holder"] in (a, b)]
        at_war = {party: enemies(s, party) for party in (a, b)}
        for party, partner in ((a, b), (b, a)):
            for holder, against in held:
                if holder == party and against != partner:
                    treaty_cb(s, partner, against, f"a treaty with {power_name(party)}, which holds a Casus Belli")
            for foe in at_war[party]:
                if foe != partner and foe not in at_war[partner]:
                    treaty_cb(s, partner, foe, f"a treaty with {power_name(party)}, at war with {power_name(foe)}")
    return t


def break_treaty(s: dict, treaty_id: int, breaker: str) -> None:
    """A treaty broken: +5 ETI (L156) and the other party's Casus Belli against the breaker (L1)."""
    t = s["treaties"][treaty_id - 1]
    t["broken"] = {"by": breaker, "year": s["year"]}
    other = next(q for q in t["parties"] if q != breaker)
    log(s, f"{power_name(breaker)} breaks the {treaty_text(t)}.", "L156")
    raise_eti(s, "treaty-broken", f"{power_name(breaker)} breaks a treaty with {power_name(other)}", by=breaker)
    for holder, against in charts.casus_belli_event("treaty-broken", breaker=breaker, parties=t["parties"]):
        add_cb(s, holder, against, f"{power_name(breaker)} broke their {t['kind']} treaty", "L1")


def end_treaty(s: dict, treaty_id: int) -> None:
    t = s["treaties"][treaty_id - 1]
    t["ended"] = s["year"]
    log(s, f"The {treaty_text(t)} lapses by agreement.", "R23")


# ----- the Congress of Europe ---------------------------------------------------------------------


def call_congress(s: dict, by: str | None) -> None:
    """+3 ETI when a Congress of Europe is called (L156)."""
    s["congress"] = {"year": s["year"], "called_by": by, "defied_by": []}
    who = f" by {power_name(by)}" if by else ""
    log(s, f"A Congress of Europe is called{who}.", "L156")
    raise_eti(s, "congress-called", f"a Congress of Europe called{who}")  # no one to blame for seeking peace (R20)


def defy_congress(s: dict, power: str) -> None:
    """+2 ETI for each time a great power defies the Congress (L156)."""
    s["congress"]["defied_by"].append(power)
    log(s, f"{power_name(power)} defies the Congress of Europe.", "L156")
    raise_eti(s, "congress-defied", f"{power_name(power)} defies the Congress of Europe", by=power)


def end_congress(s: dict) -> None:
    """At its end, +3 ETI for each Casus Belli still unresolved (L156, R26)."""
    c = s["congress"]
    unresolved = len(open_cbs(s))
    c["ended"] = s["year"]
    c["unresolved"] = unresolved
    s["congresses"].append(c)
    s["congress"] = None
    log(s, f"The Congress of Europe ends with {unresolved} Casus Belli unresolved.", "L156")
    if unresolved:
        raise_eti(
            s,
            "congress-unresolved-cb",
            f"{unresolved} Casus Belli unresolved at the end of the Congress of Europe",
            times=unresolved,
        )


# ----- minor powers -----------------------------------------------------------------------------


def supports_in_force(s: dict) -> list[dict]:
    return [x for x in s["supports"] if x["failed"] is None and x["withdrawn"] is None]


def support_minor(s: dict, power: str, minor: str) -> None:
    s["supports"].append(
        {"id": len(s["supports"]) + 1, "power": power, "minor": minor, "since": s["year"]}
        | {"failed": None, "withdrawn": None}
    )
    log(s, f"{power_name(power)} declares its support for {power_name(minor)}.", "L156")


FAILED_IN = ("war", "dispute")  # R18: the two occasions the sheet names


def fail_to_aid(s: dict, support_id: int, where: str) -> None:
    """A supporter who fails to come to its minor's aid (R18): in a war, +3 ETI ("fails to come
    to the Minor Powers' aid in a subsequent war", L156); in a Status dispute, -5 VP (L242)."""
    x = s["supports"][support_id - 1]
    x["failed"] = s["year"]
    power, minor = x["power"], x["minor"]
    occasion = "in a war" if where == "war" else "in a Status dispute"
    log(s, f"{power_name(power)} fails to come to the aid of {power_name(minor)} {occasion}.", "R18")
    if where == "war":
        raise_eti(s, "minor-not-aided", f"{power_name(power)} fails to aid {power_name(minor)} in a war", by=power)
    else:
        award(s, power, charts.immediate_vp("minor-not-aided"), "failing to aid a supported minor", "L242")


# ----- VP --------------------------------------------------------------------------------------------


def award(s: dict, power: str, amount: int, why: str, line: str) -> None:
    if power not in GREAT:
        return
    s["books"][power]["vp"].append({"year": s["year"], "amount": amount, "rule": why, "line": line})
    log(s, f"{power_name(power)}: {sign(amount)} VP ({why}).", line, privy(power))


def vp(s: dict, power: str) -> int:
    return sum(e["amount"] for e in s["books"][power]["vp"])


def treaty_record(s: dict) -> dict[str, int]:
    """The VP Record phase: 2 VP for each defensive treaty of L242 in force."""
    out = charts.treaty_vp([(t["parties"][0], t["parties"][1], t["kind"]) for t in treaties_in_force(s)])
    for power, amount in out.items():
        if amount:
            award(s, power, amount, "defensive treaties in force (VP Record)", "L242")
    return out


# ----- canals, straits, codominions ----------------------------------------------------------------


def canal_sites(s: dict) -> list[str]:
    """The routes where a Caribbean/South Pacific canal may be built (D7), not yet built."""
    built = {c["passage"] for c in s["canals"]}
    p = pack()
    return sorted((x for x, info in p.passages.items() if info.kind == "canal-site" and x not in built), key=place_name)


def passages_open(s: dict) -> list[str]:
    """The straits and canals a neutral may deny (L1): the straits, the canals open in 1880
    and the canals built since."""
    p = pack()
    built = {c["passage"] for c in s["canals"]}
    return sorted((x for x, info in p.passages.items() if info.kind != "canal-site" or x in built), key=place_name)


def build_canal(s: dict, power: str, passage: str) -> None:
    """The first Caribbean/South Pacific canal: +15 VP to its builder (L242)."""
    first = not s["canals"]
    area = pack().passages[passage].shores[0]
    s["canals"].append({"passage": passage, "area": area, "by": power, "year": s["year"], "first": first})
    log(s, f"{power_name(power)} completes the {place_name(passage)} across {place_name(area)}.", "L242")
    if first:
        award(s, power, charts.immediate_vp("canal"), "the first Caribbean/South Pacific canal", "L242")


def deny_passage(s: dict, neutral: str, alliance: list[str], passage: str) -> None:
    """A neutral denying straits or a canal to one alliance: the alliance gains a Casus Belli
    against it (L1)."""
    what = place_name(passage)
    log(s, f"{power_name(neutral)} denies the {what} to {', '.join(map(power_name, alliance))}.", "L1")
    for holder, against in charts.casus_belli_event("straits-denied", neutral=neutral, alliance=alliance):
        add_cb(s, holder, against, f"{power_name(neutral)} denied it the {what}", "L1")


def alliance_of(s: dict, power: str) -> list[str]:
    """A power and its partners in treaties in force (R27)."""
    out = [power]
    for t in treaties_in_force(s):
        if power in t["parties"]:
            out.extend(q for q in t["parties"] if q not in out)
    return out


def form_codominion(s: dict, area: str, a: str, b: str) -> dict:
    c = {"id": len(s["codominions"]) + 1, "area": area, "powers": [a, b], "since": s["year"], "ended": None}
    s["codominions"].append(c)
    log(s, f"{power_name(a)} and {power_name(b)} hold {place_name(area)} as a codominion.", "R28")
    return c


def enter_codominion(s: dict, codominion_id: int, invader: str, neutral: str) -> None:
    """Entering an enemy-neutral codominion: the neutral partner gains a Casus Belli (L1)."""
    c = s["codominions"][codominion_id - 1]
    log(s, f"{power_name(invader)} enters the codominion of {place_name(c['area'])}.", "L1")
    for holder, against in charts.casus_belli_event("codominion-entered", neutral=neutral, invader=invader):
        add_cb(s, holder, against, f"{power_name(invader)} entered the codominion of {place_name(c['area'])}", "L1")


def random_event_2_2(s: dict) -> None:
    """Random Event 2/2: the USA gains a Casus Belli against Spain (L1)."""
    for holder, against in charts.casus_belli_event("random-event-2-2"):
        add_cb(s, holder, against, "Random Event 2/2", "L1")


# ----- random tables ---------------------------------------------------------------------------------


def chinese_rebellion(s: dict) -> list[str]:
    """L1: a D6 for the number of Chinese armies, then two D6 for where each appears."""
    count = rng.roll(s, 6)
    rolls = [(rng.roll(s, 6), rng.roll(s, 6)) for _ in range(count)]
    areas = list(charts.chinese_armies(count, rolls))
    for a in areas:
        s["chinese_armies"][a] = s["chinese_armies"].get(a, 0) + 1
    where = ", ".join(f"{place_name(a)} ({r[0]}, {r[1]})" for a, r in zip(areas, rolls, strict=False))
    log(s, f"Chinese rebellion: {count} armies (D6 {count}) appear in {where}.", "L1")
    return areas


UNREST_DICE = {"A": 2, "B": 1, "C": 2, "D": 2}


def unrest(s: dict, table: str) -> str:
    """L587-588: unrest table A, B, C or D rolled; the area named is logged for the referee."""
    rolls = [rng.roll(s, 6) for _ in range(UNREST_DICE[table])]
    area = charts.unrest(table, rolls)
    s["decisions"].append(
        {"year": s["year"], "phase": s["phase"], "text": f"unrest (table {table}) in {place_name(area)}"}
    )
    log(s, f"Unrest table {table}, dice {', '.join(map(str, rolls))}: unrest in {place_name(area)}.", "L587")
    return area


def merchant_fleet(s: dict) -> str:
    """R30: the next Merchant Fleet of the turn track (L409-453), in the sheet's order (C21),
    handed out when the referee says; the power's Merchant Fleets are public."""
    mf = s["merchant_fleets"]
    power = charts.merchant_fleets()[mf["next"]]
    mf["next"] += 1
    mf["granted"].append({"power": power, "year": s["year"]})
    log(s, f"{power_name(power)} gains a Merchant Fleet (the turn track's {mf['next']} of 21).", "L409")
    return power


# ----- treasuries and income ---------------------------------------------------------------------------


def adjust_treasury(s: dict, power: str, amount: int, reason: str) -> None:
    book_of(s, power)["treasury"] += amount
    log(
        s,
        f"{possessive(power_name(power))} treasury {sign(amount)}: {reason}.",
        "R7",
        privy(power) if power in GREAT else None,
    )


def book_of(s: dict, power: str) -> dict:
    """A great power's books (private) or a minor power's (public, R8)."""
    return s["books"][power] if power in GREAT else s["minors"][power]


def income_of(s: dict, power: str) -> dict:
    """The income and maintenance of a power's status markers (L916) and the upkeep of
    its armies in controlled areas, at least one army unit's worth each (L916 note, R6)."""
    p = pack()
    lines = []
    income = maintenance = upkeep = 0
    for area in sorted(s["markers"], key=place_name):
        m = s["markers"][area].get(power)
        if m is None:
            continue
        inc, mnt = charts.income(m["status"], p.areas[area].ev)
        up = 0
        if charts.garrison_required(m["status"]):  # none in a State/Dominion (L916)
            armies = sum(
                STRENGTH[k.split("-")[0]] * n
                for k, n in units_of(s, power).get(area, {}).items()
                if k.endswith("-army")
            )
            up = UPKEEP_PER_SP * max(1, armies)
        income += inc
        maintenance += mnt
        upkeep += up
        lines.append({"area": area, "status": m["status"], "ev": p.areas[area].ev, "income": inc})
        lines[-1] |= {"maintenance": mnt, "upkeep": up}
    return {"income": income, "maintenance": maintenance, "upkeep": upkeep, "lines": lines}


def income_phase(s: dict) -> None:
    """Phase 1: every power's income less maintenance and army upkeep is paid into its
    treasury (L916), the minor powers' too (R8). A treasury may go below zero: a debt the
    referee rules on (R7)."""
    for power in POWERS:
        got = income_of(s, power)
        b = book_of(s, power)
        net = got["income"] - got["maintenance"] - got["upkeep"]
        b["income"], b["maintenance"], b["upkeep"] = got["income"], got["maintenance"], got["upkeep"]
        b["lines"] = got["lines"]
        b["net"] = net
        b["treasury"] += net
        debt = " — in debt: the referee rules on it" if b["treasury"] < 0 else ""
        log(
            s,
            f"{power_name(power)}: income {got['income']}, maintenance {got['maintenance']}, army upkeep "
            f"{got['upkeep']}: {sign(net)}; treasury {b['treasury']}{debt}.",
            "L916",
            privy(power) if power in GREAT else None,
        )


# ----- the Great War and the Final Record -------------------------------------------------------------


def great_war(s: dict, bearers: list[str], cause: str) -> None:
    """The Great War breaks out: the penalty of the year on the turn track (L363-453) is
    borne by the powers held responsible (R20); the Final Record follows at once."""
    penalty = charts.great_war_penalty(s["year"])
    s["great_war"] = {"year": s["year"], "cause": cause, "penalty": penalty, "bearers": list(bearers)}
    log(s, f"The Great War breaks out in {s['year']}: {cause}.", "R20")
    for power in bearers:
        if penalty:
            award(s, power, penalty, f"the Great War penalty of {s['year']}", "L387")


def controlled_ev(s: dict, power: str) -> int:
    """The EV of every area a power controls (Protectorate, Possession, State/Dominion, C12)."""
    p = pack()
    return sum(p.areas[a].ev for a, here in s["markers"].items() if here.get(power, {}).get("status") in CONTROL)


def holdings_vp(s: dict, power: str) -> int:
    """R19: the EV of the areas a power controls at the end less the EV it controlled in 1880."""
    return controlled_ev(s, power) - s["controlled_ev_1880"][power]


def final_record(s: dict) -> dict[str, int]:
    """The Final Record phase: the end-of-game awards and penalties of L242 for every
    power, and (option) the holdings of R19; the VP totals."""
    s["phase"] = "final record"
    statuses = [
        (power, area, m["status"], m["established"]) for area, here in s["markers"].items() for power, m in here.items()
    ]
    treaties = [(t["parties"][0], t["parties"][1], t["kind"]) for t in treaties_in_force(s)]
    navies = {power: naval_units(s, power) for power in POWERS}
    awards = charts.final_vp(statuses, treaties, navies)
    rules = charts.charts().final_rules
    for power in GREAT:
        for rule, amount in awards.get(power, []):
            award(s, power, amount, final_words(rules[rule].text), "L242")
        if s["options"].get("holdings_vp", True):
            award(s, power, holdings_vp(s, power), "the EV of the areas it controls, less that of 1880", "R19")
    totals = {power: vp(s, power) for power in GREAT}
    s["final"] = totals
    log(s, "Final Record: " + ", ".join(f"{power_name(p)} {v} VP" for p, v in totals.items()) + ".", "L242")
    return totals


def final_words(text: str) -> str:
    """An end-of-game award as the log tells it: the sheet's line without its "Award to Britain:
    if" ("there are no German Naval (10) units in play")."""
    why = text.split(": ", 1)[1] if text.startswith(("Award to", "Penalty to")) else text
    return why[3:] if why.startswith("if ") else why[0].lower() + why[1:]


def naval_units(s: dict, power: str) -> dict[str, int]:
    """A power's naval units by size: {"m10": n, ...}."""
    out = {size: 0 for size in UNIT_SIZES}
    for kinds in units_of(s, power).values():
        for key, n in kinds.items():
            size, role = key.split("-")
            if role == "naval":
                out[size] += n
    return out
