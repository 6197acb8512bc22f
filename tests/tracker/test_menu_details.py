"""The board's menu beyond the engine's plain choice: a unit deployed in one go, all or nothing, and taken back in
one undo (§16, §1.7); a brazier placed with the liquid it was bought with, poured with its clause (§8.2); a second
round of combat on a section and on a belfry's level (§3.2.2, 001 §8); flaming missiles for a unit with a brazier
(§9.2); who fights whom (§3.2.1); a siege tower pushed the distance the player sets (§7.3.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from rules.dice import Dice
from rules.siege.actions import Buy, EndPhase, Fight, PlaceBraziers, Pour, PushTower, ShootGate
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Belfry, Budget, Liquid, SiegeTower
from rules.siege.board.profiles import Profile
from rules.siege.board.state import BattleState, Model, Phase, Place, Side, Zone
from rules.siege.chapters.belfry.belfry import level_place
from rules.siege.chapters.fire import give_brazier
from rules.siege.example import example_setup
from rules.siege.game import apply, problems
from rules.siege.menus.legal import menu_options
from tests.rules.siege.builders import ARCHER, MAN, ORC, battle, besieged, besiegers
from tests.tracker.playing import end_setup
from tracker import presenters, selectors, services
from tracker.chosen_actions import Choice, siege_actions
from tracker.labels import siege as siege_labels
from tracker.menus import unit_groups
from tracker.models import EntryKind, TrackedBattle, TrackedEntry
from tracker.presenters.forms import FormPage, option_forms

pytestmark = pytest.mark.django_db


def _option(state: BattleState, name: str, where: str | None = None, side: Side | None = None) -> int:
    return next(
        i
        for i, o in enumerate(menu_options(state))
        if o.name == name and (where is None or o.where == where) and (side is None or o.side is side)
    )


def _reserve(state: BattleState, index: int) -> int:
    """The unit group of the ten men of the reserve in the example's deployment option."""
    groups = [unit for unit, _ in unit_groups(state, menu_options(state)[index])]
    return groups.index("Reserve (on C2)")  # the unit and where it stands, as the fort shows it


def _at(state: BattleState, section: str) -> int:
    return len(state.at(Place(Zone.SECTION, section)))


def test_a_whole_unit_is_deployed_in_one_go_and_undone_in_one_go(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    index = _option(state, "deploy", "W1")  # §16, §1.7: one entry a section, within its quota
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
    index = _option(state, "deploy", "W2")
    assert _at(state, "W2") == 6  # the gate guard; a wall-walk holds 15 (§1.7)
    assert menu_options(state)[index].most == 9  # the form's limit
    choice = Choice(index, target="W2", counts={_reserve(state, index): 10})
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=choice)
    assert refused.value.clause == "§1.7"
    assert "Reserve no. 10" in str(refused.value)  # the tenth man is one too many: 6 + 10 > 15
    assert not TrackedEntry.objects.filter(battle=tracked).exists()
    # nine fit exactly
    tracked = services.act(
        battle_id=tracked.pk, user=besieged, seq=0, action=replace(choice, counts={_reserve(state, index): 9})
    )
    assert _at(selectors.current(tracked).state, "W2") == 15


def test_a_deployment_picks_at_least_one_model(tracked: TrackedBattle, besieged: User) -> None:
    index = _option(selectors.current(tracked).state, "deploy", "W1")
    with pytest.raises(services.Refused, match="how many of each unit"):
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=Choice(index, target="W1"))
    assert not TrackedEntry.objects.exists()


def test_a_deployment_posted_from_the_page_sets_the_unit_down(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    index = _option(state, "deploy", "W4")
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


def _to_the_courtyards(tracked: TrackedBattle, besieged: User, besieger: User) -> TrackedBattle:
    """§16: the besieged places its engines in its last part of the set-up, after the besieger's."""
    for user in (besieged, besieger):
        tracked = services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=EndPhase())
    return tracked


def test_each_brazier_bought_is_placed_with_its_liquid_and_clause(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    """§8.2.1, §14.2: a brazier is placed with the liquid it was bought with; the example's is oil."""
    assert "place_braziers" not in {o.name for o in menu_options(selectors.current(tracked).state)}
    tracked = _to_the_courtyards(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    items = [i for i in presenters.menu(state, {Side.BESIEGED}) if i.name == "place_braziers"]
    assert [i.liquids for i in items] == [(("oil", "Boiling oil (§8.2.5)"),)]
    tracked = services.act(
        battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=Buy(Side.BESIEGED, "brazier_water")
    )
    index = _option(selectors.current(tracked).state, "place_braziers", "brazier_water")
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=Choice(index, target="W1"))
    assert selectors.current(tracked).state.works_of("W1").braziers == (Liquid.WATER,)
    # §8.2.1: lead not bought is refused by the engine, with its clause
    index = _option(selectors.current(tracked).state, "place_braziers", "brazier_oil")
    seq = tracked.seq
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=seq, action=Choice(index, target="W1", liquid="lead"))
    assert "§8.2.1" in refused.value.clause
    with pytest.raises(services.Refused, match="molten lead") as unknown:
        services.act(battle_id=tracked.pk, user=besieged, seq=seq, action=Choice(index, target="W1", liquid="tar"))
    assert unknown.value.clause == "§8.2"
    assert TrackedEntry.objects.filter(battle=tracked).count() == seq


def test_the_board_page_names_the_liquids_in_french(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    tracked = _to_the_courtyards(tracked, besieged, besieger)
    services.act(battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=Buy(Side.BESIEGED, "brazier_water"))
    client = Client()
    client.force_login(besieged)
    text = client.get(f"/tracker/{tracked.pk}/").content.decode()
    assert 'name="liquid"' in text
    assert "Eau bouillante (§8.2.4)" in text
    assert "Huile bouillante (§8.2.5)" in text
    assert "Mise en place (cours intérieures)" in text  # §16: the besieged's last part


def _pouring() -> BattleState:
    """The example's besieged movement, a brazier of water on W3 beside the oil the example gives it (§8.2.2)."""
    state = start(example_setup())
    state = apply(apply(state, EndPhase(), Dice(1)).state, EndPhase(), Dice(1)).state  # §16: to the courtyards
    state = apply(state, Buy(Side.BESIEGED, "brazier_water"), Dice(1)).state
    state = apply(state, PlaceBraziers("W3", (Liquid.WATER,)), Dice(1)).state
    return replace(state, phase=Phase.MOVEMENT)


def test_a_pour_offers_the_liquids_the_section_holds() -> None:
    state = _pouring()
    item = next(i for i in presenters.menu(state, {Side.BESIEGED}) if i.name == "pour")
    assert [value for value, _ in item.liquids] == ["water"]
    index = _option(state, "pour", "W3")
    option = menu_options(state)[index]
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
    option = menu_options(state)[index]
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
    assert not [o for o in menu_options(state) if o.name == "fight" and o.where == where]


def test_a_second_round_of_combat_on_a_section() -> None:
    _two_rounds(_engaged(start(example_setup()), Place(Zone.SECTION, "W1")), "W1")


def test_a_second_round_of_combat_on_a_belfry_level() -> None:
    setup = example_setup()
    tower = SiegeTower("ST1", None)
    setup = replace(setup, siege_towers=(tower,), belfry=True, belfries=(Belfry("ST1", "W3", 1),), purchases=())
    level = level_place("ST1", 0)
    _two_rounds(_engaged(start(setup), level), str(level))


def _volleys() -> BattleState:
    """The besieger's shooting: the Bows were given the brazier he bought (§9.1.1), the Slings have none."""
    state = battle(besiegers(ARCHER, "foot:C1", 2, "a", "Bows"), besiegers(ARCHER, "foot:C3", 2, "s", "Slings"))
    state = replace(state, budgets=((Side.BESIEGER, Budget(50, 1500, ("brazier",))),), phase=Phase.SHOOTING)
    return give_brazier(state, "Bows")


def test_a_volley_with_a_brazier_may_be_of_flaming_missiles() -> None:
    """§9.1.1: « Un brasier est alloué à une unité de tireurs (…) Seule cette unité bénéficie des tirs enflammés »;
    §9.2: « Le joueur décide de tirer des projectiles enflammés pour l'unité ce tour »: the Bows' form offers
    flaming missiles, the Slings' does not, and the volley chosen with them is flaming."""
    state = _volleys()
    items = [i for i in presenters.menu(state, {Side.BESIEGER}) if i.name == "shoot_gate"]
    assert [(i.where, i.flaming) for i in items] == [("foot:C1", True), ("foot:C3", False)]
    (action,) = siege_actions(state, Choice(items[0].index, ("a1", "a2"), "G1", flaming=True))
    assert action == ShootGate(("a1", "a2"), "G1", flaming=True)
    page = FormPage("/act/", "", 0, "", False, ())
    assert str(option_forms(items, page)).count('name="flaming"') == 1


def test_molten_lead_chosen_on_the_form_strikes_the_target_picked() -> None:
    """§8.2.6: « Une figurine désignée (…) subit une touche de FOR 5 »: lead picked on the form designates the
    target picked, which the engine then accepts."""
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "foot:W3", 1, "f"))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL, Liquid.LEAD)))
    state = replace(state, phase=Phase.MOVEMENT)
    index = _option(state, "pour", "W3")
    (action,) = siege_actions(state, Choice(index, ("d1", "d2"), "f1", liquid="lead"))
    assert isinstance(action, Pour)
    assert (action.liquid, action.designated) == (Liquid.LEAD, "f1")
    assert not problems(state, action)


def _melee_setup() -> Setup:
    """The example's armies with eight orcs already on W3 among its twelve defenders."""
    setup = example_setup()
    orcs = tuple(Model(f"o{n}", Side.BESIEGER, ORC, Place(Zone.SECTION, "W3"), "Boyz on W3") for n in range(1, 9))
    return replace(setup, models=(*setup.models, *orcs))


def _to_close_combat(tracked: TrackedBattle, user: User, besieger: User) -> TrackedBattle:
    tracked = end_setup(tracked, user, besieger)
    for _ in range(3):  # the movement, the magic and the shooting steps
        tracked = services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=EndPhase())
    return tracked


def test_the_fight_form_says_who_fights_whom_from_the_engines_pairs() -> None:
    """§3.2.1: « le joueur … peut choisir d'engager tous ses hommes en 1 contre 1 ou bien au maximum faire du 4 contre
    1 »: the form gives each of the 12 defenders of W3 a drop-down of the 8 orcs, the engine's one-on-one pairs
    chosen (the last 4 men ganging up); the pairs the player picks instead are the ones played."""
    state = replace(start(_melee_setup()), phase=Phase.CLOSE_COMBAT)
    item = next(i for i in presenters.menu(state, {Side.BESIEGED}) if i.name == "fight")
    chosen = {model: foe for model, _label, foe in item.pairs}
    assert len(chosen) == 12
    assert [chosen[f"h{n}"] for n in range(1, 8)] == [f"o{n}" for n in range(1, 8)]
    assert chosen["sgt1"] == "o8"
    assert [t for t, _label in item.targets] == [f"o{n}" for n in range(1, 9)]
    (action,) = siege_actions(state, Choice(item.index, pairs={"h1": "o1", "h2": "o1", "cpt1": "o2", "h3": ""}))
    assert isinstance(action, Fight)
    assert action.pairs == (("h1", "o1"), ("h2", "o1"), ("cpt1", "o2"))
    assert not action.second
    with pytest.raises(services.Refused, match="from the lists"):
        siege_actions(state, Choice(item.index, pairs={"h1": "h2"}))


def test_the_board_posts_the_pairs_the_player_chose(
    tracked_melee: TrackedBattle, besieged: User, besieger: User
) -> None:
    """§3.2.1: the pairs picked in the board's fight form are played, 4 against 1 at most."""
    tracked = _to_close_combat(tracked_melee, besieged, besieger)
    client = Client()
    client.force_login(besieged)
    page = client.get(f"/tracker/{tracked.pk}/").content.decode()
    assert 'name="pair-h1"' in page
    index = _option(selectors.current(tracked).state, "fight", "W3")
    fields = {f"pair-{m}": "" for m in ("h2", "h3", "h4", "h5", "h6", "h7", "sgt1", "xb1", "xb2", "xb3")}
    posted = {"seq": tracked.seq, "option": index, "pair-h1": "o1", "pair-cpt1": "o1", **fields}
    assert client.post(f"/tracker/{tracked.pk}/act/", posted, HTTP_HX_REQUEST="true").status_code == 200
    last = TrackedEntry.objects.filter(battle=tracked).order_by("-seq").first()
    assert last is not None
    assert last.entry["action"]["pairs"] == [["h1", "o1"], ["cpt1", "o1"]]


@pytest.fixture
def tracked_melee(besieger: User, besieged: User) -> TrackedBattle:
    return services.create_battle(
        setup=_melee_setup(), besieger=besieger, besieged=besieged, created_by=besieged, seed=3
    )


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
        assert str(siege_labels.TARGET_WORDS["sapping"]) == "le D6 des sapeurs"
        assert str(siege_labels.TARGET_WORDS["counter"]) == "le dé de la contre-sape"
        assert str(siege_labels.NUMBER_LABELS["distance"]) == "Distance (cm)"


def test_a_unit_deployed_in_one_go_is_one_line_of_the_log(tracked: TrackedBattle, besieged: User) -> None:
    """§16: ten models deployed, ten entries of the log, one line on the page: « 10 Reserve se déploient sur
    W1 »."""
    state = selectors.current(tracked).state
    index = _option(state, "deploy", "W1")
    choice = Choice(index, target="W1", counts={_reserve(state, index): 10})
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=0, action=choice)
    with translation.override("fr"):
        page = Client()
        page.force_login(besieged)
        body = page.get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    log = body[body.index('class="log"') :]
    assert log.count("<li>") == 1
    assert "10 Reserve se déploient sur W1" in log
