"""Land battles (rulebook §18 L946-1046, 5.3 L386-396, 12.12, 12.16, §21, 19.10); cited as 18.4 L998."""

from __future__ import annotations

from ie_support import answer, asking, blank, game, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import battle, world

# The dice are scripted (engine/testing.py): a land battle rolls the attacker's die first, then the defender's.


def empty(seed=1):
    s = blank(seed)
    s["units"] = {}
    s["rebel_spaces"] = {}
    s["woi"] = {}
    s["forts"] = {}
    for q in s["powers"]:
        s["powers"][q]["stability"] = 4
        s["powers"][q]["hand"] = []
    return s


def war(s, attackers, defenders, **extra):
    s["war"] = {
        "attackers": list(attackers),
        "defenders": list(defenders),
        "primary": {"attacker": attackers[0], "defender": defenders[0]},
        "aim": "unification",
        "objectives": [],
        "budget": {},
        "order": [],
        "drm": {},
        "deployed": [],
        "liberate": None,
    }
    s["war"].update(extra)
    return s


def add(s, owner, kind, at, count=1, reduced=False, **extra):
    return [world.new_unit(s, owner, kind, at, reduced, **extra) for _ in range(count)]


def austro_prussian():
    """Image 1 of the Land Battle Example (L1031-1038): GE (New Rifles, +1 war DRM) attacks
    Saxony from Berlin; Bavaria, Saxony and Hanover are allied with AU."""
    s = empty()
    for m in ("saxony", "hanover", "bavaria"):
        s["allies"][m] = "au"
    war(s, ["ge"], ["au", "saxony", "hanover", "bavaria"], drm={"ge": 1})
    ge = add(s, "ge", "army", "berlin", 2)
    third = add(s, "ge", "reserve", "berlin")  # deployed this impulse: it cannot attack or support
    s["war"]["deployed"] = list(third)
    silesia = add(s, "ge", "army", "silesia")
    saxon = add(s, "saxony", "army", "saxony")
    au = add(s, "au", "army", "bohemia", 2)
    hanover = add(s, "hanover", "army", "hanover")
    bavarian = add(s, "bavaria", "army", "bavaria")
    return s, {"ge": ge, "third": third, "silesia": silesia, "saxon": saxon, "au": au, "hanover": hanover,
               "bavarian": bavarian}  # fmt: skip


def test_crt_rows():
    """18.4 L990-1003: every row of the CRT."""
    rows = {6: (0, 2, "a", True), 4: (0, 2, "a", True), 3: (1, 2, "a", False), 2: (1, 1, "a", False),
            1: (1, 1, "a", False), 0: (1, 1, "a", False), -1: (1, 1, "d", False), -2: (1, 1, "d", False),
            -3: (2, 1, "d", False), -4: (2, 0, "d", True), -9: (2, 0, "d", True)}  # fmt: skip
    for diff, (la, ld, w, dec) in rows.items():
        r = battle.crt(diff)
        assert (r["a"], r["d"], r["winner"], r["decisive"]) == (la, ld, w, dec), diff
    assert battle.crt(0)["mark"] == battle.crt(-1)["mark"] == "**"
    assert battle.crt(2)["mark"] == battle.crt(-3)["mark"] == "*"


def test_land_battle_example_image_1():
    play_image_1()


def play_image_1():
    """L1033-1038: GE 6 (4 + Silesia 2) vs 4 (Saxon 2 + Hanover 1 + AU 1), +1 New Rifles:
    BDRM +3; GE rolls 5, AU 2: differential 6, decisive, AU's side takes 2, GE none."""
    s, u = austro_prussian()
    with scripted_dice(s, 5, 2):
        proc(s, "land-battle", attacker="ge", frm="berlin", space="saxony", amphibious=False)
        return _image_1(s, u)


def _image_1(s, u):
    b = s["battle"]
    assert b["main"] == {"a": "ge", "d": "saxony"} and b["roles"] == {"a": "ge", "d": "au"}
    assert asking(s) == "battle-support"
    legal = game_actions(s, "ge")
    assert {"support": True, "unit": u["third"][0]} not in legal  # deployed this impulse (15.2.3)
    answer(s, "ge", {"support": True, "unit": u["silesia"][0]})
    assert asking(s) == "battle-support" and s["stack"][-1]["role"] == "au"  # GE has no other army to offer
    # AU: Austrians (one army: adjacent to the defender only) and Hanoverians; Bavaria would be legal too
    legal = game_actions(s, "au")
    assert {"support": True, "unit": u["bavarian"][0]} in legal
    answer(s, "au", {"support": True, "unit": u["au"][0]})
    assert {"support": True, "unit": u["au"][1]} not in game_actions(s, "au")  # 18.3.1: one army only
    answer(s, "au", {"support": True, "unit": u["hanover"][0]})
    # two spaces used: nothing more may support (18.3 L974), so the question closes and the dice are rolled
    assert asking(s) == "battle-loss"
    assert s["battle"]["strength"] == {"a": 7, "d": 4} and s["battle"]["bdrm"] == 3
    assert s["battle"]["diff"] == 6
    # first loss on the main defense force (the Saxon army, 18.6 L1015), automatic; AU chooses the second
    assert s["units"][u["saxon"][0]]["r"] is True
    assert asking(s) == "battle-loss"
    answer(s, "au", {"loss": True, "unit": u["au"][0]})
    assert s["units"][u["au"][0]]["r"] is True
    assert asking(s) == "battle-retreat"
    answer(s, "au", {"retreat": True, "unit": u["saxon"][0], "to": "bohemia"})
    assert asking(s) == "battle-advance"
    assert "done" not in game_actions(s, "ge")  # at least one unit must advance (18.7.1)
    answer(s, "ge", {"advance": True, "unit": u["ge"][0]})
    answer(s, "ge", {"advance": True, "unit": u["ge"][1]})
    assert not s["stack"]
    lb = s["last_battle"]
    assert lb["winner"] == "attacker" and lb["decisive"] and lb["losses"] == {"a": 0, "d": 2}
    assert s["occupied"]["saxony"] == "ge"
    assert s["war"]["decisive_bonus"] == {"power": "ge", "units": u["ge"], "at": "saxony"}
    assert all(s["units"][x]["r"] is False for x in u["ge"])
    return s, u


def test_land_battle_example_image_2():
    """L1040-1044: from Saxony into Bohemia: GE 6 (+1 rifles) vs AU 3 + Saxon 1 + Bavarian
    support 1 = 5: BDRM +2; AU 1, GE 4: decisive; AU loses a step on its full army and on the
    Bavarians; they retreat to Vienna; both GE armies advance."""
    s, u = play_image_1()
    s["war"]["decisive_taken"] = True  # war.py took the bonus: this battle is the bonus battle
    s["war"].pop("decisive_bonus")
    with scripted_dice(s, 4, 1):
        proc(s, "land-battle", attacker="ge", frm="saxony", space="bohemia", amphibious=False)
        _image_2(s, u)


def _image_2(s, u):
    assert s["battle"]["main"]["d"] == "au"  # the Saxons have no majority (18.1.2)
    legal = game_actions(s, "ge")
    assert {"support": True, "unit": u["third"][0]} not in legal  # still deployed this impulse
    answer(s, "ge", {"support": True, "unit": u["silesia"][0]})  # clear to Saxony: not halved (18.3.2)
    assert asking(s) == "battle-support" and s["stack"][-1]["role"] == "au"
    answer(s, "au", {"support": True, "unit": u["bavarian"][0]})
    answer(s, "au", "done")
    b = s["battle"]
    assert b["strength"] == {"a": 7, "d": 5} and b["bdrm"] == 2 and b["diff"] == 5
    # first loss from the main force: the full AU army (the Saxon reduced army may not die first, 18.6)
    legal = game_actions(s, "au")
    assert {"loss": True, "unit": u["saxon"][0]} not in legal
    full = [x for x in u["au"] if not s["units"][x]["r"]][0]
    answer(s, "au", {"loss": True, "unit": full})
    answer(s, "au", {"loss": True, "unit": u["bavarian"][0]})
    while asking(s) == "battle-retreat":
        first = game_actions(s, "au")[0]
        answer(s, "au", {"retreat": True, "unit": first["unit"], "to": "vienna"})
    answer(s, "ge", {"advance": True, "unit": u["ge"][0]})
    answer(s, "ge", {"advance": True, "unit": u["ge"][1]})
    assert {s["units"][x]["at"] for x in u["au"] + u["saxon"]} == {"vienna"}
    assert s["units"][u["bavarian"][0]]["r"] is True
    assert {s["units"][x]["at"] for x in u["ge"]} == {"bohemia"}
    assert s["last_battle"]["decisive"] and "decisive_bonus" not in s["war"]  # once per impulse (18.8)


def game_actions(s, role):
    return game.actions(s, role)


def finish(s):
    """Answer every question of the battle with the first legal action."""
    while s["stack"]:
        role = s["stack"][-1]["role"]
        answer(s, role, game_actions(s, role)[0])


def test_hydraulic_recoil_footnotes():
    """18.4 L1000-1002: ** both sides +1; * the victor may add +1 to both."""
    s = empty()
    war(s, ["fr"], ["au"])
    add(s, "fr", "army", "piedmont", 2)
    add(s, "au", "army", "lombardy", 2)
    s["flags"]["hydraulic-recoil"] = True
    s["control"]["piedmont"] = "fr"
    with scripted_dice(s, 3, 3):  # differential 0 (no modifiers but FP 4 vs 4): 1/1 **
        proc(s, "land-battle", attacker="fr", frm="piedmont", space="lombardy")
    assert s["battle"]["diff"] == 0 and s["battle"]["losses"] == {"a": 2, "d": 2}
    finish(s)
    assert s["last_battle"]["losses"] == {"a": 2, "d": 2}
    s2 = empty()
    war(s2, ["fr"], ["au"])
    add(s2, "fr", "army", "piedmont", 2)
    add(s2, "au", "army", "lombardy", 2)
    s2["flags"]["hydraulic-recoil"] = True
    with scripted_dice(s2, 5, 3):  # Att +2: 1/1 *
        proc(s2, "land-battle", attacker="fr", frm="piedmont", space="lombardy")
    assert asking(s2) == "battle-recoil"
    assert s2["battle"]["losses"] == {"a": 1, "d": 1}
    answer(s2, "fr", "add")
    assert s2["battle"]["losses"] == {"a": 2, "d": 2}


def test_machine_guns_minimum_three():
    """18.5 L1006: non-rebel die rolls of 1-2 count as 3; rebels never benefit."""
    s = empty()
    s["flags"]["machine-guns"] = True
    add(s, "ru", "army", "dagestan")
    add(s, "rebel", "army", "dagestan", n="chechen")
    with scripted_dice(s, 1, 1):
        proc(s, "land-battle", attacker="ru", frm="dagestan", space="dagestan")
        finish(s)
    assert s["last_battle"]["dice"] == {"a": 3, "d": 1}


def test_peacetime_rebels_eliminated_and_control_returns():
    """12.16 L729, 21.1 L1181, 21.2 L1184: rebels attacked from the same space; they cannot
    retreat and are eliminated; the WoI marker goes and control returns."""
    s = empty()
    s["woi"]["algeria"] = 0
    s["control"]["algeria"] = "fr"
    r = add(s, "rebel", "army", "algeria", n="algerian")
    add(s, "fr", "army", "algeria")
    add(s, "fr", "ef", "algeria")
    assert world.controller(s, "algeria") is None
    with scripted_dice(s, 6, 1):
        proc(s, "land-battle", attacker="fr", frm="algeria", space="algeria")
        finish(s)
    assert r[0] not in s["units"]
    assert "algeria" not in s["woi"] and world.controller(s, "algeria") == "fr"
    assert s["last_battle"]["winner"] == "attacker"


def test_support_halving_and_rounding():
    """18.3.2 L981-984, 18.3.3 L987: halved once for difficult-only adjacency or another power;
    halves of a stack summed, then rounded up."""
    s = empty()
    war(s, ["ge"], ["au"])
    add(s, "ge", "army", "saxony")
    add(s, "au", "army", "bohemia")
    b = {"amphibious": False, "frm": "saxony", "at": "bohemia", "main": {"a": "ge", "d": "au"},
         "units": {}, "attacker": "ge"}  # fmt: skip
    assert battle.only_rough(b, "silesia") is False  # clear to Saxony, difficult to Bohemia
    assert battle.only_rough(b, "galicia") is True  # only difficult to Bohemia
    assert battle.support_limit(b, "silesia") == 99 and battle.support_limit(b, "galicia") == 1
    x = add(s, "ge", "army", "galicia", 2, reduced=True)
    for uid in x:
        b["units"][uid] = {"side": "a", "main": False}
    assert battle.support_of(s, b, "a")[0] == 1  # (1 + 1) / 2 = 1
    y = add(s, "ge", "army", "galicia")
    b["units"][y[0]] = {"side": "a", "main": False}
    assert battle.support_of(s, b, "a")[0] == 2  # (1 + 1 + 2) / 2 = 2
    assert battle.ru_home({"frm": "prussia", "at": "poland"}, "pomerania")  # 33.5 L1568 example


def test_support_halves_of_a_stack_round_up_once_per_space():
    """18.3.3 L986 and 4.1.1 L293: "round the total up for the whole stack"; 18.3.2 L982: armies of
    another power than the one leading the attack support at half their FP. Russian armies in Silesia
    (adjacent to Saxony and Bohemia, 18.3.1) support GE's attack from Saxony: odd sums of halves."""
    s = empty()
    war(s, ["ge", "ru"], ["au"])
    b = {"amphibious": False, "frm": "saxony", "at": "bohemia", "main": {"a": "ge", "d": "au"},
         "units": {}, "attacker": "ge"}  # fmt: skip

    def supporting(*armies):
        b["units"] = {}
        for owner, at, reduced in armies:
            b["units"][world.new_unit(s, owner, "army", at, reduced)] = {"side": "a", "main": False}
        return battle.support_of(s, b, "a")[0]

    assert supporting(("ru", "silesia", True)) == 1  # 1/2 rounds up to 1, not down to 0
    assert supporting(("ru", "silesia", False), ("ru", "silesia", True)) == 2  # (2 + 1) / 2 = 1.5 -> 2
    assert supporting(("ru", "silesia", False), ("ru", "silesia", False), ("ru", "silesia", True)) == 3  # 2.5 -> 3
    assert supporting(("ge", "silesia", False), ("ru", "silesia", True)) == 2 + 1  # GE's own army in full
    # each stack is rounded on its own: 1/2 in Silesia and 1/2 in Galicia give 1 + 1, not 1
    assert supporting(("ru", "silesia", True), ("ru", "galicia", True)) == 2


def test_odd_halved_support_decides_a_battle():
    """18.3.2 L982, 18.3.3 L986: a full and a reduced Russian army support GE from Silesia: 3 / 2
    rounds up to 2. GE 2 + 2 = 4 vs AU 2: BDRM +2; GE rolls 4, AU 3: differential 3, 1/2 (18.4
    L990-1003). Rounded down, the differential would be 2 and AU would lose one step only."""
    s = empty()
    war(s, ["ge", "ru"], ["au"])
    add(s, "ge", "army", "saxony")
    ru = add(s, "ru", "army", "silesia") + add(s, "ru", "army", "silesia", reduced=True)
    add(s, "au", "army", "bohemia")
    with scripted_dice(s, 4, 3):
        proc(s, "land-battle", attacker="ge", frm="saxony", space="bohemia")
        assert asking(s) == "battle-support" and s["stack"][-1]["role"] == "ge"
        for uid in ru:
            answer(s, "ge", {"support": True, "unit": uid})
        b = s["battle"]
        assert dict(b["mods"]["a"]) == {"firepower": 2, "support (Silesia 2)": 2}
        assert b["strength"] == {"a": 4, "d": 2} and b["bdrm"] == 2 and b["diff"] == 3
        finish(s)
    assert s["last_battle"]["losses"] == {"a": 1, "d": 2} and s["last_battle"]["winner"] == "attacker"


def test_an_overstacked_defender_fights_with_the_stacking_limit():
    """5.5.3 L408: "if an overstacked space is attacked, the number of units that can contribute FP
    is limited to the space's stacking limit": 3 armies on the main map (5.5.1 L403), 2 in an
    Ottoman home space. At the limit nothing is left out; the attacker is never capped."""
    s = empty()
    war(s, ["ge"], ["au"])
    for n, fp in ((3, 6), (4, 6), (5, 6)):
        b = {"at": "bohemia", "units": {}, "fort": None, "elite": {}, "amphibious": False, "frm": "saxony",
             "wartime": False, "roles": {}, "drm": {}}  # fmt: skip
        for uid in add(s, "au", "army", "bohemia", n):
            b["units"][uid] = {"side": "d", "main": True}
        assert dict(battle.modifiers(s, b, "d"))["firepower"] == fp, n
        for uid in list(b["units"]):
            world.remove_unit(s, uid)
    war(s, ["ru"], ["ot"])
    assert world.P().spaces["thrace"].stacking == 2
    b = {"at": "thrace", "units": {}, "fort": None, "elite": {}, "amphibious": False, "frm": "bulgaria",
         "wartime": False, "roles": {}, "drm": {}}  # fmt: skip
    for uid in add(s, "ot", "turkish", "thrace", 3):
        b["units"][uid] = {"side": "d", "main": True}
    for uid in add(s, "ru", "army", "bulgaria", 4):
        b["units"][uid] = {"side": "a", "main": True}
    assert dict(battle.modifiers(s, b, "d"))["firepower"] == 4
    assert dict(battle.modifiers(s, b, "a"))["firepower"] == 8  # the attacking stack is not capped


def test_an_overstacked_defender_capped_in_battle():
    """5.5.3 L408 in a whole battle: GE attacks Bohemia from Saxony with 3 armies (FP 6); 4 Austrian
    armies are there, only 3 fight (FP 6): BDRM 0; GE rolls 4, AU 3: differential 1, GE wins, 1/1
    (18.4). Were all four counted (FP 8), the differential would be -1 and AU would win."""
    s = empty()
    war(s, ["ge"], ["au"])
    add(s, "ge", "army", "saxony", 3)
    add(s, "au", "army", "bohemia", 4)
    with scripted_dice(s, 4, 3):
        proc(s, "land-battle", attacker="ge", frm="saxony", space="bohemia")
        b = s["battle"]
        assert dict(b["mods"]["d"]) == {"firepower": 6} and b["bdrm"] == 0 and b["diff"] == 1
        finish(s)
    assert s["last_battle"]["winner"] == "attacker" and s["last_battle"]["losses"] == {"a": 1, "d": 1}


def test_ef_and_ec_loss_rules():
    """5.3.1-5.3.2 L388-396: ECs take no losses and die with an eliminated army; a mixed force
    takes no losses on EFs and loses an EF with each army step; EFs alone cannot eliminate a
    non-rebel army."""
    s = empty()
    war(s, ["fr"], ["au"])
    a = add(s, "au", "army", "lombardy", reduced=True)
    ec = add(s, "au", "ec", "lombardy")
    ef = add(s, "au", "ef", "lombardy")
    b = {"units": {a[0]: {"side": "d", "main": True}, ec[0]: {"side": "d", "main": True},
                   ef[0]: {"side": "d", "main": True}}, "taken": {"a": 0, "d": 0}}  # fmt: skip
    fr = add(s, "fr", "ef", "piedmont")
    b["units"][fr[0]] = {"side": "a", "main": True}
    assert battle.loss_choices(s, b, "d") == []  # EFs alone cannot eliminate the reduced army
    fr2 = add(s, "fr", "army", "piedmont")
    b["units"][fr2[0]] = {"side": "a", "main": True}
    assert battle.loss_choices(s, b, "d") == [a[0]]
    battle.take_loss(s, b, "d", a[0])
    assert a[0] not in s["units"] and ec[0] not in s["units"] and ef[0] not in s["units"]


def test_non_player_units_last():
    """18.6 L1016: a reduced minor army may not be eliminated while a player army in its stack is full."""
    s = empty()
    war(s, ["ru"], ["ot", "egypt"])
    o = add(s, "ot", "turkish", "thrace")
    m = add(s, "egypt", "army", "thrace", reduced=True)
    b = {"units": {o[0]: {"side": "d", "main": True}, m[0]: {"side": "d", "main": True}}, "taken": {"a": 0, "d": 0}}
    assert battle.loss_choices(s, b, "d") == [o[0]]


def test_retreat_impossible_eliminates_and_fort_falls():
    """18.7 L1028: a force that cannot retreat is eliminated; the fort of a retreating defender
    is eliminated; 12.12 L703 the fort's FP counts and negates the all-reduced -1."""
    s = empty()
    war(s, ["ge"], ["fr"])
    add(s, "ge", "army", "alsace-lorraine", 3)
    f = add(s, "fr", "army", "champagne", reduced=True)
    s["forts"]["champagne"] = ["fr", 2]
    for sid in world.P().adjacency["champagne"]:
        if sid != "alsace-lorraine":
            s["occupied"][sid] = "ge"
    with scripted_dice(s, 6, 1):
        proc(s, "land-battle", attacker="ge", frm="alsace-lorraine", space="champagne")
    mods = dict(s["battle"]["mods"]["d"])
    assert mods == {"firepower": 1, "fort": 2}  # no "only reduced armies" -1 behind a fort
    finish(s)
    assert f[0] not in s["units"] and "champagne" not in s["forts"]


def test_low_stability_and_difficult_link():
    """18.2.1 L964-965: the worst stability DRM of the main force; attacking along a difficult link -1."""
    s = empty()
    war(s, ["au"], ["ge"])
    s["powers"]["au"]["stability"] = 1
    add(s, "au", "army", "bohemia")
    add(s, "ge", "army", "silesia")
    with scripted_dice(s, 3, 3):
        proc(s, "land-battle", attacker="au", frm="bohemia", space="silesia")
    assert not s["stack"] and s["last_battle"]["bdrm"] == 2 - 2 - 1 - 2  # AU 2 FP -2 -1, GE 2 FP
    line = [text for rule, text, *_ in s["log"] if rule == "18.2"][0]
    assert "Austria's stability -2" in line and "attacking along a difficult connection -1" in line


def test_amphibious_assault_example():
    """19.10 L1122-1126: the British 1st Army (+1) lands from the North Atlantic (-1) against
    Brittany: 2 vs 2; UK 4, FR 2: 1/1, FR retreats to Paris, the 1st Army advances; the
    French squadrons displace to the North Atlantic and a naval battle follows."""
    s = empty()
    war(s, ["uk"], ["fr"])
    first = add(s, "uk", "british", "north-atlantic", first=True)
    add(s, "uk", "squadron", "north-atlantic", 4)
    fr = add(s, "fr", "army", "brittany")
    add(s, "fr", "squadron", "brittany", 2)
    assert battle.amphibious_ok(s, "uk", "north-atlantic", "brittany")
    script = scripted_dice(s, 4, 2, 1, 6)  # the land battle, then the naval battle of 19.11 (FR rolls 1, UK 6)
    with script:
        proc(s, "land-battle", attacker="uk", frm="north-atlantic", space="brittany", amphibious=True)
        _amphibious(s, first, fr)


def _amphibious(s, first, fr):
    b = s["battle"]
    assert dict(b["mods"]["a"]) == {"firepower": 2, "amphibious landing": -1, "the British 1st Army": 1}
    assert b["bdrm"] == 0 and b["diff"] == 2
    assert asking(s) == "battle-retreat"
    answer(s, "fr", {"retreat": True, "unit": fr[0], "to": "paris"})
    answer(s, "uk", {"advance": True, "unit": first[0]})
    assert s["units"][first[0]]["at"] == "brittany" and s["units"][first[0]]["r"]
    assert s["units"][fr[0]]["at"] == "paris" and s["units"][fr[0]]["r"]
    assert s["last_battle"]["winner"] == "attacker"
    assert s["occupied"]["brittany"] == "uk"
    # 19.11: the French squadrons displace to the North Atlantic and attack
    while asking(s) == "naval-loss":
        answer(s, "fr", game_actions(s, "fr")[0])
    nb = s["last_naval_battle"]
    assert nb["at"] == "north-atlantic" and nb["attacker"] == "fr" and nb["winner"] == "defender"
    assert not [u for u in s["units"].values() if u["o"] == "fr" and u["t"] == "squadron"]  # 2 doubled: 4 steps


def test_amphibious_needs_naval_superiority():
    """19.10 L1118: with naval units in the port, twice as many in the adjacent boxes."""
    s = empty()
    war(s, ["uk"], ["fr"])
    add(s, "uk", "british", "north-atlantic", first=True)
    add(s, "uk", "squadron", "north-atlantic", 3)
    add(s, "fr", "army", "brittany")
    add(s, "fr", "squadron", "brittany", 2)
    assert not battle.amphibious_ok(s, "uk", "north-atlantic", "brittany")
