"""Writes of tracked sieges, each in one transaction: a battle created from its set-up, an action appended to its
log, an undo appended, the result sent to the campaign. A refusal writes nothing and says why, with the clause."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import selectors as campaign_selectors
from campaigns import services as campaign_services
from campaigns.models import Battle as CampaignBattle
from campaigns.models import BattleKind, Winner
from campaigns.results import ENGINE_SIDE, Result
from rules.dice import DieValueError, ReplayMismatch
from rules.freres.actions import Action as SkirmishAction
from rules.freres.battle import Setup as SkirmishSetup
from rules.siege.actions import Action
from rules.siege.battle import Setup
from rules.siege.board.fort import FortLayout
from rules.siege.board.state import BattleState, IllegalAction, Side
from rules.siege.chapters.heroism import heroism_tokens
from rules.siege.chapters.victory import achievements, scored
from simulations import deliberation
from simulations import services as simulation_services
from simulations.estimate import STOP_HALF_WIDTH
from simulations.models import SimulationRun
from wording.dice import dice_refusal_text, die_name

from .. import app_player, selectors
from ..chosen_actions import Choice, describe_refusal, siege_actions
from ..engines import Engine, engine_of
from ..models import AppStrength, DiceMode, EntryKind, RuleSystem, TrackedBattle, TrackedEntry
from ..refusals import Conflict, Refused
from ..setups import SetupChoice, SetupProblem, UnitSpec, build_setup
from ..skirmish_results import skirmish_campaign_result, skirmish_choice
from ..weapons import UnknownWeapon, armed_units

MAX_DICE = 60
"""The most dice one action may be typed in with."""


def _name(setup: Setup | SkirmishSetup) -> str:
    return setup.fort.name[:120] if isinstance(setup, Setup) else _("Skirmish")


@transaction.atomic
def create_battle(
    *,
    setup: Setup,
    besieger: AbstractBaseUser,
    besieged: AbstractBaseUser,
    created_by: AbstractBaseUser,
    dice: str = DiceMode.APP,
    seed: int | None = None,
    name: str = "",
    campaign_battle: CampaignBattle | None = None,
    rule_system: str = RuleSystem.WFB_SIEGE,
    app_side: str = "",
    app_strength: str = AppStrength.SIMPLE,
) -> TrackedBattle:
    """A tracked battle from ``setup``, a siege's or a skirmish's (``rule_system``); refused when the engine cannot
    start it (a siege's quotas §1.7, budgets §14). With ``app_side``, the app plays that side
    (:func:`play_app`), rolling its own dice, at ``app_strength``."""
    if dice not in DiceMode.values:
        raise Refused(_("The dice are rolled by the app or at the table."), "dice")
    _check_app(rule_system, app_side, app_strength, dice)
    engine = engine_of(rule_system)
    try:
        engine.start(setup)
    except IllegalAction as refused:
        raise Refused(engine.refusal_text(engine.names(None), refused), refused.clause) from None
    if campaign_battle is not None and rule_system == RuleSystem.WFB_SIEGE and campaign_battle.kind != BattleKind.SIEGE:
        raise Refused(_("Only a siege battle can be tracked."), "§16")
    return TrackedBattle.objects.create(
        name=name[:120] or _name(setup),
        rule_system=rule_system,
        campaign_battle=campaign_battle,
        besieger=besieger,
        besieged=besieged,
        created_by=created_by,
        setup=setup.to_json(),
        seed=random.SystemRandom().randrange(2**62) if seed is None else seed,
        dice=dice,
        app_side=app_side,
        app_strength=app_strength,
    )


def _check_app(rule_system: str, app_side: str, app_strength: str, dice: str) -> None:
    """The side the app plays, refused unless it is one of the battle's, at a strength it has, with its own dice."""
    if not app_side:
        return
    if app_side not in {side.value for side in engine_of(rule_system).sides}:
        raise Refused(_("The app plays one of the battle's two sides."), "app_side")
    if app_strength not in AppStrength.values or not app_player.plays(app_strength, rule_system):
        raise Refused(_("The app plays at one of the strengths offered."), "app_strength")
    if dice != DiceMode.APP:
        raise Refused(
            _("The app rolls its own dice: a battle it plays a side of is played with the app's dice."), "dice"
        )


def create_from_choice(
    *,
    choice: SetupChoice,
    besieger: AbstractBaseUser,
    besieged: AbstractBaseUser,
    created_by: AbstractBaseUser,
    name: str = "",
    seed: int | None = None,
    campaign_battle: CampaignBattle | None = None,
    app_side: str = "",
    app_strength: str = AppStrength.SIMPLE,
) -> TrackedBattle:
    """A tracked siege from the set-up page's answers (:func:`tracker.setups.build_setup`)."""
    try:
        setup = build_setup(choice)
    except SetupProblem as problem:
        raise Refused(str(problem), problem.clause) from None
    if campaign_battle is not None:  # the organiser's house rules: the belfry's overload option (R16)
        setup = campaign_selectors.with_house_rules(campaign_battle.campaign, setup)
    return create_battle(
        setup=setup,
        besieger=besieger,
        besieged=besieged,
        created_by=created_by,
        dice=DiceMode.PHYSICAL if choice.table_dice else DiceMode.APP,
        seed=seed,
        name=name,
        campaign_battle=campaign_battle,
        app_side=app_side,
        app_strength=app_strength,
    )


def _locked(battle_id: int, seq: int) -> TrackedBattle:
    tracked = TrackedBattle.objects.select_for_update().get(pk=battle_id)
    if seq != tracked.seq:
        raise Conflict(
            _(
                "Another page acted first: the battle has moved on since yours was shown (entry %(seen)s, now "
                "%(now)s). Here it is as it stands."
            )
            % {"seen": seq, "now": tracked.seq},
            "seq",
        )
    return tracked


def _sides(tracked: TrackedBattle, user: AbstractBaseUser) -> frozenset[Side]:
    sides = selectors.sides_of(tracked, user)
    if not sides:
        raise Refused(_("Only the battle's two players act in it."), "§16")
    return sides


def _actions(engine: Engine, state: Any, action: Action | SkirmishAction | Mapping[str, Any] | Choice) -> Any:
    """The engine's actions ``action`` plays: one, or a unit's deployment model by model
    (:mod:`tracker.chosen_actions`)."""
    if isinstance(action, engine.rules.action):
        return (action,)
    if isinstance(action, Choice) and engine.system == RuleSystem.FRERES:
        return (skirmish_choice(state, action.option, action.facts),)
    if isinstance(action, Choice):
        return siege_actions(state, action)
    try:
        return (engine.read_action(action),)
    except engine.format_error as bad:
        raise Refused(str(bad), "format") from None


def _check_dice(tracked: TrackedBattle, dice: Sequence[int]) -> tuple[int, ...]:
    if tracked.dice == DiceMode.APP and dice:
        raise Refused(_("This battle's dice are rolled by the app: type none."), "dice")
    if len(dice) > MAX_DICE:
        raise Refused(_("At most %(limit)s dice an action.") % {"limit": MAX_DICE}, "dice")
    return tuple(dice)


@transaction.atomic
def act(
    *,
    battle_id: int,
    user: AbstractBaseUser,
    seq: int,
    action: Action | SkirmishAction | Mapping[str, Any] | Choice,
    dice: Sequence[int] = (),
) -> TrackedBattle:
    """Append ``action`` to the log of the battle its player saw at ``seq``; refused, writing nothing, out of turn,
    by someone not in the battle, on a stale page, against the rules (the engine's reason and clause) or with
    dice typed in that the action cannot roll. A choice deploying several models (§16) appends one entry a model,
    marked as one group, all or nothing."""
    tracked = _locked(battle_id, seq)
    sides = _sides(tracked, user)
    table = _check_dice(tracked, dice)
    now = selectors.current(tracked)
    engine = engine_of(tracked.rule_system)
    if now.state.over:
        raise Refused(str(engine.over), "§1.3" if engine.system == RuleSystem.FRERES else "§16")
    chosen = _actions(engine, now.state, action)
    acting = engine.side_of(now.state, chosen[0])
    if acting not in sides:
        raise Refused(
            _("The %(side)s plays %(action)s; you play the %(yours)s.")
            % {
                "side": engine.label(acting),
                "action": chosen[0].name.replace("_", " "),
                "yours": " / ".join(engine.label(s) for s in sorted(sides)),
            },
            "§16",
        )
    _append(engine, tracked, now, chosen, acting, table, user=user)
    return tracked


def _append(
    engine: Engine,
    tracked: TrackedBattle,
    now: selectors.Current,
    chosen: Sequence[Any],
    acting: Any,
    table: Sequence[int],
    *,
    user: AbstractBaseUser | None,
) -> None:
    """The ``chosen`` actions of side ``acting`` played on ``now`` and appended to the log, one group when several,
    written by ``user`` or, with none, by the app."""
    battle, state, steps, rows = now.battle, now.state, list(now.steps), []
    group = tracked.seq + 1 if len(chosen) > 1 else None
    for number, one in enumerate(chosen):
        battle, result = _play_one(engine, tracked, battle, state, one, table if number == 0 else (), len(chosen))
        state = result.state
        tracked.seq += 1
        entry = battle.entries[-1]
        rows.append(
            TrackedEntry(
                battle=tracked,
                seq=tracked.seq,
                kind=EntryKind.ACTION,
                entry=entry.to_json(),
                side=acting,
                by=user,
                by_app=user is None,
                group=group,
            )
        )
        steps.append(selectors.Step(tracked.seq, acting.value, entry, result.events, by_app=user is None))
    TrackedEntry.objects.bulk_create(rows)
    tracked.save(update_fields=["seq"])
    found = selectors.Current(battle, state, tuple(steps), tracked.seq)
    transaction.on_commit(lambda: selectors.remember(tracked, found))


@transaction.atomic
def play_app(*, battle_id: int, user: AbstractBaseUser) -> TrackedBattle | None:
    """The app plays one action of its side, the next it chooses (:mod:`tracker.app_player`), through
    the same engine and log as a player's, marked as the app's; ``None``, writing nothing, while it waits for the
    human (their turn, an answer they owe) or once the siege is over or its result sent. Asked by the battle's human
    player's page, one action a request, so that each arrives in the log at a pace one can read."""
    tracked = TrackedBattle.objects.select_for_update().get(pk=battle_id)
    _sides(tracked, user)
    if not tracked.app_side or tracked.result_sent:
        return None
    now = selectors.current(tracked)
    if now.state.over:
        return None
    chosen = app_player.next_action(
        tracked.rule_system, tracked.app_strength, now.state, tracked.app_side, seed=tracked.seed, steps=now.steps
    )
    if chosen is None:
        return None
    engine = engine_of(tracked.rule_system)
    simple = chosen
    if app_player.deliberates(tracked.rule_system, tracked.app_strength, now.steps):
        chosen = _deliberated(engine, tracked, now, simple)
        if chosen is None:
            return None
    side = engine.side(tracked.app_side)
    try:
        _append(engine, tracked, now, (chosen,), side, (), user=None)
    except Refused:
        if chosen is simple:
            raise
        _append(engine, tracked, now, (simple,), side, (), user=None)  # the strong bot's choice refused: nothing kept
    return tracked


DECISION_KEPT_S = 15 * 60
"""How long a decision asked of the workers is waited for, under its battle's place in the log."""


def _deliberated(engine: Engine, tracked: TrackedBattle, now: selectors.Current, simple: Any) -> Any:
    """The strong bot's action at this point of the battle: asked of the simulation workers at the first poll, then
    read at the next ones (``None`` while they think). A decision the workers could not make gives way to the simple
    bot's ``simple``, as does one the engine refuses (:func:`play_app`)."""
    key = f"tracker:app-decision:{tracked.pk}:{now.seq}"
    task_id = cache.get(key)
    if task_id is None:
        try:
            task_id = deliberation.ask(state=now.state, side=Side(tracked.app_side), seed=tracked.seed + now.seq)
        except ValidationError:
            return simple
        cache.set(key, task_id, DECISION_KEPT_S)
        return None
    decided = deliberation.answer(task_id)
    if decided is None:
        return None
    if not decided.get("best"):
        return simple
    try:
        chosen = engine.read_action(decided["best"])
    except engine.format_error:
        return simple
    return chosen


def _play_one(
    engine: Engine, tracked: TrackedBattle, battle: Any, state: Any, chosen: Any, table: Sequence[int], group: int
) -> tuple[Any, Any]:
    """``chosen`` played on ``battle``, refused with the engine's reason (naming the model in a group of
    ``group`` actions, none of which is then written) or when dice typed at the table are missing."""
    try:
        battle, result = engine.play(battle, chosen, tuple(table), state=state)
    except IllegalAction as refused:
        names = engine.names(state)
        reason = engine.refusal_text(names, refused)
        if group > 1:
            reason = describe_refusal(names.model(chosen.actors()[0]), reason)
        raise Refused(reason, refused.clause) from None
    except (DieValueError, ReplayMismatch) as refused:
        raise Refused(dice_refusal_text(refused, partial(engine.roll_reason, engine.names(state))), "dice") from None
    if tracked.dice == DiceMode.PHYSICAL:
        wanted = [r for r in result.rolls if not r.physical]
        if wanted:
            said, clause = engine.roll_reason(engine.names(state), wanted[0].reason)
            raise Refused(
                _(
                    "Type the dice rolled at the table, in order: %(typed)s typed, the next is a %(die)s for "
                    "%(reason)s (more may follow as the dice fall)."
                )
                % {
                    "typed": len(table),
                    "die": die_name(wanted[0].die),
                    "reason": f"{said} ({clause})" if clause else said,
                },
                "dice",
            )
    return battle, result


@transaction.atomic
def undo(*, battle_id: int, user: AbstractBaseUser, seq: int) -> TrackedBattle:
    """Take back the last action still standing, by a new entry (the log keeps it): only its side's player may, and
    not once the result is sent. Actions played in one go (a unit deployed, §16) are taken back together, one undo
    entry each; against the app, its reply is taken back with the human's action before it. In a battle whose dice
    the app rolls, playing it again rolls the same dice."""
    tracked = _locked(battle_id, seq)
    sides = _sides(tracked, user)
    if tracked.result_sent:
        raise Refused(_("The result is sent to the campaign: the battle can no longer be undone."), "undo")
    kept = selectors.standing(list(tracked.entries.order_by("seq")))
    if not kept:
        raise Refused(_("There is no action to undo."), "undo")
    reply = _app_reply(kept)
    if len(reply) == len(kept):
        raise Refused(_("There is no action of yours to undo: the app's actions are undone with yours."), "undo")
    kept = kept[: len(kept) - len(reply)]
    last = kept[-1]
    engine = engine_of(tracked.rule_system)
    if engine.side(last.side) not in sides:
        raise Refused(
            _("Only the %(side)s's player may undo the %(side)s's action.")
            % {"side": engine.label(engine.side(last.side))},
            "undo",
        )
    group = [row for row in kept if last.group is not None and row.group == last.group] or [last]
    for row in reversed(group + reply):  # a unit deployed at once is taken back at once, last model first
        tracked.seq += 1
        TrackedEntry.objects.create(
            battle=tracked, seq=tracked.seq, kind=EntryKind.UNDO, undoes=row.seq, side=row.side, by=user
        )
    tracked.save(update_fields=["seq"])
    return tracked


def _app_reply(kept: list[TrackedEntry]) -> list[TrackedEntry]:
    """The app's actions that end the log still standing: its reply to the human's last action, undone with it."""
    found = 0
    while found < len(kept) and kept[len(kept) - 1 - found].by_app:
        found += 1
    return kept[len(kept) - found :]


def campaign_result(tracked: TrackedBattle, state: BattleState) -> Result:
    """The campaign result of a finished siege: §17 from the engine, the winner by victory points, each side's
    losses the points of its models fallen, within the points it brought."""
    battle = tracked.campaign_battle
    achieved = achievements(state)
    points = {side: sum(scored(ENGINE_SIDE[side], achieved[ENGINE_SIDE[side]]).values()) for side in ENGINE_SIDE}
    winner = (
        Winner.DRAW
        if points["attacker"] == points["defender"]
        else Winner.ATTACKER
        if points["attacker"] > points["defender"]
        else Winner.DEFENDER
    )
    lost = {side: sum(m.profile.points for m in state.fallen if m.side is ENGINE_SIDE[side]) for side in ENGINE_SIDE}
    brought = {
        "attacker": battle.attacker_points if battle else lost["attacker"],
        "defender": battle.defender_points if battle else lost["defender"],
    }
    return Result(
        winner=winner,
        attacker_losses=min(lost["attacker"], brought["attacker"]),
        defender_losses=min(lost["defender"], brought["defender"]),
        notes=_("Played with the siege tracker: %(name)s.") % {"name": tracked.name},
        siege={side: achieved[ENGINE_SIDE[side]] for side in ENGINE_SIDE},
    )


@transaction.atomic
def send_result(*, battle_id: int, user: AbstractBaseUser) -> TrackedBattle:
    """Send a finished siege's result to its campaign battle: the organiser's counts at once, a player's once the
    other side confirms it (:func:`confirm_result`), through the campaign's own results service."""
    tracked = (
        TrackedBattle.objects.select_for_update(of=("self",))
        .select_related("campaign_battle__campaign")
        .get(pk=battle_id)
    )
    battle = tracked.campaign_battle
    if battle is None:
        raise Refused(_("A one-off game has no campaign to send its result to."), "campaign_battle")
    if tracked.app_side and not selectors.solo_results_count(battle.campaign):
        raise Refused(
            _("The organiser does not count the results of battles played against the app in this campaign."),
            "app_side",
        )
    state = selectors.current(tracked).state
    if tracked.rule_system == RuleSystem.FRERES:
        result = skirmish_campaign_result(tracked, state)
    elif not state.over:
        raise Refused(_("The siege is not over: its result is sent after the last turn."), "§16")
    else:
        result = campaign_result(tracked, state)
    membership = selectors.campaign_membership(tracked, user)
    if membership is None:
        raise Refused(_("Only the organiser and the battle's two players may enter its result."), "user")
    try:
        campaign_services.report_result(battle=battle, result=result, by=membership)
    except ValidationError as refused:
        raise Refused(" ".join(refused.messages), "result") from None
    tracked.result_sent = True
    tracked.save(update_fields=["result_sent"])
    return tracked


@transaction.atomic
def confirm_result(*, battle_id: int, user: AbstractBaseUser) -> TrackedBattle:
    """The other side, or the organiser, confirms the result sent: it now counts in the campaign."""
    tracked = TrackedBattle.objects.select_related("campaign_battle__campaign").get(pk=battle_id)
    battle = tracked.campaign_battle
    membership = selectors.campaign_membership(tracked, user)
    if battle is None or membership is None:
        raise Refused(_("Only the organiser and the battle's two players may enter its result."), "user")
    try:
        campaign_services.confirm_result(battle=battle, by=membership)
    except ValidationError as refused:
        raise Refused(" ".join(refused.messages), "result") from None
    return tracked


def _choice(
    data: Mapping[str, Any], fort: FortLayout, tokens: int, units: Mapping[Side, Sequence[UnitSpec]]
) -> SetupChoice:
    return SetupChoice(
        fort=fort,
        besieger_points=int(data["besieger_points"]),
        besieged_points=int(data["besieged_points"]),
        heroism_tokens=tokens,
        besieger_engine_points=int(data["besieger_engine_points"]),
        besieged_engine_points=int(data["besieged_engine_points"]),
        ladders=int(data["ladders"]),
        ladder_wall=str(data["ladder_wall"]),
        rams=int(data["rams"]),
        covered_rams=int(data["covered_rams"]),
        siege_towers=int(data["siege_towers"]),
        belfry=bool(data.get("belfry")),
        tower_wall=str(data.get("tower_wall") or ""),
        belfry_distance=int(data.get("belfry_distance") or SetupChoice.belfry_distance),
        table_dice=data["dice"] == DiceMode.PHYSICAL,
        besieger_units=tuple(units.get(Side.BESIEGER, ())),
        besieged_units=tuple(units.get(Side.BESIEGED, ())),
    )


def start_one_off(*, user: AbstractBaseUser, data: Mapping[str, Any]) -> TrackedBattle:
    """A one-off siege from the set-up page: ``user`` plays ``data["my_side"]``, the opponent (by login) the other,
    or ``user`` both on one device; heroism tokens from the open-field points (§15, R13)."""
    opponent: AbstractBaseUser = user
    login = str(data.get("opponent") or "").strip()
    if login:
        found = get_user_model().objects.filter(username=login).first()
        if found is None:
            raise Refused(_("No player logs in as %(login)s.") % {"login": login}, "opponent")
        opponent = found
    besieged_points = int(data["besieged_points"])
    open_field = data.get("open_field_points")
    tokens = heroism_tokens(int(open_field), besieged_points) if open_field else 0
    fort = selectors.fort_for(None, besieged_points)
    mine_besieger = data.get("my_side") == "besieger"
    app_side = str(data.get("app_side") or "")
    if app_side:  # against the app: the player plays the other side on this device
        if app_side == data.get("my_side"):
            raise Refused(_("The app plays the side you do not play."), "app_side")
        opponent = user
    return create_from_choice(
        choice=_choice(data, fort, tokens, {}),
        besieger=user if mine_besieger else opponent,
        besieged=opponent if mine_besieger else user,
        created_by=user,
        name=str(data.get("name") or ""),
        seed=data.get("seed"),
        app_side=app_side,
        app_strength=str(data.get("app_strength") or AppStrength.SIMPLE),
    )


def start_from_campaign(*, battle: CampaignBattle, user: AbstractBaseUser, data: Mapping[str, Any]) -> TrackedBattle:
    """A campaign siege tracked: its attacker besieges, its defender is besieged (§16); the points, heroism tokens
    and fort are the battle's, the forces its armies' rosters, each unit with the weapon the set-up page chose
    (:mod:`tracker.weapons`)."""
    if battle.kind != BattleKind.SIEGE:
        raise Refused(_("Only a siege battle can be tracked."), "§16")
    if battle.played:
        raise Refused(_("This battle already has its result."), "battle")
    fixed = {**data, "besieger_points": battle.attacker_points, "besieged_points": battle.defender_points}
    try:
        units = {
            Side.BESIEGER: armed_units(selectors.roster_units(battle, "attacker"), "attacker", data),
            Side.BESIEGED: armed_units(selectors.roster_units(battle, "defender"), "defender", data),
        }
    except UnknownWeapon as unknown:
        raise Refused(
            _("%(weapon)s is not a missile weapon of the table.") % {"weapon": str(unknown)[:40]}, "§5"
        ) from None
    fort = selectors.fort_for(battle, battle.defender_points)
    return create_from_choice(
        choice=_choice(fixed, fort, battle.heroism_tokens, units),
        besieger=battle.attacker.user,
        besieged=battle.defender.user,
        created_by=user,
        name=str(data.get("name") or "") or f"{battle.territory.name} — {battle.turn.number}",
        seed=data.get("seed"),
        campaign_battle=battle,
        app_side=str(data.get("app_side") or ""),
        app_strength=str(data.get("app_strength") or AppStrength.SIMPLE),
    )


CHANCES_GAMES = 3000
"""The most assaults "what are our chances from here?" plays. It stops as soon as the besieger's share of wins is
known to ±2 points (95 % interval), which takes at most about 2,400 games (at even odds), far fewer at long odds."""


def chances_from_here(*, battle_id: int, user: AbstractBaseUser, games: int = CHANCES_GAMES) -> SimulationRun:
    """A whole-assault simulation started from the battle as it stands, played on by the simulator's documented
    policies (:mod:`bots.siege.policies`); only the battle's players may ask. Returns the run, handed to the
    workers; nothing is saved when it is refused."""
    tracked = TrackedBattle.objects.get(pk=battle_id)
    _sides(tracked, user)
    if selectors.is_skirmish(tracked):
        raise Refused(_("The whole-assault simulation plays sieges, not skirmishes."), "rule_system")
    if tracked.result_sent:
        raise Refused(_("The result is sent to the campaign: the battle is over."), "§17")
    found = selectors.current(tracked)
    label = _("%(name)s, from action %(seq)s") % {"name": tracked.name, "seq": found.seq}
    try:
        return simulation_services.launch_run(
            owner=user, games=games, state=found.state, label=label, stop_half_width=STOP_HALF_WIDTH
        )
    except ValidationError as error:
        raise Refused(" ".join(error.messages), "games") from None


ADVICE_KEPT_S = 15 * 60
"""How long a player's « que ferait l'application ? » is kept, under the battle, the player and the log's place."""


def ask_advice(*, battle_id: int, user: AbstractBaseUser) -> None:
    """« Que ferait l'application ? »: the strong bot's ranking of the options of the player's side, now, asked of
    the simulation workers (:mod:`simulations.deliberation`); read with :func:`tracker.selectors.advice`. Only a
    siege's players may ask, while it is under way."""
    tracked = TrackedBattle.objects.filter(pk=battle_id).first()
    if tracked is None:
        raise Refused(_("No such siege among yours."), "battle_id")
    sides = _sides(tracked, user)
    if selectors.is_skirmish(tracked):
        raise Refused(_("The app's advice is given in sieges, not skirmishes."), "rule_system")
    now = selectors.current(tracked)
    if now.state.over or tracked.result_sent:
        raise Refused(_("The siege is over."), "§16")
    side = now.state.active if now.state.active in sides else min(sides)
    key = selectors.advice_key(tracked.pk, user, now.seq)
    if cache.get(key) is not None:
        return
    try:
        task_id = deliberation.ask(state=now.state, side=side, seed=tracked.seed + now.seq)
    except ValidationError as error:
        raise Refused(" ".join(error.messages), "advice") from None
    cache.set(key, task_id, ADVICE_KEPT_S)
