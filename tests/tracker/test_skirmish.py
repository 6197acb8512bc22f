"""A Frères d'Armes skirmish played with the tracker: the same append-only log as a siege, the engine's menu, dice
from the app or typed in (a d10 reads 0–9, R17), undo as a new entry, and the result sent to a campaign battle
played with Frères d'Armes, confirmed by the other side (003 II §1.3)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from campaigns.bands.lines import example_band
from campaigns.models import Battle, CampaignMembership, Role, Winner
from campaigns.rule_systems.services import set_rule_system
from rules.freres.actions import Activate, Charge, RollInitiative
from rules.freres.state import Phase, Side
from tracker import selectors, services
from tracker.models import DiceMode, RuleSystem, TrackedBattle, TrackedEntry
from tracker.services.skirmish import start_campaign_skirmish, start_one_off_skirmish
from wording.freres import FreresNames

pytestmark = pytest.mark.django_db

BANDS = {"band_a": example_band(Side.A), "band_b": example_band(Side.B)}


def _one_off(user: User, opponent: User, **extra: object) -> TrackedBattle:
    data = {**BANDS, "opponent": opponent.username, "my_band": "a", "seed": 5, **extra}
    return start_one_off_skirmish(user=user, data=data)


def _player(tracked: TrackedBattle, side: Side) -> User:
    return tracked.besieger if side is Side.A else tracked.besieged


def _acting(tracked: TrackedBattle) -> User:
    """The player whose band the engine's menu waits on."""
    from rules.freres.game import side_of
    from rules.freres.legal import legal_actions

    state = selectors.current(tracked).state
    return _player(tracked, side_of(state, legal_actions(state)[0]))


PREFERRED = ("roll_initiative", "defend", "charge", "strike", "activate", "end_activation")


def _fight_until_a_model_falls(tracked: TrackedBattle, limit: int = 200) -> TrackedBattle:
    """Each band charges and strikes the first enemy it may, from the engine's menu, until a model is out."""
    from rules.freres.game import side_of
    from rules.freres.legal import legal_actions

    for _ in range(limit):
        state = selectors.current(tracked).state
        if any(m.out for m in state.models):
            return tracked
        menu = legal_actions(state)
        index = min(range(len(menu)), key=lambda i: (*PREFERRED, menu[i].name).index(menu[i].name))
        player = _player(tracked, side_of(state, menu[index]))
        tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=services.Choice(index))
    raise AssertionError("no model fell")


def test_a_skirmish_starts_from_the_example_bands_and_rolls_the_initiative_first(
    besieger: User, besieged: User
) -> None:
    tracked = _one_off(besieger, besieged)
    assert tracked.rule_system == RuleSystem.FRERES
    state = selectors.current(tracked).state
    assert [m.id for m in state.models] == ["a1", "a2", "a3", "b1", "b2", "b3"]
    assert state.phase is Phase.INITIATIVE  # §1.1: the turn opens with the initiative
    with pytest.raises(services.Refused) as early:
        services.act(battle_id=tracked.pk, user=besieger, seq=0, action=Activate("a1"))
    assert early.value.clause == "§1.1"
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=services.Choice(0))
    now = selectors.current(tracked)
    assert now.state.phase is Phase.ACTIVATION
    assert [r.die for r in now.steps[0].entry.rolls] == ["D10(0-9)", "D10(0-9)"]  # §1.1: a d10 a band, R17
    assert "§1.1" in now.steps[0].entry.rolls[0].reason


def test_a_band_plays_only_its_own_models(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged)
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    state = selectors.current(tracked).state
    other = _player(tracked, state.to_play.enemy)
    model = state.in_play(state.to_play)[0].id
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=other, seq=tracked.seq, action=Activate(model))
    assert refused.value.clause == "§16"
    assert TrackedEntry.objects.filter(battle=tracked).count() == 1


def test_a_d10_of_10_typed_in_is_refused_with_its_range_and_nothing_is_written(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged, dice=DiceMode.PHYSICAL)
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative(), dice=[10, 3])
    assert refused.value.clause == "dice"
    assert "0" in refused.value.message  # R17: a d10 reads 0-9
    assert "9" in refused.value.message
    assert TrackedEntry.objects.filter(battle=tracked).count() == 0
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative(), dice=[9, 2])
    rolls = selectors.current(tracked).steps[0].entry.rolls
    assert [(r.result, r.physical) for r in rolls] == [(9, True), (2, True)]


def test_an_action_dearer_than_the_pa_left_is_refused_with_the_rule(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged)
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    state = selectors.current(tracked).state
    band = state.to_play
    model = state.in_play(band)[0]
    player = _player(tracked, band)
    tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Activate(model.id))
    enemy = state.in_play(band.enemy)[0].id
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Charge(model.id, enemy, 5, hard=20))
    assert refused.value.clause == "§2.6.3"
    assert f"{FreresNames.of(state).model(model.id)} has {model.pa} left" in refused.value.message
    assert TrackedEntry.objects.filter(battle=tracked).count() == 2


def test_undo_is_a_new_entry_and_takes_the_state_back(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged)
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    tracked = services.undo(battle_id=tracked.pk, user=besieger, seq=tracked.seq)
    assert tracked.seq == 2
    assert TrackedEntry.objects.filter(battle=tracked).count() == 2
    assert selectors.current(tracked).state.phase is Phase.INITIATIVE


def test_a_characteristic_outside_1_to_10_is_refused_naming_the_rule(besieger: User, besieged: User) -> None:
    with pytest.raises(services.Refused) as refused:
        _one_off(besieger, besieged, band_a="hero 11 5 5 5 5 6")
    assert "C must be between 1 and 10, not 11 (003 II §2)" in str(refused.value)
    assert "II §2" in str(refused.value)
    with pytest.raises(services.Refused) as short:
        _one_off(besieger, besieged, band_b="hero 5 5 five")
    assert "C T D A M PA" in str(short.value)
    assert TrackedBattle.objects.count() == 0


@pytest.fixture
def campaign_skirmish() -> TrackedBattle:
    """The demo's battle at Montfort, named a Frères d'Armes skirmish by the organiser, its example bands typed by
    the organiser on the battle page, tracked by Chloé."""
    from campaigns.bands.services import save_band
    from tests.demo import load_demo

    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    organiser = CampaignMembership.objects.get(campaign=campaign, role=Role.ORGANISER)
    set_rule_system(battle=battle, rule_system="freres", by=organiser)
    battle.refresh_from_db()
    save_band(battle=battle, side="attacker", text=BANDS["band_a"], by=organiser)
    save_band(battle=battle, side="defender", text=BANDS["band_b"], by=organiser)
    return start_campaign_skirmish(battle=battle, user=battle.defender.user, data={"seed": 2})


def test_the_skirmish_result_reaches_the_campaign_once_the_other_side_confirms(
    campaign_skirmish: TrackedBattle,
) -> None:
    tracked = campaign_skirmish
    with pytest.raises(services.Refused) as early:
        services.send_result(battle_id=tracked.pk, user=tracked.besieged)
    assert early.value.clause == "§1.3"
    tracked = _fight_until_a_model_falls(tracked)
    state = selectors.current(tracked).state
    fallen = [m for m in state.models if m.out]
    assert len(fallen) == 1
    services.send_result(battle_id=tracked.pk, user=tracked.besieged)
    battle = Battle.objects.get(pk=tracked.campaign_battle_id)
    assert not battle.played
    services.confirm_result(battle_id=tracked.pk, user=tracked.besieger)
    battle.refresh_from_db()
    assert battle.played
    # band A is the attacker's (Bruno), band B the defender's (Chloé); the band that lost a model loses (§1.3)
    assert battle.winner == (Winner.DEFENDER if fallen[0].side is Side.A else Winner.ATTACKER)
    assert (battle.attacker_losses, battle.defender_losses) == ((1, 0) if fallen[0].side is Side.A else (0, 1))


def test_the_skirmish_board_shows_each_model_the_menu_and_the_log(
    besieger: User, besieged: User, production_pace: None
) -> None:
    tracked = _one_off(besieger, besieged)
    services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    client = Client()
    client.force_login(besieger)
    page = client.get(f"/tracker/{tracked.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="model-a1"' in text
    assert 'id="model-b3"' in text
    assert "7/7" in text  # the knight's PA (II §2.6.1)
    assert "§1.1" in text  # the initiative's dice, each with its clause
    assert client.get(f"/tracker/{tracked.pk}/poll/", {"v": selectors.version(tracked)}).status_code in (200, 204)
    assert 'hx-trigger="every 1000ms"' in text  # the other phone's board asks for news every second
    bad = client.post(f"/tracker/{tracked.pk}/act/", {"seq": "1", "option": "999"})
    assert bad.status_code == 302  # refused: no longer on the menu, nothing written
    assert TrackedEntry.objects.filter(battle=tracked).count() == 1


def test_the_set_up_page_refuses_a_bad_band_without_a_500(besieger: User) -> None:
    client = Client()
    client.force_login(besieger)
    assert client.get("/tracker/skirmish/new/").status_code == 200
    page = client.post(
        "/tracker/skirmish/new/", {**BANDS, "band_a": "hero 5 5 5 5 12 6", "dice": "app", "my_band": "a"}
    )
    assert page.status_code == 200
    assert "M doit être entre 1 et 10, pas 12" in page.content.decode()
    assert TrackedBattle.objects.count() == 0


def test_a_skirmish_asks_no_siege_simulation(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged)
    with pytest.raises(services.Refused) as refused:
        services.chances_from_here(battle_id=tracked.pk, user=besieger)
    assert "skirmish" in refused.value.message


def test_the_campaign_battle_offers_the_tracker_of_its_rule_system(campaign_skirmish: TrackedBattle) -> None:
    battle = Battle.objects.get(pk=campaign_skirmish.campaign_battle_id)
    client = Client()
    client.force_login(battle.defender.user)
    page = client.get(f"/campaigns/{battle.campaign_id}/battles/{battle.pk}/").content.decode()
    assert 'id="track-skirmish"' in page
    assert 'id="track-siege"' not in page  # played with Frères d'Armes, not the WFB siege rules
    setup = client.get(f"/tracker/skirmish/campaign-battle/{battle.pk}/")
    assert setup.status_code == 200
    assert '<pre id="band-a">chevalier 7 3 6 5 7 7 armure=3 bouclier=1 arme=2' in setup.content.decode()


def test_a_siege_battle_is_not_tracked_as_a_skirmish(demo_siege: TrackedBattle) -> None:
    battle = Battle.objects.get(pk=demo_siege.campaign_battle_id)
    with pytest.raises(services.Refused) as refused:
        start_campaign_skirmish(battle=battle, user=battle.defender.user, data=BANDS)
    assert "Frères d'Armes" in refused.value.message


def test_the_skirmish_report_and_export_hold_the_whole_log(besieger: User, besieged: User) -> None:
    tracked = _one_off(besieger, besieged)
    services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    client = Client()
    client.force_login(besieged)
    report = client.get(f"/tracker/{tracked.pk}/report/")
    assert report.status_code == 200
    assert "§1.1 Initiative de la troupe" in report.content.decode()  # the rolls and their reasons, worded
    data = client.get(f"/tracker/{tracked.pk}/export.json").json()
    assert data["battle"]["entries"][0]["action"]["action"] == "roll_initiative"
    assert [m["id"] for m in data["state"]["models"]] == ["a1", "a2", "a3", "b1", "b2", "b3"]


def test_the_skirmish_board_speaks_french(besieger: User, besieged: User) -> None:
    from django.utils import translation

    tracked = _one_off(besieger, besieged)
    client = Client()
    client.force_login(besieger)
    with translation.override("fr"):
        text = client.get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Lancer l’initiative" in text
    assert "Tour 1 · initiative · la troupe A active" in text
    assert "indemne, debout" in text


def test_the_set_up_offers_the_card_variant_and_its_draws_are_cards_of_the_deck(besieger: User, besieged: User) -> None:
    """I §4: the cards 1 to 9 of a 54-card deck and the two jokers stand for the d10; a card drawn leaves the pile."""
    from rules.freres.cards import CARD_DIE_NAME, FULL_DECK

    tracked = _one_off(besieger, besieged, cards=True)
    assert tracked.setup["cards"] is True
    assert selectors.current(tracked).state.deck == FULL_DECK
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    now = selectors.current(tracked)
    rolls = now.steps[0].entry.rolls
    assert [r.die for r in rolls] == [CARD_DIE_NAME, CARD_DIE_NAME]
    deck = now.state.deck
    assert deck is not None
    jokers = sum(r.result == 0 for r in rolls)
    assert len(deck) == len(FULL_DECK) - 2 or jokers  # §4: a joker shuffles the discard back
    plain = _one_off(besieger, besieged)
    assert plain.setup["cards"] is False
    assert selectors.current(plain).state.deck is None
    client = Client()
    client.force_login(besieger)
    assert 'name="cards"' in client.get("/tracker/skirmish/new/").content.decode()
    board = client.get(f"/tracker/{tracked.pk}/").content.decode()
    shown = board[board.index('id="deck"') :].split("</p>")[0]
    assert f" {len(deck)} " in shown  # the cards left in the pile
    assert 'id="deck"' not in client.get(f"/tracker/{plain.pk}/").content.decode()


def _activated_foot_model(tracked: TrackedBattle) -> tuple[TrackedBattle, str, int, User]:
    """The skirmish after its initiative with a model on foot of the band to play activated: its id and Agility."""
    from rules.freres.movement import Kind

    tracked = services.act(battle_id=tracked.pk, user=tracked.besieger, seq=tracked.seq, action=RollInitiative())
    state = selectors.current(tracked).state
    model = next(m for m in state.in_play(state.to_play) if m.profile.kind is Kind.FOOT)
    player = _player(tracked, state.to_play)
    tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Activate(model.id))
    return tracked, model.id, model.profile.A, player


def _move_option(tracked: TrackedBattle) -> int:
    from rules.freres.legal import legal_actions

    menu = legal_actions(selectors.current(tracked).state)
    return next(i for i, a in enumerate(menu) if a.name == "move" and a.contact is None and a.jumps == 0)  # type: ignore[attr-defined]


def test_a_move_takes_the_distance_and_terrain_measured_on_the_table(besieger: User, besieged: User) -> None:
    """§3.3: on foot, 10 cm a move in clear terrain, its Agility in cm in other terrain; the menu offers a full move
    in clear terrain and the player gives what the table shows."""
    tracked, model, agility, player = _activated_foot_model(_one_off(besieger, besieged))
    option = _move_option(tracked)
    entries = TrackedEntry.objects.filter(battle=tracked).count()

    def move(**facts: str) -> TrackedBattle:
        choice = services.Choice(option, facts=facts)
        return services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=choice)

    with pytest.raises(services.Refused) as too_far:
        move(distance_cm=str(agility + 1), terrain="rough")
    assert too_far.value.clause == "§3.3"
    assert f"at most {agility} cm here, not {agility + 1}" in too_far.value.message
    for facts, parameter, words in (
        ({"distance_cm": "ten"}, "distance_cm", "whole number of cm"),
        ({"distance_cm": "250"}, "distance_cm", "between 0 and 200, got 250"),
        ({"terrain": "lava"}, "terrain", "clear, rough"),
    ):
        with pytest.raises(services.Refused) as bad:
            move(**facts)
        assert bad.value.clause == parameter
        assert words in bad.value.message
    assert TrackedEntry.objects.filter(battle=tracked).count() == entries
    tracked = move(distance_cm=str(agility - 1), terrain="rough")
    played = selectors.current(tracked).steps[-1].entry.action
    assert (played.name, played.distance_cm, played.terrain) == ("move", agility - 1, "rough")  # type: ignore[attr-defined]
    assert selectors.current(tracked).state.model(model).moved_cm == agility - 1


def test_the_board_asks_the_facts_of_the_table_and_refuses_a_bad_one_without_a_500(
    besieger: User, besieged: User
) -> None:
    tracked, _model, _agility, player = _activated_foot_model(_one_off(besieger, besieged))
    client = Client()
    client.force_login(player)
    board = client.get(f"/tracker/{tracked.pk}/").content.decode()
    assert 'name="fact-distance_cm" value="10"' in board  # the menu's full move in clear terrain (§3.3)
    assert '<option value="rough">' in board
    entries = TrackedEntry.objects.filter(battle=tracked).count()
    option = str(_move_option(tracked))
    answer = client.post(
        f"/tracker/{tracked.pk}/act/", {"seq": str(tracked.seq), "option": option, "fact-distance_cm": "-3"}
    )
    assert answer.status_code == 302
    assert TrackedEntry.objects.filter(battle=tracked).count() == entries
    shown = client.get(answer["Location"]).content.decode()
    assert "distance_cm" in shown


ENGLISH_GIVEAWAYS = ("model:", "True", "None", "strikes", "wounds", "how:", "distance cm", "manner:", "terrain:")
"""Words of the engine's data or of English sentences that a French page must not show."""


def _french(client: Client, url: str) -> str:
    from django.utils import translation

    with translation.override("fr"):
        answer = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_skirmish_pages_in_french_show_no_english_after_a_fight(besieger: User, besieged: User) -> None:
    """The example bands' models, the options' facts, the log's events and the dice's reasons, in French words."""
    tracked, _model, _agility, player = _activated_foot_model(_one_off(besieger, besieged))
    client = Client()
    client.force_login(player)
    menu = _french(client, f"/tracker/{tracked.pk}/")
    assert "Chevalier" in menu or "Soldat" in menu  # the example bands' profiles, named in French
    assert "terrain clair · à découvert" in menu  # a move's facts (§3.3, §3.4)
    assert "de 90° ou moins" in menu  # a turn's angle (§3.1)
    tracked = _fight_until_a_model_falls(tracked)
    pages = [menu]
    for user in (besieger, besieged):
        client.force_login(user)
        pages += [_french(client, f"/tracker/{tracked.pk}/"), _french(client, f"/tracker/{tracked.pk}/report/")]
    log = pages[-1]
    assert " : JC<" in log  # the dice's reasons (§4.1.2)
    assert " attaque " in log  # the events
    for page in pages:
        found = [word for word in ENGLISH_GIVEAWAYS if word in page]
        assert found == [], found


def test_the_log_says_what_an_action_did_beneath_its_facts(besieger: User, besieged: User) -> None:
    """The event an action reports under its own name (« activée avec 7 PA », §1.2) is shown with the action's
    line, not dropped: the skirmish's line words the action's facts, not what came of them."""
    tracked = _one_off(besieger, besieged)
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    state = selectors.current(tracked).state
    model = state.in_play(state.to_play)[0]
    player = _player(tracked, state.to_play)
    services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Activate(model.id))
    client = Client()
    client.force_login(player)
    text = client.get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{FreresNames.of(state).model(model.id)} est activée avec {model.pa} PA." in text
