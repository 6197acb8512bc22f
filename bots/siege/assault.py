"""The whole-assault simulator (*simulateur d'assaut*): the battle each side's plan (:mod:`bots.siege.assault_plans`,
named here too) sets up, and
:func:`simulate`, which plays the assault ``n`` times with the policies of :mod:`bots.siege.policies` and sums up
who wins, the victory points (§17), the turn a gate falls (main gate or postern), the turn of the first breach and
who holds each section at the end (R11).

Game ``i`` of a run seeded ``seed`` rolls dice seeded from ``(seed, i)`` alone, so a run reproduces exactly and a run
split into chunks sums to the same summary::

    >>> assault = demo_assault()
    >>> whole = simulate(assault, 4, seed=11)
    >>> halves = simulate(assault, 2, seed=11).merge(simulate(assault, 2, seed=11, first=2))
    >>> whole == halves, whole.games
    (True, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bots.siege.assault_plans import (
    ASSAULT_FORMAT,
    Assault,
    BesiegedPlan,
    BesiegerPlan,
    Garrison,
    PlanError,
)
from bots.siege.policies import Game, Orders, orders_for, play_out, play_setup
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Ladder, Liquid, Ram, SiegeTower
from rules.siege.board.fort import FortLayout, standard_fort
from rules.siege.board.profiles import Profile
from rules.siege.board.state import BattleState, IllegalAction, Model, Phase, Place, Side, quota
from rules.siege.chapters.rams import MAX_CARRIERS, MIN_CARRIERS
from rules.siege.chapters.victory import section_holders, victory_points
from rules.siege.example import BIG_UN, BOSS, CATAPULT_CREW, CROSSBOWMAN, HALBERDIER, ORC
from rules.validation import check_range

__all__ = [
    "ASSAULT_FORMAT",
    "NEVER",
    "Assault",
    "BesiegedPlan",
    "BesiegerPlan",
    "Garrison",
    "PlanError",
    "Result",
    "Summary",
    "assault_setup",
    "demo_assault",
    "game_seed",
    "play_game",
    "set_up_once",
    "simulate",
]

_SEED_STEP = 1_000_000_007
LADDER_CLIMBERS = 4
LADDER_FOOT = 6
"""Each ladder comes with four orcs on it and six at its foot, as in the example battle."""
SAPPERS = 6
TROOPS = {"halberdier": HALBERDIER, "crossbowman": CROSSBOWMAN}
"""The garrison's troop types, by the name a plan gives them."""


# ---- from the plans to the battle ---------------------------------------------------------------------------------


def _squad(side: Side, profile: Profile, place: str, count: int, prefix: str, unit: str) -> list[Model]:
    return [Model(f"{prefix}{n}", side, profile, Place.parse(place), unit) for n in range(1, count + 1)]


def _check_sections(fort: FortLayout, plan: Assault) -> None:
    ramparts = {s.id for s in fort.sections if s.is_rampart}
    known = {s.id for s in fort.sections}
    gates = {g.id for s in fort.sections for g in fort.gates_of(s.id)}

    def rampart(section: str, what: str, clause: str) -> None:
        if section not in ramparts:
            raise PlanError(
                f"{what}: {section!r} is not a rampart section of the fort ({', '.join(sorted(ramparts))}; {clause})"
            )

    for section in plan.besieger.ladders:
        rampart(section, "ladders", "§7.1")
    if plan.besieger.tower is not None:
        rampart(plan.besieger.tower, "tower", "§7.3")
    if plan.besieger.mine is not None:
        rampart(plan.besieger.mine, "mine", "§10.3.1")
    if plan.besieger.ram_gate is not None and plan.besieger.ram_gate not in gates:
        raise PlanError(
            f"ram_gate: {plan.besieger.ram_gate!r} is not a gate of the fort ({', '.join(sorted(gates))}; §7.2)"
        )
    if not MIN_CARRIERS <= plan.besieger.ram_crew <= MAX_CARRIERS:
        raise PlanError(
            f"ram_crew: a ram is carried by {MIN_CARRIERS} to {MAX_CARRIERS} models, "
            f"not {plan.besieger.ram_crew} (§7.2.1)"
        )
    for target in plan.besieger.machines:
        if target.startswith("gate:"):
            if target[5:] not in gates:
                raise PlanError(f"machines: {target!r} is not a gate of the fort (§5.6)")
        else:
            rampart(target, "machines", "§5.7")
    for what, rows in (
        ("stones", plan.besieged.stones),
        ("rocks", plan.besieged.rocks),
        ("braziers", plan.besieged.braziers),
    ):
        for section, _ in rows:
            rampart(section, what, "§8")
    counts: Counter[str] = Counter()
    for row in plan.besieged.garrison:
        if row.section not in known:
            raise PlanError(f"garrison: {row.section!r} is not a section of the fort (§1)")
        if row.troop not in TROOPS:
            raise PlanError(f"garrison: {row.troop!r} is not a troop; one of {', '.join(TROOPS)}")
        counts[row.section] += row.count
    for section, count in counts.items():
        most = quota(fort.section(section).kind)
        if count > most:
            raise PlanError(f"garrison: {section} holds at most {most} besieged models, not {count} (§1.7)")
    if not plan.besieged.garrison or not sum(counts.values()):
        raise PlanError("garrison: the fort needs at least one defender (§16)")


def assault_setup(plan: Assault) -> Setup:
    """The battle the two plans set up, deployed as in the example battle: each ladder raised against its section
    with four orcs on it and six at its foot, the ram's crew at the foot of its gate, nine big 'uns and their boss
    in the siege tower against its section, a catapult on the field per target, six sappers at the foot of the
    undermined section, the garrison on its sections. Each side buys its engines from its engine points (§14);
    a plan the rules refuse raises :class:`PlanError`.
    """
    try:
        fort = standard_fort(plan.fort_points)
    except ValueError as bad:
        raise PlanError(f"fort_points: {bad}") from None
    _check_sections(fort, plan)
    besieger = plan.besieger
    models: list[Model] = []
    for n, row in enumerate(plan.besieged.garrison, 1):
        models += _squad(Side.BESIEGED, TROOPS[row.troop], row.section, row.count, f"d{n}.", f"{row.troop} {n}")
    ladders = []
    for n, section in enumerate(besieger.ladders, 1):
        ladders.append(Ladder(f"L{n}", section))
        models += _squad(Side.BESIEGER, ORC, f"ladder:L{n}", LADDER_CLIMBERS, f"l{n}.", f"Boyz {n}")
        models += _squad(Side.BESIEGER, ORC, f"foot:{section}", LADDER_FOOT, f"f{n}.", f"Boyz {n}")
    rams: tuple[Ram, ...] = ()
    if besieger.ram_gate is not None:
        wall = next(s.id for s in fort.sections if any(g.id == besieger.ram_gate for g in fort.gates_of(s.id)))
        rams = (Ram("R1", covered=besieger.covered_ram),)
        models += _squad(Side.BESIEGER, ORC, f"foot:{wall}", besieger.ram_crew, "ram", "Ram crew")
    towers: tuple[SiegeTower, ...] = ()
    if besieger.tower is not None:
        towers = (SiegeTower("ST1", besieger.tower),)
        models += _squad(Side.BESIEGER, BIG_UN, "siege_tower:ST1", 9, "u", "Big 'uns")
        models += _squad(Side.BESIEGER, BOSS, "siege_tower:ST1", 1, "boss", "Boss")
    for n, _ in enumerate(besieger.machines, 1):
        models += _squad(Side.BESIEGER, CATAPULT_CREW, "field:outside", 1, f"m{n}.", f"Catapult {n}")
    if besieger.mine is not None:
        models += _squad(Side.BESIEGER, ORC, f"foot:{besieger.mine}", SAPPERS, "sap", "Sappers")
    if not any(m.side is Side.BESIEGER for m in models):
        raise PlanError("besieger: the plan brings no engine and no troops to the walls (§7)")
    army = {side: sum(m.profile.points for m in models if m.side is side) for side in Side}
    setup = Setup(
        fort,
        tuple(models),
        ladders=tuple(ladders),
        siege_towers=towers,
        rams=rams,
        budgets=(
            (Side.BESIEGER, besieger.engine_points, max(army[Side.BESIEGER], plan.fort_points)),
            (Side.BESIEGED, plan.besieged.engine_points, plan.fort_points),
        ),
        purchases=tuple((Side.BESIEGER, item) for item in besieger.engines())
        + tuple((Side.BESIEGED, item) for item in plan.besieged.engines()),
    )
    try:
        start(setup)
    except IllegalAction as refused:
        # the refusal stays the cause, for a page to word it
        raise PlanError(f"engine_points: {refused}") from refused
    return setup


def demo_assault() -> Assault:
    """The example battle's assault as plans: two ladders on W3, a covered ram at the main gate, the siege tower
    against W2, a catapult battering T3, a mine under W4; the besieged holding W3 and W2, a reserve in C2, a
    brazier of oil and two stones on W3.
    """
    return Assault(
        BesiegerPlan(
            ladders=("W3", "W3"),
            ram_gate="G1",
            covered_ram=True,
            tower="W2",
            machines=("T3",),
            mine="W4",
            engine_points=150,
        ),
        BesiegedPlan(
            garrison=(
                Garrison("W3", "halberdier", 8),
                Garrison("W3", "crossbowman", 3),
                Garrison("W2", "halberdier", 6),
                Garrison("C2", "halberdier", 10),
            ),
            stones=(("W3", 2),),
            braziers=(("W3", Liquid.OIL),),
        ),
    )


# ---- playing and summing up ---------------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: the same whatever chunk plays it."""
    return (seed * _SEED_STEP + index) % 2**63


@dataclass(frozen=True)
class Result:
    """How one game ended."""

    winner: Side | None
    vp: tuple[int, int]
    """(besieger, besieged) victory points (§17)."""
    gate_fell: int | None
    first_breach: int | None
    control: tuple[tuple[str, Side | None], ...]


def play_game(state: BattleState, orders: Orders, seed: int, *, set_up: Game | None = None) -> Game:
    """One game from ``state`` to the end of the siege, its dice seeded ``seed``; from ``set_up`` on, when given
    (:func:`set_up_once`)."""
    if set_up is None:
        return play_out(Game(state, seed, orders))
    return play_out(Game(set_up.state, seed, orders, played=set_up.played, refused=set_up.refused))


def set_up_once(state: BattleState, orders: Orders) -> Game | None:
    """The set-up as the policies play it (§16), played once for all the games of a run: none of its actions rolls
    a die, so every game's seed leaves it in the same state, and the games go on from there. None when ``state``
    is past its set-up, or when a set-up did roll (each game then plays its own)."""
    if state.phase is not Phase.SETUP or state.over:
        return None
    game = Game(state, 0, orders, record=True)
    play_setup(game)
    return None if any(entry.rolls for entry in game.entries) else game


def _result(game: Game) -> Result:
    state = game.state
    holders = section_holders(state)
    points = victory_points(state, holders=holders)
    vp = (points.total(Side.BESIEGER), points.total(Side.BESIEGED))
    winner = Side.BESIEGER if vp[0] > vp[1] else Side.BESIEGED if vp[1] > vp[0] else None
    return Result(winner, vp, game.gate_fell, game.first_breach, tuple(holders.items()))


NEVER = "never"
"""The key of the games in which the gate never fell, or no breach was made."""


@dataclass(frozen=True)
class Summary:
    """The counts of a run (or of a chunk of it); counts add up, so chunks merge into the run's summary exactly.

    ``wins`` by ``"besieger"``, ``"besieged"`` and ``"draw"``; ``vp`` by side, each a count by victory points;
    ``gate_fell`` and ``first_breach`` count by game turn (``"never"``: not in that game); ``control`` counts by
    section who held it at the end (``"besieger"``, ``"besieged"``, ``"nobody"``, R11).
    """

    games: int = 0
    wins: Mapping[str, int] = field(default_factory=dict)
    vp: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    gate_fell: Mapping[str, int] = field(default_factory=dict)
    first_breach: Mapping[str, int] = field(default_factory=dict)
    control: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, results: list[Result]) -> Summary:
        wins: Counter[str] = Counter()
        vp: dict[str, Counter[int]] = {s.value: Counter() for s in Side}
        gate: Counter[str] = Counter()
        breach: Counter[str] = Counter()
        control: dict[str, Counter[str]] = {}
        for r in results:
            wins["draw" if r.winner is None else r.winner.value] += 1
            vp[Side.BESIEGER.value][r.vp[0]] += 1
            vp[Side.BESIEGED.value][r.vp[1]] += 1
            gate[NEVER if r.gate_fell is None else str(r.gate_fell)] += 1
            breach[NEVER if r.first_breach is None else str(r.first_breach)] += 1
            for section, holder in r.control:
                control.setdefault(section, Counter())["nobody" if holder is None else holder.value] += 1
        return cls(
            len(results),
            _sorted(wins),
            {k: _sorted(v) for k, v in vp.items()},
            _sorted(gate),
            _sorted(breach),
            {k: _sorted(v) for k, v in control.items()},
        )

    def merge(self, other: Summary) -> Summary:
        def add(one: Mapping[Any, int], two: Mapping[Any, int]) -> dict[Any, int]:
            return _sorted(Counter(one) + Counter(two))

        def add_nested(one: Mapping[str, Mapping[Any, int]], two: Mapping[str, Mapping[Any, int]]) -> dict[str, Any]:
            return {k: add(one.get(k, {}), two.get(k, {})) for k in sorted({*one, *two}, key=_order)}

        return Summary(
            self.games + other.games,
            add(self.wins, other.wins),
            add_nested(self.vp, other.vp),
            add(self.gate_fell, other.gate_fell),
            add(self.first_breach, other.first_breach),
            add_nested(self.control, other.control),
        )

    def probability(self, outcome: str) -> float:
        """The share of games ``outcome`` (``"besieger"``, ``"besieged"``, ``"draw"``) won."""
        return self.wins.get(outcome, 0) / self.games if self.games else 0.0

    def fallen_by(self, counts: Mapping[str, int], turn: int) -> int:
        """How many games reached the event (gate, breach) by the end of game turn ``turn``."""
        return sum(n for k, n in counts.items() if k != NEVER and int(k) <= turn)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "vp": {side: {str(k): n for k, n in v.items()} for side, v in self.vp.items()},
            "gate_fell": dict(self.gate_fell),
            "first_breach": dict(self.first_breach),
            "control": {k: dict(v) for k, v in self.control.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        return cls(
            int(data["games"]),
            {str(k): int(n) for k, n in data["wins"].items()},
            {side: _sorted({int(k): int(n) for k, n in v.items()}) for side, v in data["vp"].items()},
            {str(k): int(n) for k, n in data["gate_fell"].items()},
            {str(k): int(n) for k, n in data["first_breach"].items()},
            {k: {str(h): int(n) for h, n in v.items()} for k, v in data["control"].items()},
        )


def _order(key: Any) -> tuple[int, Any]:
    if isinstance(key, int):
        return (0, key)
    if isinstance(key, str) and key.isdigit():
        return (0, int(key))
    return (1, str(key))


def _sorted(counts: Mapping[Any, int]) -> dict[Any, int]:
    return {k: counts[k] for k in sorted(counts, key=_order) if counts[k]}


def simulate(
    start_from: Assault | BattleState,
    n: int,
    seed: int,
    *,
    first: int = 0,
    orders: Orders | None = None,
    set_up: Game | None = None,
) -> Summary:
    """Play games ``first`` to ``first + n - 1`` of the run seeded ``seed`` from both plans (``Assault``) or from a
    battle under way (``BattleState``, at any step of any turn), and sum them up. ``orders`` overrides what the
    policies read from the plans, or what they infer from a state (:func:`bots.siege.policies.orders_for`).
    ``set_up``: :func:`set_up_once` of that state and orders, for a caller that plays a run's games in several
    calls and plays the set-up once for all of them.
    """
    check_range("n", n, 0)
    check_range("first", first, 0)
    if isinstance(start_from, Assault):
        state = start(assault_setup(start_from))
        orders = orders or start_from.orders()
    else:
        state = start_from
        orders = orders or orders_for(state)
    if set_up is None and n > 1:
        set_up = set_up_once(state, orders)
    return Summary.of(
        [_result(play_game(state, orders, game_seed(seed, i), set_up=set_up)) for i in range(first, first + n)]
    )
