"""A tracked siege is its set-up, seed and append-only log in PostgreSQL; its state is the replay (§16 turn order,
the engine's refusals with their clauses, dice typed in at the table)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from rules.log import Entry
from rules.siege.actions import Action, EndPhase, Move, Shoot
from rules.siege.battle import Battle, play, replay
from rules.siege.board.state import Phase, Side
from rules.siege.example import example_setup
from tests.tracker.playing import end_setup
from tracker import selectors, services
from tracker.models import EntryKind, TrackedBattle, TrackedEntry

pytestmark = pytest.mark.django_db


def _fresh(tracked: TrackedBattle) -> TrackedBattle:
    selectors._cache.clear()
    return TrackedBattle.objects.get(pk=tracked.pk)


def _to_shooting(tracked: TrackedBattle, besieged: User, besieger: User) -> TrackedBattle:
    """Each side ends its part of the set-up, then the besieged his movement and magic steps (§16: he plays
    first)."""
    tracked = end_setup(tracked, besieged, besieger)
    for _ in range(2):
        tracked = services.act(battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=EndPhase())
    return tracked


def test_each_action_is_one_row_numbered_in_turn_and_the_state_is_the_replay(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=5, action=Shoot(("xb1",), ("c1",)))
    rows = list(TrackedEntry.objects.filter(battle=tracked).order_by("seq"))
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5, 6]
    assert [r.entry["action"]["action"] for r in rows] == [*["end_phase"] * 5, "shoot"]
    # §16: the besieger ended his own part of the set-up, the besieged the rest
    assert [(r.side, r.by) for r in rows] == [
        ("besieged", besieged),
        ("besieger", besieger),
        *[("besieged", besieged)] * 4,
    ]
    # the engine played alone, from the same set-up and seed, reaches the very same state
    battle = Battle(example_setup(), 3)
    for action in (*[EndPhase()] * 5, Shoot(("xb1",), ("c1",))):
        battle, _ = play(battle, action)
    assert selectors.current(_fresh(tracked)).state == replay(battle)
    assert rows[-1].entry == battle.entries[-1].to_json()


def test_replaying_the_stored_log_reproduces_the_state_kept_after_each_action(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=Shoot(("xb2",), ("c2",)))
    kept = selectors.current(tracked).state
    entries = [
        Entry.from_json(r.entry, Action.from_json) for r in TrackedEntry.objects.filter(battle=tracked).order_by("seq")
    ]
    stored = TrackedBattle.objects.get(pk=tracked.pk)
    from rules.siege.battle import Setup

    assert replay(Battle(Setup.from_json(stored.setup), stored.seed, tuple(entries))) == kept
    assert selectors.current(_fresh(tracked)).state == kept


def test_a_stale_page_gets_a_conflict_and_writes_nothing(tracked: TrackedBattle, besieged: User) -> None:
    services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase())
    with pytest.raises(services.Conflict):
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase())
    assert TrackedEntry.objects.filter(battle=tracked).count() == 1
    assert TrackedBattle.objects.get(pk=tracked.pk).seq == 1


def test_out_of_turn_the_other_side_is_refused_by_16(tracked: TrackedBattle, besieger: User) -> None:
    # §16: the besieged plays first; ending his set-up is his to do
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieger, seq=0, action=EndPhase())
    assert refused.value.clause == "§16"
    assert "besieged" in refused.value.message
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_someone_not_in_the_battle_is_refused(tracked: TrackedBattle, stranger: User) -> None:
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=stranger, seq=0, action=EndPhase())
    assert "two players" in refused.value.message
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_the_engine_refusal_comes_with_its_clause_and_writes_nothing(tracked: TrackedBattle, besieged: User) -> None:
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=Move(("r1",), "C1"))
    assert refused.value.clause == "§2.1"
    assert refused.value.message == "This is played in the movement step, not in the set-up step."
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_a_malformed_action_is_refused_by_name(tracked: TrackedBattle, besieged: User) -> None:
    with pytest.raises(services.Refused) as refused:
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action={"format": 1, "action": "teleport"})
    assert "teleport" in refused.value.message
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_undo_is_a_new_entry_and_playing_again_rolls_the_same_dice(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    before = selectors.current(tracked).state
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=5, action=Shoot(("xb1",), ("c1",)))
    first = TrackedEntry.objects.get(battle=tracked, seq=6).entry
    tracked = services.undo(battle_id=tracked.pk, user=besieged, seq=6)
    undo = TrackedEntry.objects.get(battle=tracked, seq=7)
    assert (undo.kind, undo.undoes) == (EntryKind.UNDO, 6)
    assert TrackedEntry.objects.filter(battle=tracked).count() == 7  # nothing deleted
    assert selectors.current(_fresh(tracked)).state == before
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=7, action=Shoot(("xb1",), ("c1",)))
    assert TrackedEntry.objects.get(battle=tracked, seq=8).entry == first


def test_only_the_side_that_played_the_action_undoes_it(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase())
    with pytest.raises(services.Refused):
        services.undo(battle_id=tracked.pk, user=besieger, seq=1)
    with pytest.raises(services.Refused):
        services.undo(battle_id=tracked.pk, user=besieged, seq=0)  # stale
    tracked = services.undo(battle_id=tracked.pk, user=besieged, seq=1)
    with pytest.raises(services.Refused) as refused:
        services.undo(battle_id=tracked.pk, user=besieged, seq=2)
    assert "no action to undo" in refused.value.message
    assert selectors.current(_fresh(tracked)).state.phase is Phase.SETUP


def test_physical_dice_out_of_range_too_few_or_too_many_are_refused(
    physical: TrackedBattle, besieged: User, besieger: User
) -> None:
    physical = _to_shooting(physical, besieged, besieger)
    shot = Shoot(("xb1",), ("c1",))
    for dice, words in (
        ([7], "cannot show 7"),
        ([], "the next is a D6 for Crossbowmen no. 1 shoots at Boyz no. 1: to hit"),
        ([1, 1], "2 dice were typed in"),
    ):
        with pytest.raises(services.Refused) as refused:
            services.act(battle_id=physical.pk, user=besieged, seq=5, action=shot, dice=dice)
        assert words in refused.value.message
        assert refused.value.clause == "dice"
    assert TrackedEntry.objects.filter(battle=physical).count() == 5
    physical = services.act(battle_id=physical.pk, user=besieged, seq=5, action=shot, dice=[1])
    rolls = TrackedEntry.objects.get(battle=physical, seq=6).entry["rolls"]
    assert [(r["die"], r["result"], r["physical"]) for r in rolls] == [("D6", 1, True)]


def test_app_dice_refuse_typed_dice(tracked: TrackedBattle, besieged: User) -> None:
    with pytest.raises(services.Refused):
        services.act(battle_id=tracked.pk, user=besieged, seq=0, action=EndPhase(), dice=[3])
    assert not TrackedEntry.objects.filter(battle=tracked).exists()


def test_a_choice_from_the_menu_is_played_as_its_action(tracked: TrackedBattle, besieged: User) -> None:
    state = selectors.current(tracked).state
    from rules.siege.menus.legal import menu_options

    menu = menu_options(state)
    index = [o.name for o in menu].index("end_phase")
    tracked = services.act(battle_id=tracked.pk, user=besieged, seq=0, action=services.Choice(index))
    # §16: the besieged's part of the set-up is over; the besieger sets up next
    after = selectors.current(_fresh(tracked)).state
    assert (after.phase, after.active) == (Phase.SETUP, Side.BESIEGER)
    with pytest.raises(services.Refused):
        services.act(battle_id=tracked.pk, user=besieged, seq=1, action=services.Choice(999))


def test_a_player_of_both_sides_plays_a_one_off_game_on_one_device(besieged: User) -> None:
    tracked = services.create_battle(
        setup=example_setup(), besieger=besieged, besieged=besieged, created_by=besieged, seed=1
    )
    assert selectors.sides_of(tracked, besieged) == {Side.BESIEGER, Side.BESIEGED}
