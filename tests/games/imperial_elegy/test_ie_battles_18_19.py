"""Imperial Elegy: land battles (§18) and naval affairs (§19) against the rulebook's text: support
over red connections, ECs that lose their army, where a beaten fleet may go, overstacked ports,
forts in naval battles, and the battle at the start of the maneuver step."""

from __future__ import annotations

from ie_support import answer, asking, blank, clear_units, game, proc
from test_ie_battle import add, empty, war
from test_ie_war import declare, to_impulse

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import greatwar, world

PLAIN = ("fight", "stay", "done", "none", "no", "decline", "waive", "pass", "refuse")


def role_now(s):
    return s["stack"][-1].get("role") if s["stack"] else None


def plainly(s, until=None, pick=None, steps=200):
    """Answer every question plainly (``pick(state, role, legal)`` first, when it answers) until
    the stack empties or ``until(state)``."""
    for _ in range(steps):
        if not s["stack"] or (until and until(s)):
            return s
        r = role_now(s)
        legal = game.actions(s, r)
        got = pick(asking(s), r, legal) if pick else None
        answer(s, r, got if got is not None else next((d for d in PLAIN if d in legal), legal[0]))
    return s


def test_18_3_1_an_army_linked_only_by_a_severe_connection_gives_no_support():
    """18.3.1 L977: "Supporting armies that are only adjacent via red connections cannot provide
    support"; 3.2.4 L195: "Severe: red lines". The Lyonnais touches Piedmont only across the Alps
    (severe): it supported France at half (ruling B4 before)."""
    s = empty()
    war(s, ["au"], ["fr"])
    s["control"].update({"piedmont": "fr", "rhone": "fr", "lombardy": "au"})
    add(s, "au", "army", "lombardy", 2)
    add(s, "fr", "army", "piedmont", 1)
    rhone = add(s, "fr", "army", "rhone", 1)[0]
    assert world.P().link("rhone", "piedmont") == "severe" and world.P().link("rhone", "lombardy") is None
    offered = []
    with scripted_dice(s, 3, 3):
        proc(s, "land-battle", attacker="au", frm="lombardy", space="piedmont")
        plainly(s, pick=lambda st, r, legal: offered.append({"support": True, "unit": rhone} in legal))
    assert offered and not any(offered)


def test_18_6_2_the_ec_of_an_eliminated_supporting_army_goes_with_it():
    """18.6.2 L1016 (5.3.1 L390): "if they eliminate an army, they must also eliminate an EC in that
    army's stack". Austria's reduced army supporting from Vienna is eliminated; its EC stayed."""
    s = empty()
    war(s, ["ge"], ["au"])
    s["control"].update({"silesia": "ge", "bohemia": "au", "vienna": "au"})
    add(s, "ge", "army", "silesia", 2)
    add(s, "au", "army", "bohemia", 1)
    support = add(s, "au", "army", "vienna", 1, reduced=True)[0]
    ec = add(s, "au", "ec", "vienna", 1)[0]
    add(s, "au", "army", "vienna", 1)  # the EC is not alone in Vienna

    def pick(st, r, legal):
        if r == "au" and st == "battle-support" and {"support": True, "unit": support} in legal:
            return {"support": True, "unit": support}
        if r == "au" and st == "battle-loss" and {"loss": True, "unit": support} in legal:
            return {"loss": True, "unit": support}
        return None

    with scripted_dice(s, 6, 3):
        proc(s, "land-battle", attacker="ge", frm="silesia", space="bohemia")
        plainly(s, pick=pick)
    assert support not in s["units"]
    assert ec not in s["units"]


def test_5_1_3_an_ec_that_retreats_apart_from_its_army_is_eliminated():
    """5.1.3 L367: an EC alone in a space at the end of a combat is eliminated. The beaten army
    retreated to Galicia, its EC to Vienna, where it stayed alone."""
    s = empty()
    war(s, ["ge"], ["au"])
    s["control"].update({"silesia": "ge", "bohemia": "au", "vienna": "au", "galicia": "au"})
    add(s, "ge", "army", "silesia", 2)
    army = add(s, "au", "army", "bohemia", 1)[0]
    ec = add(s, "au", "ec", "bohemia", 1)[0]

    def pick(st, r, legal):
        if st != "battle-retreat":
            return None
        apart = {"unit": ec, "to": "vienna"}
        return next((a for a in legal if a == apart or a.get("unit") == ec and a.get("to") == "vienna"), None) or next(
            (a for a in legal if a.get("unit") == army and a.get("to") == "galicia"), legal[0]
        )

    with scripted_dice(s, 4, 3):
        proc(s, "land-battle", attacker="ge", frm="silesia", space="bohemia")
        plainly(s, pick=pick)
    assert s["units"][army]["at"] == "galicia"
    assert ec not in s["units"] or s["units"][ec]["at"] == "galicia"


def _sail(s, power, units, to):
    """A wartime naval movement action: the units to ``to``, then done."""
    proc(s, "naval-move", power=power, wartime=True)
    for x in units:
        answer(s, power, {"move": True, "unit": x, "to": to})
    answer(s, power, "done")


def _naval_attack(s, power, units, to, dice):
    """``_sail`` with the dice of the battle that follows, played out plainly; the retreats offered,
    as (role, places)."""
    offered = []

    def pick(st, r, legal):
        if st == "naval-retreat":
            offered.append((r, sorted(a["to"] for a in legal)))

    with scripted_dice(s, *dice):
        _sail(s, power, units, to)
        plainly(s, pick=pick)
    return offered


def _avoid_places(attacker, frm, defender, at):
    """Two squadrons of ``attacker`` sail from ``frm`` onto two of ``defender`` in ``at``: where
    the defender may try to avoid battle (19.2)."""
    s = empty()
    war(s, [attacker], [defender])
    ships = add(s, attacker, "squadron", frm, 2)
    add(s, defender, "squadron", at, 2)
    _sail(s, attacker, ships, at)
    assert asking(s) == "naval-avoid-ask"
    return [a["avoid"] for a in game.actions(s, defender) if isinstance(a, dict)]


def test_19_7_a_beaten_attacker_retreats_to_where_it_attacked_from_and_the_defender_never_there():
    """19.7 L1104: "Attacking units must retreat to the naval box(es) that they attacked from.
    Defending units cannot retreat to a naval box that the attacker attacked from"; 19.2 L1064
    (avoiding battle). Russia's squadrons sailed from the North Atlantic into the Baltic; beaten,
    they were offered Russian ports beyond the battle, and the beaten Germans the North Atlantic."""
    for dice, winner in (((3, 5), "defender"), ((5, 3), "attacker")):  # Russia loses, then Germany
        s = empty()
        war(s, ["ru"], ["ge"])
        ru = add(s, "ru", "squadron", "north-atlantic", 2)
        add(s, "ge", "squadron", "baltic", 2)
        offered = _naval_attack(s, "ru", ru, "baltic", dice)
        assert s["last_naval_battle"]["winner"] == winner
        if winner == "defender":  # the only place it attacked from: no question
            assert not offered and {s["units"][x]["at"] for x in ru if x in s["units"]} == {"north-atlantic"}
    assert offered and offered[0][0] == "ge" and "north-atlantic" not in offered[0][1]

    assert "western-med" not in _avoid_places("ru", "western-med", "ot", "eastern-med")


def test_3_4_1_a_beaten_fleet_retreats_through_no_enemy_strait():
    """3.4.1 L261: between the Black Sea and the Eastern Mediterranean only through the Dardanelles,
    with its holder's leave; 19.2 L1064 forbids even avoiding battle through them unless friendly.
    The beaten Russian fleet was offered the Eastern Mediterranean past Istanbul."""
    s = empty()
    war(s, ["ot"], ["ru"])
    ot = add(s, "ot", "squadron", "istanbul", 2)
    add(s, "ru", "squadron", "black-sea", 2)
    offered = _naval_attack(s, "ot", ot, "black-sea", (4, 3))
    assert s["last_naval_battle"]["winner"] == "attacker"
    assert offered and "eastern-med" not in offered[0][1]


def test_3_2_8_an_army_retreating_with_its_fleet_never_enters_a_naval_base():
    """3.2.8 L220: "Armies can never enter naval bases"; 19.6.1 L1101-1102. The beaten British
    squadron carrying an army was offered Gibraltar and Malta, and the army went with it."""
    s = empty()
    war(s, ["fr"], ["uk"])
    add(s, "uk", "squadron", "western-med")
    army = add(s, "uk", "army", "western-med")[0]
    fr = add(s, "fr", "squadron", "north-atlantic", 1)
    offered = [x for _, places in _naval_attack(s, "fr", fr, "western-med", (4, 3)) for x in places]
    assert s["last_naval_battle"]["winner"] == "attacker"
    assert offered
    bases = [x for x in offered if x in world.P().spaces and world.P().spaces[x].type == "naval-base"]
    assert not bases
    at = s["units"][army]["at"] if army in s["units"] else None
    assert at is None or not (at in world.P().spaces and world.P().spaces[at].type == "naval-base")


def test_19_9_the_istanbul_fort_falls_with_a_lost_battle_in_the_dardanelles():
    """19.9 L1117-1118: a fort in Istanbul is in the Dardanelles too, and the defender losing a
    naval battle in a port with a fort loses the fort. It added its firepower and survived."""
    s = empty()
    war(s, ["uk"], ["ot"])
    s["forts"]["istanbul"] = ["ot", 1]
    uk = add(s, "uk", "squadron", "eastern-med", 4)
    add(s, "ot", "squadron", "dardanelles", 1)
    _naval_attack(s, "uk", uk, "dardanelles", (4, 3))
    assert s["last_naval_battle"]["winner"] == "attacker"
    assert not s["forts"].get("istanbul")


def test_18_4_in_the_great_war_a_fort_loses_a_level_after_a_naval_battle_in_its_port():
    """18.4 L1005 (the CRT serves naval battles too, L990): "During the GW: all forts reduce their
    level by 1 at the end of a battle in their space". Pomerania's fort held at level 2."""
    s = empty()
    war(s, ["fr"], ["ge"], gw=True)
    s["gw"] = greatwar.start_state(s)
    s["forts"]["pomerania"] = ["ge", 2]
    fr = add(s, "fr", "squadron", "baltic", 1)
    add(s, "ge", "squadron", "pomerania", 1)
    _naval_attack(s, "fr", fr, "pomerania", (*([1] * max(1, s["turn"])), 1, 6))
    assert s["last_naval_battle"]["winner"] == "defender"
    assert s["forts"].get("pomerania") == ["ge", 1]


def test_19_7_an_overstacked_port_loses_a_step_at_its_owners_impulse():
    """19.7 L1105, 5.5.4: ports hold 4 naval units, a retreat may overstack one, and "a space that
    is overstacked suffers a step loss at the beginning of the owning player's impulse"."""
    s = blank()
    for sid in ("berlin", "silesia", "bohemia", "galicia", "rhineland", "prussia"):
        clear_units(s, sid)
    world.new_unit(s, "ge", "army", "silesia")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    to_impulse(s)
    ships = [world.new_unit(s, "ge", "squadron", "prussia") for _ in range(5)]
    answer(s, "ge", "march")
    answer(s, "ge", "done")
    plainly(s, until=lambda s: asking(s) == "war-impulse" and role_now(s) == "ge", steps=10)
    assert sum(2 - s["units"][x]["r"] for x in ships if x in s["units"]) == 9


def test_15_1_the_battle_at_the_start_of_the_maneuver_step_may_be_avoided():
    """15.1 L843: "if opposing units occupy a naval box a naval battle is immediately fought
    (players are still allowed to attempt to avoid battle)". The defender was never asked."""
    s = blank()
    for _ in range(2):
        world.new_unit(s, "ge", "squadron", "eastern-med")
        world.new_unit(s, "au", "squadron", "eastern-med")
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    plainly(s, until=lambda s: asking(s) in ("naval-avoid-ask", "war-impulse"))
    assert asking(s) == "naval-avoid-ask" and role_now(s) == "au"


def test_19_2_ships_may_avoid_battle_through_the_open_sound():
    """19.2 L1064 names the straits of Gibraltar, the Dardanelles and the canals; 3.4.2 L265: Denmark
    closes the Sound only while at war. A German fleet in the Baltic could not avoid into the North
    Atlantic with Denmark at peace."""
    assert "north-atlantic" not in _avoid_places("uk", "north-atlantic", "ge", "baltic")  # whence they came
    assert "north-atlantic" in _avoid_places("ru", "livonia", "ge", "baltic")


def test_19_2_ships_in_a_port_are_not_in_an_ocean_box_when_they_avoid():
    """19.2 L1066: "+1 Units avoiding battle are in an ocean box"; the port rule of L1093 serves
    19.5's battle DRMs only. British ships attacked in Singapore had the +1; in the Indian Ocean
    itself they have it."""
    from kriegsspiel.games.imperial_elegy import naval

    s = empty()
    war(s, ["ge"], ["uk"])
    add(s, "ge", "squadron", "indian-ocean", 2)
    add(s, "uk", "squadron", "singapore", 1)
    assert "ocean box" not in [d[0] for d in naval.avoid_drm(s, "uk", "singapore", "ge")]
    assert "ocean box" in [d[0] for d in naval.avoid_drm(s, "uk", "indian-ocean", "ge")]
    assert "ocean box" not in [d[0] for d in naval.avoid_drm(s, "uk", "baltic", "ge")]


def test_19_8_a_decisive_win_in_european_waters_lets_the_victors_go_on_moving():
    """19.8 L1107: "Units that fought in a naval battle in a European Waters naval box may continue
    moving in European Waters if they won a decisive victory." Only an interception's battle gave
    it; Russia's decisive win in the Eastern Mediterranean ended its action."""
    s = empty()
    war(s, ["ru"], ["ot"])
    ru = add(s, "ru", "squadron", "western-med", 3)
    add(s, "ot", "squadron", "eastern-med", 1, reduced=True)
    with scripted_dice(s, 6, 1):
        _sail(s, "ru", ru, "eastern-med")
        answer(s, "ot", "fight")
        plainly(s, until=lambda s: asking(s) == "naval-moving")
    lb = s["last_naval_battle"]
    assert lb["winner"] == "attacker" and lb["decisive"]
    assert asking(s) == "naval-moving"
    moves = [a for a in game.actions(s, "ru") if isinstance(a, dict) and a.get("move")]
    assert moves and all(a["unit"] in ru for a in moves)
    answer(s, "ru", "done")  # forgoing it ends the action
    assert asking(s) != "naval-moving"


def _decisive(target):
    """Two Prussian armies beat a reduced Austrian army in ``target`` decisively and advance."""
    s = blank()
    for sid in ("berlin", "silesia", "bohemia", "galicia", "rhineland", "saxony"):
        clear_units(s, sid)
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    to_impulse(s)
    armies = [world.new_unit(s, "ge", "army", "silesia") for _ in range(2)]
    world.new_unit(s, "au", "army", target, True)

    def pick(st, r, legal):
        if st == "battle-advance":
            return next((a for a in legal if isinstance(a, dict)), "done")
        return None

    with scripted_dice(s, 6, 1):
        answer(s, "ge", {"battle": target, "from": "silesia"})
        plainly(s, until=lambda s: asking(s) == "war-decisive", pick=pick, steps=20)
    assert asking(s) == "war-decisive"
    return s, armies


def test_18_8_each_army_that_advanced_after_a_decisive_win_may_move_one_more_space():
    """18.8 L1029: "the units that advanced after combat may immediately take another land battle
    action or move one additional space for free". Only one of them moved; and never along a
    difficult connection, which a one-space march may take (15.2.4 L864)."""
    s, armies = _decisive("galicia")
    moves = [a for a in game.actions(s, "ge") if isinstance(a, dict) and "unit" in a]
    first = next(a for a in moves if a["to"] == "silesia")
    answer(s, "ge", first)
    assert asking(s) == "war-decisive"
    legal = game.actions(s, "ge")
    assert not any(isinstance(a, dict) and "battle" in a for a in legal)  # moving, not fighting now
    other = [a for a in legal if isinstance(a, dict) and a.get("unit") not in (None, first["unit"])]
    assert other and not any(a.get("unit") == first["unit"] for a in legal if isinstance(a, dict))
    answer(s, "ge", other[0])
    assert asking(s) != "war-decisive"

    s, armies = _decisive("bohemia")
    assert world.P().link("bohemia", "galicia") == "difficult"
    assert any(isinstance(a, dict) and a.get("to") == "galicia" for a in game.actions(s, "ge"))


def test_19_11_navies_displaced_by_a_march_fight_the_enemy_fleet_in_their_box():
    """19.11 L1131: naval units in a port entered by enemy land units displace to an adjacent box;
    "this displacement may result in a naval battle, if it does the displaced units are considered
    the attackers"; "finish the active player's action before resolving" it. After a march (not a
    land battle) they sat beside the enemy fleet, no battle."""
    s = blank()
    for sid in ("berlin", "silesia", "bohemia", "galicia", "rhineland", "lombardy", "venetia", "tyrol"):
        clear_units(s, sid)
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    to_impulse(s)
    s["occupied"]["lombardy"] = "ge"
    army = world.new_unit(s, "ge", "army", "lombardy")
    ship = world.new_unit(s, "au", "squadron", "venetia")
    world.new_unit(s, "ge", "squadron", "eastern-med")
    world.new_unit(s, "ge", "squadron", "eastern-med")
    assert list(world.ports_of(s, "venetia")) == ["eastern-med"]
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": army, "to": "venetia"})
    # displaced at once; "finish the active player's action before resolving ... naval battles"
    assert s["units"][ship]["at"] == "eastern-med" and asking(s) == "war-march" and s["battle"] is None
    with scripted_dice(s, 1, 6):
        answer(s, "ge", "done")
        plainly(s, until=lambda s: asking(s) == "war-impulse")
    lb = s["last_naval_battle"]
    assert lb is not None and lb["at"] == "eastern-med" and lb["attacker"] == "au"
    assert ship not in s["units"] or s["units"][ship]["at"] != "venetia"


def test_19_1_a_fleet_may_be_intercepted_in_a_box_it_sails_through():
    """19.1 L1051: "when the active player's units move into a naval box that is connected to a
    port containing enemy naval units, those enemy naval units may attempt to intercept them.
    Interception rolls interrupt naval movement actions". Russia's squadrons sailed from the
    Baltic through the North Atlantic to the Western Mediterranean, past the fleet in London, and
    Britain was never asked: only the box a move ends in was offered (ruling B15 now names the
    boxes crossed, the shortest way)."""
    from kriegsspiel.games.imperial_elegy import naval

    s = empty()
    war(s, ["ru"], ["uk"])
    ru = add(s, "ru", "squadron", "baltic", 2)
    add(s, "uk", "squadron", "london", 3)
    assert naval.crossed(s, "ru", "baltic", "western-med", {"granted": [], "denied": []}) == ["north-atlantic"]
    _sail(s, "ru", ru, "western-med")
    assert asking(s) == "naval-intercept-ask" and role_now(s) == "uk"
    assert s["stack"][-1]["box"] == "north-atlantic"
    with scripted_dice(s, 6, 3, 3):  # intercepted: the Russians are stopped in the North Atlantic; the battle
        answer(s, "uk", "intercept")
    assert {s["units"][x]["at"] for x in ru} == {"north-atlantic"}
    assert s["battle"] is not None and s["battle"]["at"] == "north-atlantic"

    s = empty()
    war(s, ["ru"], ["uk"])
    ru = add(s, "ru", "squadron", "baltic", 2)
    add(s, "uk", "squadron", "london", 3)
    _sail(s, "ru", ru, "western-med")
    answer(s, "uk", "no")  # not intercepted: they sail on
    assert {s["units"][x]["at"] for x in ru} == {"western-med"} and not s["stack"]


def test_5_1_3_an_ec_intercepted_with_its_army_is_stopped_with_it():
    """5.1.3 L367: an EC moves with its army and is never alone. An army sailing alone (its
    squadron left in port) with its EC, stopped by an interception in a box it passed, left its EC
    in the box it was bound for."""
    s = empty()
    war(s, ["ru"], ["uk"])
    army = add(s, "ru", "army", "st-petersburg", 1)[0]
    ec = add(s, "ru", "ec", "st-petersburg", 1)[0]
    add(s, "ru", "squadron", "st-petersburg", 1)
    add(s, "uk", "squadron", "london", 2)
    proc(s, "naval-move", power="ru", wartime=True)
    answer(s, "ru", {"move": True, "unit": army, "to": "western-med"})
    assert s["units"][ec]["at"] == "western-med"
    answer(s, "ru", "done")
    seen = []
    while asking(s) == "naval-intercept-ask":
        box = s["stack"][-1]["box"]
        seen.append(box)
        if box != "north-atlantic":
            answer(s, "uk", "no")
            continue
        with scripted_dice(s, 6):
            answer(s, "uk", "intercept")
        break
    assert "north-atlantic" in seen
    assert ec not in s["units"] or s["units"][ec]["at"] == "north-atlantic"
    plainly(s)
    assert ec not in s["units"] or any(
        u["o"] == "ru" and u["at"] == s["units"][ec]["at"] and u["t"] == "army" for u in s["units"].values()
    )


def test_19_2_a_force_too_big_for_any_one_port_may_avoid_into_two():
    """19.2 L1063: "If avoiding battle would cause a player to be overstacked they may choose to
    avoid battle into two or more ports (they still only make a single roll)". Four Russian
    squadrons in the Baltic, two ports with room for two each: only the Baltic's boxes were
    offered. The full-strength squadrons fill the first port named (RULINGS_BATTLE B21)."""
    s = empty()
    war(s, ["uk"], ["ru"])
    uk = add(s, "uk", "squadron", "north-atlantic", 2)
    ru = add(s, "ru", "squadron", "baltic", 3) + add(s, "ru", "squadron", "baltic", 1, reduced=True)
    add(s, "ru", "squadron", "finland", 2)
    add(s, "ru", "squadron", "livonia", 2)
    add(s, "ru", "squadron", "st-petersburg", 3)
    _sail(s, "uk", uk, "baltic")
    plainly(s, until=lambda s: asking(s) == "naval-avoid-ask", steps=10)  # no interception
    legal = game.actions(s, "ru")
    ports = [a["avoid"] for a in legal if isinstance(a, dict) and not isinstance(a["avoid"], str)]
    assert ports == [["finland", "livonia"]]  # not with St Petersburg: it would be needless
    singles = [a["avoid"] for a in legal if isinstance(a, dict) and isinstance(a["avoid"], str)]
    assert not [x for x in singles if x in world.P().spaces]  # no one port holds four
    with scripted_dice(s, 6):
        answer(s, "ru", {"avoid": ["finland", "livonia"]})
    assert [s["units"][x]["at"] for x in ru] == ["finland", "finland", "livonia", "livonia"]
    assert "into Finland and Baltic Provinces: rolls 6" in " ".join(line[1] for line in s["log"][-5:])


def _port_move(frm, to, dice):
    """A French squadron sails from ``frm`` to the French port ``to``, a British one waiting in
    Gibraltar and Britain trying every interception offered: where the French squadron ends, and
    the boxes Britain was asked about."""
    s = empty()
    war(s, ["uk"], ["fr"])
    fr = add(s, "fr", "squadron", frm)[0]
    add(s, "uk", "squadron", "gibraltar")
    asked = []

    def pick(st, r, legal):
        if st == "naval-intercept-ask":
            asked.append(s["stack"][-1]["box"])
            return "intercept"
        return None

    with scripted_dice(s, *dice):
        _sail(s, "fr", [fr], to)
        plainly(s, pick=pick, until=lambda st: not any(fr_.get("proc") == "naval-move" for fr_ in st["stack"]))
    return (s["units"][fr]["at"] if fr in s["units"] else None), asked


def test_19_1_a_move_into_a_port_may_be_intercepted_in_the_boxes_it_sails_through():
    """19.1 L1051: "when the active player's units move into a naval box that is connected to a
    port containing enemy naval units, those enemy naval units may attempt to intercept them"; a
    successful interception stops them there (B15). A fleet bound for a port slipped past every
    enemy port: no interception was ever offered."""
    # Provence to Algeria, through the Western Mediterranean: intercepted there (a 5), then beaten
    at, asked = _port_move("provence", "algeria", (5, 1, 6))
    assert asked == ["western-med"] and at is None
    # Brittany to Provence: the North Atlantic, then the Western Mediterranean; both rolls fail
    at, asked = _port_move("brittany", "provence", (1, 1))
    assert asked == ["north-atlantic", "western-med"] and at == "provence"


def test_19_11_navies_displaced_by_a_march_may_be_intercepted():
    """19.11 L1131: "This displacement can be intercepted": the Austrian squadron displaced from
    Venetia into the Eastern Mediterranean passes the German squadrons in Carniola (occupied by
    Germany), which may intercept it (19.1); the battle follows, the displaced attacking. They
    were never asked."""
    s = blank()
    for sid in ("berlin", "silesia", "bohemia", "galicia", "rhineland", "lombardy", "venetia", "tyrol", "carniola"):
        clear_units(s, sid)
    declare(s, "ge", "au", "conquest", ["bohemia"], cp=3)
    to_impulse(s)
    s["occupied"].update({"lombardy": "ge", "carniola": "ge"})
    army = world.new_unit(s, "ge", "army", "lombardy")
    ship = world.new_unit(s, "au", "squadron", "venetia")
    ge = [world.new_unit(s, "ge", "squadron", "carniola") for _ in range(2)]
    answer(s, "ge", "march")
    answer(s, "ge", {"unit": army, "to": "venetia"})
    asked = []

    def pick(st, r, legal):
        if st == "naval-intercept-ask":
            asked.append((r, s["stack"][-1]["port"], s["stack"][-1]["box"]))
            return "intercept"
        return None

    with scripted_dice(s, 6, 1, 6):  # Germany intercepts (6); Austria rolls 1, Germany 6
        answer(s, "ge", "done")
        plainly(s, pick=pick, until=lambda s: asking(s) == "war-impulse")
    assert asked == [("ge", "carniola", "eastern-med")]
    assert all(s["units"][x]["at"] == "eastern-med" for x in ge)
    lb = s["last_naval_battle"]
    assert lb["at"] == "eastern-med" and lb["attacker"] == "au" and lb["winner"] == "defender"
    assert ship not in s["units"] or s["units"][ship]["at"] != "eastern-med"


def test_3_2_8_an_army_aboard_an_avoiding_force_never_lands_in_a_naval_base():
    """3.2.8 L219: "Armies can never enter naval bases"; 19.2 L1063 (B21): ports too small alone are
    offered together. Four British squadrons with an army aboard avoided into Gibraltar and Ireland:
    the army went into Gibraltar, the first named. A naval base alone is not offered to it either."""
    s = empty()
    war(s, ["fr"], ["uk"])
    box = "north-atlantic"
    for p in sorted(world.box_ports(s, box)):
        if world.friendly_space(s, "uk", p):
            add(s, "uk", "squadron", p, 2 if p in ("gibraltar", "ireland") else 4)
    add(s, "uk", "squadron", box, 4)
    army = add(s, "uk", "army", box)[0]
    _sail(s, "fr", add(s, "fr", "squadron", "brittany", 4), box)
    plainly(s, until=lambda s: asking(s) == "naval-avoid-ask", steps=20)
    offered = [a["avoid"] for a in game.actions(s, "uk") if isinstance(a, dict)]
    assert ["gibraltar", "ireland"] in offered
    assert not [
        x
        for x in offered
        if isinstance(x, str) and world.P().spaces.get(x) and world.P().spaces[x].type == "naval-base"
    ]
    with scripted_dice(s, 6):
        answer(s, "uk", {"avoid": ["gibraltar", "ireland"]})
    assert s["units"][army]["at"] == "ireland"
