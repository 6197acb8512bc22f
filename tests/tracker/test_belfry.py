"""The belfry of « Le Beffroi » (001, R16) in the tracker: chosen at set-up with the siege towers, drawn on the board
with its levels, its distance and its drawbridge, played from the menu through the same action contract, its crush
rolls in the roll log with their clause, and bad input refused with the rule, never a server error."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from campaigns.models import Battle
from rules.contract import Event
from rules.siege.menus.legal import menu_options
from tests.demo import load_demo
from tests.rules.data import belfry as doc
from tracker import presenters, selectors, services
from tracker.menus import unit_groups
from tracker.models import DiceMode, TrackedBattle
from tracker.setups import SetupChoice, SetupProblem, build_setup
from wording.siege import SiegeNames, event_text

pytestmark = pytest.mark.django_db

BELFRY_DATA: dict[str, Any] = {
    "besieger_engine_points": 100,
    "besieged_engine_points": 0,
    "ladders": 0,
    "ladder_wall": "W3",
    "rams": 0,
    "covered_rams": 0,
    "siege_towers": 1,
    "belfry": True,
    "belfry_distance": 3,
    "dice": DiceMode.APP,
    "seed": 11,
}


@pytest.fixture
def belfry_siege() -> TrackedBattle:
    """The demo siege of Montfort with Bruno's siege tower played as a belfry, 3 hexes from W3."""
    battle = Battle.objects.get(campaign=load_demo(), kind="siege")
    return services.start_from_campaign(battle=battle, user=battle.defender.user, data=BELFRY_DATA)


def _players(tracked: TrackedBattle) -> tuple[User, User]:
    return tracked.besieger, tracked.besieged  # type: ignore[return-value]


def _play(
    tracked: TrackedBattle, user: User, name: str, where: str | None = None, warriors: int = 0, **choice: Any
) -> TrackedBattle:
    """Plays the menu's first ``name`` option at ``where``, with ``warriors`` of the unit of warriors."""
    state = selectors.current(tracked).state
    index, option = next(
        (i, o) for i, o in enumerate(menu_options(state)) if o.name == name and (where is None or o.where == where)
    )
    if warriors:
        groups = [unit for unit, _ in unit_groups(state, option)]
        choice["counts"] = {next(n for n, unit in enumerate(groups) if unit.startswith("Warriors")): warriors}
    return services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=services.Choice(index, **choice))


def _to_besieger_movement(tracked: TrackedBattle) -> TrackedBattle:
    bruno, chloe = _players(tracked)
    for player in (chloe, bruno, chloe):  # §16: each side ends its own part of the set-up
        tracked = _play(tracked, player, "end_phase")
    tracked = _play(tracked, chloe, "end_turn")
    return _play(tracked, bruno, "end_phase")


def _next_turn(tracked: TrackedBattle) -> TrackedBattle:
    bruno, chloe = _players(tracked)
    tracked = _play(tracked, bruno, "end_turn")
    tracked = _play(tracked, chloe, "end_turn")
    return _play(tracked, bruno, "end_phase")


def _pushed_to_reach(tracked: TrackedBattle) -> TrackedBattle:
    """12 warriors come in at ground level (001 §5) and push the belfry twice, one hex at a time (001 §4.1)."""
    bruno, _ = _players(tracked)
    tracked = _to_besieger_movement(tracked)
    tracked = _play(tracked, bruno, "climb_belfry", "field", warriors=12, target="belfry:ST1.0")
    tracked = _play(tracked, bruno, "push_belfry", target="forward")
    return _play(tracked, bruno, "push_belfry", target="forward")


def _winching(tracked: TrackedBattle) -> TrackedBattle:
    """From the set-up to two warriors on the winches of level 2: in, pushed to reach, up a level a turn (001 §1.2,
    §4.1, §5), and the winches worked (001 §8)."""
    bruno, _ = _players(tracked)
    tracked = _pushed_to_reach(tracked)
    tracked = _next_turn(tracked)
    tracked = _play(tracked, bruno, "climb_belfry", "belfry:ST1.0", warriors=4, target="belfry:ST1.1")
    tracked = _next_turn(tracked)
    tracked = _play(tracked, bruno, "climb_belfry", "belfry:ST1.1", warriors=4, target="belfry:ST1.2")
    tracked = _next_turn(tracked)
    return _play(tracked, bruno, "lower_drawbridge", "belfry:ST1", warriors=2)


def test_the_setup_plays_the_siege_towers_as_belfries() -> None:
    # R16: a belfry is bought and placed as a siege tower, per battle option
    from rules.siege.board.fort import standard_fort

    choice = SetupChoice(standard_fort(1500), 2000, 1500, siege_towers=1, ladders=0, covered_rams=0, ladder_wall="W3")
    plain = build_setup(choice)
    assert (plain.belfry, plain.belfries) == (False, ())
    setup = build_setup(SetupChoice(**{**choice.__dict__, "belfry": True, "belfry_distance": 5}))
    assert setup.belfry
    assert [(b.id, b.section, b.distance) for b in setup.belfries] == [("ST1", "W3", 5)]
    with pytest.raises(SetupProblem, match="buy one to play it") as refused:
        build_setup(SetupChoice(**{**choice.__dict__, "belfry": True, "siege_towers": 0}))
    assert refused.value.clause == "R16"


def test_the_board_shows_the_belfry_levels_against_their_capacity(belfry_siege: TrackedBattle) -> None:
    bruno, _ = _players(belfry_siege)
    context = presenters.board_context(belfry_siege, bruno)
    (row,) = context["belfries"]
    assert (row.id, row.section, row.distance, row.bridge, row.pushers, row.speed) == ("ST1", "W3", 3, "up", 0, 0)
    # 001 §5, R16: level 3 on top; each level's capacity from the document
    assert [(level.level, level.capacity) for level in row.levels] == [(n, doc.CAPACITY[n]) for n in (3, 2, 1, 0)]
    svg = str(context["svg"])
    assert 'data-place="belfry:ST1.2"' in svg
    assert "belfry ST1 · 3 hexes" in svg
    assert "drawbridge up" in svg


def test_a_belfry_is_pushed_to_reach_and_no_closer(belfry_siege: TrackedBattle) -> None:
    tracked = _pushed_to_reach(belfry_siege)
    (row,) = presenters.belfry_rows(selectors.current(tracked).state)
    assert (row.distance, row.pushers, row.speed) == (1, 12, 2)
    # 001 §8: within reach, no further forward, next turn
    tracked = _next_turn(tracked)
    push = next(o for o in menu_options(selectors.current(tracked).state) if o.name == "push_belfry")
    assert push.targets == ("back",)


def test_a_belfry_climbed_lowers_its_bridge_on_the_defenders(belfry_siege: TrackedBattle) -> None:
    bruno, chloe = _players(belfry_siege)
    tracked = _winching(belfry_siege)
    defenders = len(selectors.current(tracked).state.at("W3"))
    assert defenders
    (row,) = presenters.belfry_rows(selectors.current(tracked).state)
    assert row.bridge == "being lowered"
    tracked = _play(tracked, bruno, "end_turn")
    (row,) = presenters.belfry_rows(selectors.current(tracked).state)
    assert row.down

    # the roll log: one crush roll per defender of W3, with its clause (001 §8)
    context = presenters.board_context(tracked, chloe)
    line = context["log"][0]
    crushes = [(clause, text) for clause, text in line.events if "under the drawbridge" in text]
    assert len(crushes) == defenders
    assert {clause for clause, _ in crushes} == {"001 §8"}
    assert [r.die for r in line.rolls] == ["D10"] * defenders
    assert all(r.reason.startswith("001 §8") for r in line.rolls)
    assert 'class="drawbridge"' in str(context["svg"])


def test_the_crush_lines_read_in_french_and_english() -> None:
    """001 §8: « 6-7 : recule d'une case et est assommé », « 10 : tué par le pont-levis »; the armour's +1 said."""
    from django.utils import translation

    names = SiegeNames(())
    armoured = Event("crush_armoured", "001 §8", {"model": "e1", "roll": 5, "armour": 1, "result": "stunned"})
    killed = Event("crush", "001 §8", {"model": "d1", "roll": 10, "result": "killed"})
    down = Event("bridge_down", "001 §8", {"belfry": "ST1", "section": "W3"})
    with translation.override("fr"):
        assert event_text(names, armoured) == (
            "e1 fait 5, +1 pour l’armure, sous le pont-levis : recule d’une case et est assommé"
        )
        assert event_text(names, killed) == "d1 fait 10 sous le pont-levis : tué par le pont-levis"
        assert event_text(names, down) == "le pont-levis du beffroi ST1 s’abat sur W3"
    with translation.override("en"):
        assert event_text(names, armoured) == (
            "e1 rolls 5, +1 for armour, under the drawbridge: steps back one hex, stunned"
        )
        assert event_text(names, killed) == "d1 rolls 10 under the drawbridge: killed by the drawbridge"


def test_a_sentence_the_engine_still_writes_is_shown_as_it_is() -> None:
    assert presenters._event_text(SiegeNames(()), Event("charge", "§3.1", "the engine's own words")) == (
        "the engine's own words"
    )


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        ({"format": 1, "action": "push_belfry", "belfry": "ST1", "direction": "sideways", "hexes": 1}, "001 §4.1"),
        ({"format": 1, "action": "push_belfry", "belfry": "ST1", "direction": "forward", "hexes": 3}, "001 §4.1"),
        ({"format": 1, "action": "lower_drawbridge", "belfry": "ST1", "winchers": ["a3-1", "a3-2"]}, "001 §8"),
    ],
)
def test_bad_belfry_input_is_refused_with_the_rule(
    belfry_siege: TrackedBattle, action: dict[str, Any], clause: str
) -> None:
    bruno, _ = _players(belfry_siege)
    tracked = _to_besieger_movement(belfry_siege)
    tracked = _play(tracked, bruno, "climb_belfry", "field", warriors=12, target="belfry:ST1.0")
    seq = tracked.seq
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=bruno, seq=seq, action=action)
    assert refused.value.clause == clause
    tracked.refresh_from_db()
    assert tracked.seq == seq


def test_too_many_models_for_a_level_are_refused_on_the_page(belfry_siege: TrackedBattle, client: Client) -> None:
    # 001 §5, R16: level 0 holds 12 pushers; the 13th is refused with the rule, the page answers 200
    bruno, _ = _players(belfry_siege)
    tracked = _to_besieger_movement(belfry_siege)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(menu_options(state)) if o.name == "climb_belfry")
    group = next(n for n, (unit, _) in enumerate(unit_groups(state, option)) if unit.startswith("Warriors"))
    client.force_login(bruno)
    response = client.post(
        f"/tracker/{tracked.pk}/act/",
        {"seq": tracked.seq, "option": index, f"count-{group}": 13, "target": "belfry:ST1.0"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "holds 12 models" in response.content.decode()
    assert "001 §5" in response.content.decode()
    tracked.refresh_from_db()
    assert tracked.seq == selectors.current(tracked).seq


def test_a_crush_roll_out_of_range_is_refused(belfry_siege: TrackedBattle) -> None:
    # 001 §8: the crush roll is a D10; a die typed at the table as 11 is refused, naming the roll's clause
    battle = belfry_siege.campaign_battle
    assert battle is not None
    belfry_siege.delete()
    data = {**BELFRY_DATA, "dice": DiceMode.PHYSICAL}
    tracked = _winching(services.start_from_campaign(battle=battle, user=battle.defender.user, data=data))
    bruno, _ = _players(tracked)
    seq = tracked.seq
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=bruno, seq=seq, action={"format": 1, "action": "end_turn"}, dice=[11])
    assert refused.value.clause == "dice"
    assert "001 §8" in refused.value.message
    assert "cannot show 11" in refused.value.message
    tracked.refresh_from_db()
    assert tracked.seq == seq


def test_the_setup_page_aims_the_belfry_at_a_wall_of_its_own() -> None:
    # 001 §2: a belfry attacks one rampart; the set-up page names it, the ladders' wall when left empty
    battle = Battle.objects.get(campaign=load_demo(), kind="siege")
    client = Client()
    client.force_login(battle.defender.user)
    url = f"/tracker/campaign-battle/{battle.pk}/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Rempart visé par les beffrois" in page
    assert 'name="tower_wall"' in page
    answer = client.post(url, {**BELFRY_DATA, "tower_wall": "W99"})
    assert answer.status_code == 200
    assert "W99" in answer.content.decode()
    assert not TrackedBattle.objects.exists()
    answer = client.post(url, {**BELFRY_DATA, "ladders": 1, "tower_wall": "W1"})
    assert answer.status_code == 302
    (belfry,) = selectors.current(TrackedBattle.objects.get()).state.belfries
    assert (belfry.id, belfry.section, belfry.distance) == ("ST1", "W1", 3)
    assert [ladder.section for ladder in selectors.current(TrackedBattle.objects.get()).state.ladders] == ["W3"]
