"""The turn's own actions: the initiative, activating a model, ending its activation and storing its PA
(II §1, §2.6)."""

from __future__ import annotations

from dataclasses import replace

from rules.contract import IllegalAction
from rules.dice import reason
from rules.freres import actions as a
from rules.freres import morale
from rules.freres.play import Handler, Play, end_activation, fixed
from rules.freres.state import Coin, Phase, Posture, Side


def _initiative(play: Play, action: a.RollInitiative) -> None:
    # §1.1: d10 + the PA of the side's model that has the most; a model on the ground or out does not count.
    best = {
        side: max((m.pa for m in play.state.in_play(side) if m.posture is Posture.STANDING), default=0) for side in Side
    }
    while True:
        scores = {side: play.d10(reason("initiative_roll", "§1.1", band=side.value)) + best[side] for side in Side}
        if scores[Side.A] != scores[Side.B]:
            winner = max(Side, key=scores.__getitem__)
        elif best[Side.A] != best[Side.B]:
            winner = min(Side, key=best.__getitem__)  # §1.1: a tie goes to the side whose best model has fewer PA
        else:
            play.event("initiative_tie", "§1.1", {"score": scores[Side.A]})
            continue
        break
    play.state = replace(play.state, phase=Phase.ACTIVATION, initiative=winner, to_play=winner)
    play.event("initiative", "§1.1", {"band": winner.value, "a_score": scores[Side.A], "b_score": scores[Side.B]})


def _activate(play: Play, action: a.Activate) -> None:
    state = play.state
    model = play.model(action.model)
    if state.active is not None:
        raise IllegalAction("activation_open", "§1.2", model=state.active)
    if model.side is not state.to_play:
        raise IllegalAction("not_band_turn", "§1.1", band=state.to_play.value, other_band=model.side.value)
    if model.coin is not Coin.TAILS:
        raise IllegalAction("activated_already", "§1.1", model=model.id)
    hoarding = model.stored_pa > 0
    play.state = replace(
        state, active=model.id, pa_left=model.pa + model.stored_pa, spent=0, hoarding=hoarding, restrained=False
    )
    if model.no_advance:  # §8.1 Ebranlée: "à sa prochaine activation"
        play.state = replace(play.state, restrained=True)
    play.put(model, coin=Coin.TAKEN, stored_pa=0, no_advance=False)
    play.event("activate", "§1.2", {"model": model.id, "pa": play.state.pa_left}, model.id)


def _end(play: Play, action: a.EndActivation) -> None:
    if play.state.active is None:
        raise IllegalAction("no_activation", "§1.2")
    model = play.model(play.state.active)
    if model.routed and play.state.pa_left >= fixed(morale.COSTS, "rally"):
        raise IllegalAction("routed_rallies_first", "§8.2", model=model.id)
    end_activation(play)


def _store(play: Play, action: a.StorePA) -> None:
    model = play.active_model(action)
    if play.state.spent:
        raise IllegalAction("store_first_only", "§2.6.3")
    play.put(model, stored_pa=play.state.pa_left)
    play.state = replace(play.state, stored=True)
    play.event("store_pa", "§2.6.3", {"model": model.id, "pa": play.state.pa_left}, model.id)
    end_activation(play)


HANDLERS: dict[type[a.Action], Handler] = {
    a.RollInitiative: _initiative,
    a.Activate: _activate,
    a.EndActivation: _end,
    a.StorePA: _store,
}
