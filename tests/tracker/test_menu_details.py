"""The board's menu beyond the engine's plain choice: a unit deployed in one go, all or nothing, and taken back in
one undo (§16, §1.7); the three liquids of a brazier, placed and poured with their clauses (§8.2); a second round of
combat on a section and on a belfry's level (§3.2.2, 001 §8); a siege tower pushed the distance the player sets
(§7.3.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.test import Client

from rules.dice import Dice
from rules.siege.actions import Buy, Fight, PlaceBraziers, Pour, PushTower
from rules.siege.battle import start
from rules.siege.belfry import level_place
from rules.siege.engines import Belfry, Liquid, SiegeTower
from rules.siege.example import example_setup
from rules.siege.game import apply, problems
from rules.siege.legal import legal_actions
from rules.siege.profiles import Profile
from rules.siege.state import BattleState, Phase, Place, Side, Zone
from tracker import presenters, selectors, services
from tracker.choices import Choice, siege_actions
from tracker.menus import unit_groups
from tracker.models import EntryKind, TrackedBattle, TrackedEntry
from tracker.presenters.forms import FormPage, option_forms

pytestmark = pytest.mark.django_db


def _option(state: BattleState, name: str, where: str | None = None, side: Side | None = None) -> int:
    return next(
        i
        for i, o in enumerate(legal_actions(state))
        if o.name == name and (where is None or o.where == where) and (side is None or o.side is side)
    )


def _reserve(state: BattleState, index: int) -> int:
    """The unit group of the ten men of the reserve in the example's deployment option."""
    groups = [unit for unit, _ in unit_groups(state, legal_actions(state)[index])]
    return groups.index("Reserve (C2)")


def _at(state: BattleState, section: str) -> int:
    return len(state.at(Place(Zone.SECTION, section)))


def test_a_whole_unit_is_deployed_in_one_go_and_undone_in_one_go(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    index = _option(state, "deploy", side=Side.BESIEGED)
    choice = Choice(index, target="W1", counts={_reserve(state, index): 10})
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=0, action=choice)
    # §16: one engine Deploy a model, ten entries in one group
    rows = list(TrackedEntry.objects.filter(battle=tracked).order_by("seq"))
    assert [(r.seq, r.group, r.entry["action"]["action"]) for r in rows] == [(n, 1, "deploy") for n in range(1, 11)]
    assert [r.entry["action"]["model"] for r in rows] == [f"r{n}" for n in range(1, 11)]
    assert tracked.seq == 10
    selectors._cache.clear()
    state = selectors.current(tracked).state
    assert (_at(state, "W1"), _at(state, "C2")) == (10, 0)
    # the undo takes the whole unit back: one undo entry a model, the last deployed first
    tracked = services.undo(battle_id=tracked.pk, user=besieged, seq=10)
    undos = list(TrackedEntry.objects.filter(battle=tracked, kind=EntryKind.UNDO).order_by("seq"))
    assert [u.undoes for u in undos] == list(range(10, 0, -1))
    selectors._cache.clear()
    state = selectors.current(tracked).state
    assert (_at(state, "W1"), _at(state, "C2")) == (0, 10)


def test_a_group_beyond_the_quota_writes_nothing_and_names_the_rule(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    index = _option(state, "deploy", side=Side.BESIEGED)
    assert _at(state, "W2") == 6  # the gate guard; a wall-walk holds 15 (§1.7)
    choice = Choice(index, target="W2", counts={_reserve(state, index): 10})
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=choice)
    assert refused.value.clause == "§1.7"
    assert "r10" in str(refused.value)  # the tenth man is one too many: 6 + 10 > 15
    assert not TrackedEntry.objects.filter(battle=tracked).exists()
    # nine fit exactly
    tracked = services.act(
        battle_id=tracked.pk, user=besieged, seq=0, action=replace(choice, counts={_reserve(state, index): 9})
    )
    assert _at(selectors.current(tracked).state, "W2") == 15


def test_a_deployment_picks_at_least_one_model(tracked: TrackedBattle, besieged: User) -> None:
    index = _option(selectors.current(tracked).state, "deploy", side=Side.BESIEGED)
    with pytest.raises(services.Refused, match="how many of each unit"):
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=Choice(index, target="W1"))
    assert not TrackedEntry.objects.exists()


def test_a_deployment_posted_from_the_page_sets_the_unit_down(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    index = _option(state, "deploy", side=Side.BESIEGED)
    client = Client()
    client.force_login(besieged)
    answer = client.post(
        f"/tracker/{tracked.pk}/act/",
        {"seq": 0, "option": index, "target": "W4", f"count-{_reserve(state, index)}": 7},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    assert TrackedEntry.objects.filter(battle=tracked, group=1).count() == 7
    selectors._cache.clear()
    assert _at(selectors.current(TrackedBattle.objects.get(pk=tracked.pk)).state, "W4") == 7


def test_the_brazier_menu_offers_the_three_liquids_with_their_clauses(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    item = next(i for i in presenters.menu(state, {Side.BESIEGED}) if i.name == "place_braziers")
    assert item.liquids == (
        ("water", "Boiling water (§8.2.4)"),
        ("oil", "Boiling oil (§8.2.5)"),
        ("lead", "Molten lead (§8.2.6)"),
    )
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=0, action=Buy(Side.BESIEGED, "brazier_water"))
    index = _option(selectors.current(tracked).state, "place_braziers")
    tracked = services.act(
        battle_id=tracked.pk, user=besieged, seq=1, action=Choice(index, target="W1", liquid="water")
    )
    assert selectors.current(tracked).state.works_of("W1").braziers == (Liquid.WATER,)
    # §8.2.1: lead not bought is refused by the engine, with its clause
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=2, action=Choice(index, target="W1", liquid="lead"))
    assert "§8.2.1" in refused.value.clause
    with pytest.raises(services.Refused, match="molten lead") as unknown:
        services.act(battle_id=tracked.pk, user=besieged, seq=2, action=Choice(index, target="W1", liquid="tar"))
    assert unknown.value.clause == "§8.2"
    assert TrackedEntry.objects.filter(battle=tracked).count() == 2


def test_the_board_page_offers_the_liquids_in_french(tracked: TrackedBattle, besieged: User) -> None:
    client = Client()
    client.force_login(besieged)
    text = client.get(f"/tracker/{tracked.pk}/").content.decode()
    assert 'name="liquid"' in text
    assert "Eau bouillante (§8.2.4)" in text
    assert "Plomb fondu (§8.2.6)" in text


def _pouring() -> BattleState:
    """The example's besieged movement, a brazier of water on W3 beside the oil the example gives it (§8.2.2)."""
    state = start(example_setup())
    state = apply(state, Buy(Side.BESIEGED, "brazier_water"), Dice(1)).state
    state = apply(state, PlaceBraziers("W3", (Liquid.WATER,)), Dice(1)).state
    return replace(state, phase=Phase.MOVEMENT)


def test_a_pour_offers_the_liquids_the_section_holds() -> None:
    state = _pouring()
    item = next(i for i in presenters.menu(state, {Side.BESIEGED}) if i.name == "pour")
    assert [value for value, _ in item.liquids] == ["water"]
    index = _option(state, "pour", "W3")
    option = legal_actions(state)[index]
    (action,) = siege_actions(state, Choice(index, option.actors[:1], option.targets[0], liquid="water"))
    assert isinstance(action, Pour)
    assert action.liquid is Liquid.WATER


def _engaged(state: BattleState, place: Place) -> BattleState:
    """One besieger and one besieged who can hurt nothing (S1 against T10) on ``place``, in the besieger's close
    combat: each round is a draw, so no loser must test before the next (§3.3.2)."""
    wall = Profile("Wall", ws=3, s=1, t=10, w=3, points=10)
    attacker = next(m for m in state.models if m.side is Side.BESIEGER)
    defender = next(m for m in state.models if m.side is Side.BESIEGED)
    changed = {
        attacker.id: replace(attacker, place=place, profile=wall),
        defender.id: replace(defender, place=place, profile=wall),
    }
    return replace(state.with_models(changed), phase=Phase.CLOSE_COMBAT, active=Side.BESIEGER)


def _two_rounds(state: BattleState, where: str) -> None:
    index = _option(state, "fight", where)
    option = legal_actions(state)[index]
    (first,) = siege_actions(state, Choice(index, option.actors, option.targets[0]))
    assert isinstance(first, Fight)
    assert not first.second
    state = apply(state, first, Dice(5)).state
    # §3.2.2: the double combat is offered, labelled, and played as the second round
    item = next(i for i in presenters.menu(state, {Side.BESIEGER}) if i.name == "fight" and i.where == where)
    assert item.label == "Fight a second round (§3.2.2)"
    strikers = tuple(model for model, _ in item.actors)
    (second,) = siege_actions(state, Choice(item.index, strikers, item.targets[0][0]))
    assert isinstance(second, Fight)
    assert second.second
    state = apply(state, second, Dice(6)).state
    assert where in state.turn_log.fought_twice
    assert not [o for o in legal_actions(state) if o.name == "fight" and o.where == where]


def test_a_second_round_of_combat_on_a_section() -> None:
    _two_rounds(_engaged(start(example_setup()), Place(Zone.SECTION, "W1")), "W1")


def test_a_second_round_of_combat_on_a_belfry_level() -> None:
    setup = example_setup()
    tower = SiegeTower("ST1", None)
    setup = replace(setup, siege_towers=(tower,), belfry=True, belfries=(Belfry("ST1", "W3", 1),), purchases=())
    level = level_place("ST1", 0)
    _two_rounds(_engaged(start(setup), level), str(level))


def _rolling_tower() -> BattleState:
    """The example's besieger movement, its siege tower ST1 still on its way with its ten inside (§7.3.1)."""
    state = start(example_setup())
    tower = replace(state.siege_tower("ST1"), section=None, crew=(*(f"u{n}" for n in range(1, 10)), "boss1"))
    return replace(state.with_siege_tower(tower), phase=Phase.MOVEMENT, active=Side.BESIEGER)


def test_a_siege_tower_is_pushed_the_distance_the_player_sets() -> None:
    """§7.3.3 « Une tour de siège se déplace de 20 cm maximum »: the form asks the distance, 1 to 20 cm, at 20
    unless the player sets another; 12 cm is played, 25 refused with the rule."""
    state = _rolling_tower()
    item = next(i for i in presenters.menu(state, {Side.BESIEGER}) if i.name == "push_tower" and i.targets)
    assert item.numbers == (("distance", "Distance (cm)", 1, 20),)
    page = FormPage("/act", "", 0, "", False, ())
    assert 'name="number-distance" min="1" max="20" value="20"' in option_forms([item], page)
    (pushed,) = siege_actions(state, Choice(item.index, (), "W3", numbers={"distance": 12}))
    assert pushed == PushTower("ST1", 12, "W3")
    (plain,) = siege_actions(state, Choice(item.index, (), "W3"))
    assert plain == PushTower("ST1", 20, "W3")
    (too_far,) = siege_actions(state, Choice(item.index, (), "W3", numbers={"distance": 25}))
    assert problems(state, too_far)[0].clause == "§7.3.3"


def test_the_new_entries_of_the_menu_speak_french() -> None:
    """§6.2 « déverrouiller une porte », §10.4 the re-roll of « le jet établissant le score », §10.1 « cesser
    leur action de sape », §7.3.3 the distance in cm."""
    from django.utils import translation

    with translation.override("fr"):
        assert presenters.action_label("unlock_gate") == "Déverrouiller une porte"
        assert presenters.action_label("reroll_mine") == "Relancer un dé de sape"
        assert presenters.action_label("leave_mine") == "Quitter la sape"
        assert str(presenters.TARGET_WORDS["sapping"]) == "le D6 des sapeurs"
        assert str(presenters.TARGET_WORDS["counter"]) == "le dé de la contre-sape"
        assert str(presenters.NUMBER_LABELS["distance"]) == "Distance (cm)"
