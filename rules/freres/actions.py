"""The actions of a skirmish as values, one frozen dataclass each, like a chess move (II §1–§10).

An action names what a player does and declares what the engine cannot see on the table (a distance, a terrain, an
angle); :func:`rules.freres.game.apply` plays it and rolls its dice. Each has a stable ``name`` and a versioned JSON
form::

    >>> Strike("a1", "b1", hard=2).to_json()
    {'format': 1, 'action': 'strike', 'model': 'a1', 'target': 'b1', 'hard': 2, 'from_behind': False, \
'at_mount': False, 'on_critical': 'zero', 'off_hand': False}
    >>> Action.from_json({"format": 1, "action": "roll_initiative"})
    RollInitiative()
    >>> Action.from_json({"format": 1, "action": "fly", "model": "a1"})
    Traceback (most recent call last):
    ...
    rules.action_form.ActionFormatError: unknown action 'fly'
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.freres.action_form import ACTIONS, FORMAT_VERSION, Action, ActionFormatError

__all__ = [
    "ACTIONS",
    "DEFENCES",
    "FORMAT_VERSION",
    "Action",
    "ActionFormatError",
    "Activate",
    "Cast",
    "ChangeMagazine",
    "Charge",
    "Climb",
    "Crawl",
    "Defend",
    "EndActivation",
    "FleeCombat",
    "Hide",
    "LeapMount",
    "LieDown",
    "Memorise",
    "Mount",
    "Move",
    "PickUp",
    "RaiseComrade",
    "Rally",
    "ReactionShot",
    "Recover",
    "RecoverMissile",
    "Reload",
    "RollInitiative",
    "Run",
    "Scrutinise",
    "Shoot",
    "StandUp",
    "StandardDistance",
    "StorePA",
    "Strike",
    "TakeCover",
    "TakeStandard",
    "Turn",
    "Unjam",
]

DEFENCES = ("defend", "dodge", "parry", "change_weapon", "defensive_shot", "kick")
"""How a model answers a close combat (§4.2, §5.2, §10.2.2): *se défendre* (0 PA) or a defensive action (AD)."""
TERRAINS = ("clear", "rough")
CRITICAL_CHOICES = ("zero", "table")
"""§4.1.3: on a natural 0 in close combat, a score of 0 or the critical failure table."""
HIDING_PLACES = ("none", "forest", "grove", "bush", "wall")
MANNERS = ("open", "hidden", "in_cover")
"""§3.4: a plain move, *avancer caché*, *avancer à couvert*."""


# ---- the turn (II §1, §2.6) ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollInitiative(Action):
    """Each player rolls a die and adds the PA of his model that has the most (§1.1)."""

    name = "roll_initiative"
    clause = "§1.1"


@dataclass(frozen=True)
class Activate(Action):
    """Activate ``model``: its coin comes off, it has its PA of the turn (§1, §1.2)."""

    name = "activate"
    clause = "§1.2"
    model: str


@dataclass(frozen=True)
class EndActivation(Action):
    """The active model stops acting; PA left are lost. Having spent none, it waits on *face* and may make one
    defensive action this turn (§1.2, §2.6.2)."""

    name = "end_activation"
    clause = "§1.2"


@dataclass(frozen=True)
class StorePA(Action):
    """The active model, short of PA for the first action it wants, keeps all of this turn's for a later turn
    (§2.6.3)."""

    name = "store_pa"
    clause = "§2.6.3"
    model: str


# ---- movement (II §3) --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn(Action):
    """Turn on the spot, by more than 90° when ``wide`` (§3.1 Tableau d'orientation)."""

    name = "turn"
    clause = "§3.1"
    model: str
    wide: bool = False


@dataclass(frozen=True)
class Move(Action):
    """Move straight ahead ``distance_cm`` (§3.3, §3.4), openly, hidden or in cover (``manner``), jumping
    ``jumps`` obstacles (+1 PA each), into contact with the enemy ``contact`` (0 PA), trampling the model on the
    ground ``trample`` (mounted, +1 PA, §10.2.2)."""

    name = "move"
    clause = "§3.4"
    choices = {"terrain": TERRAINS, "manner": MANNERS}
    model: str
    distance_cm: int
    terrain: str = "clear"
    manner: str = "open"
    jumps: int = 0
    contact: str | None = None
    trample: str | None = None


@dataclass(frozen=True)
class Run(Action):
    """Run or trot (2 PA, JA +2), or with ``sprint`` sprint or gallop (1 PA, JA), reading the fast-move table
    (§3.4); ``frenzied`` adds the once-a-turn frenzied run (+1 PA, JA -2) that goes past the turn's limit."""

    name = "run"
    clause = "§3.4"
    choices = {"terrain": TERRAINS}
    model: str
    distance_cm: int
    terrain: str = "clear"
    sprint: bool = False
    frenzied: bool = False
    contact: str | None = None


@dataclass(frozen=True)
class StandUp(Action):
    """Stand up from the ground, turning freely (§3.4, 4 PA)."""

    name = "stand_up"
    clause = "§3.4"
    model: str


@dataclass(frozen=True)
class LieDown(Action):
    name = "lie_down"
    clause = "§3.4"
    model: str


@dataclass(frozen=True)
class Crawl(Action):
    """A model on the ground crawls 2 cm whatever its maluses (§3.4)."""

    name = "crawl"
    clause = "§3.4"
    model: str


@dataclass(frozen=True)
class Hide(Action):
    """Hide (§3.4 Se cacher), in terrain that is not clear, more than 30 cm from the nearest enemy."""

    name = "hide"
    clause = "§3.4"
    choices = {"terrain": TERRAINS}
    model: str
    terrain: str = "rough"
    enemy_distance_cm: int = 31


@dataclass(frozen=True)
class TakeCover(Action):
    name = "take_cover"
    clause = "§3.4"
    model: str


@dataclass(frozen=True)
class Climb(Action):
    """Climb a scenery taller than the model (§3.4 Escalader, 6 PA): a JA."""

    name = "climb"
    clause = "§3.4"
    model: str


# ---- close combat (II §4) ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Strike(Action):
    """Strike an enemy in contact (§4.2 Frapper, 4 PA), ``hard`` more PA put into striking hard (+1 DegC for
    each 2), ``from_behind`` (only a third enemy in contact may), ``at_mount`` (the mount rather than its rider,
    §10.2.2); ``on_critical``: a natural 0 scores 0 or is read on the critical failure table (§4.1.3)."""

    name = "strike"
    clause = "§4.2"
    choices = {"on_critical": CRITICAL_CHOICES}
    model: str
    target: str
    hard: int = 0
    from_behind: bool = False
    at_mount: bool = False
    on_critical: str = "zero"
    off_hand: bool = False
    """§4.5, optional rule *ambidextre*: it strikes with the weapon of its less agile hand, -1 to its C."""


@dataclass(frozen=True)
class Charge(Action):
    """Move ``distance_cm`` into contact with ``target`` and strike it in one action (§4.2 Charger, 6 PA); a mounted
    model charging 20 cm or more in a straight line has Deg+2 (§10.2.2 Charge de monté)."""

    name = "charge"
    clause = "§4.2"
    choices = {"terrain": TERRAINS, "on_critical": CRITICAL_CHOICES}
    model: str
    target: str
    distance_cm: int
    terrain: str = "clear"
    hard: int = 0
    at_mount: bool = False
    on_critical: str = "zero"
    off_hand: bool = False
    """as :attr:`Strike.off_hand`."""


@dataclass(frozen=True)
class Defend(Action):
    """The model attacked answers (§4.1.1): ``defend`` (*se défendre*, 0 PA), or a defensive action costing all its
    PA of the turn: ``dodge``, ``parry``, ``change_weapon`` (§4.2), ``defensive_shot`` (§5.2), ``kick`` (§10.2.2)."""

    name = "defend"
    clause = "§4.1.1"
    choices = {"how": DEFENCES, "on_critical": CRITICAL_CHOICES}
    model: str
    how: str = "defend"
    on_critical: str = "zero"
    off_hand: bool = False
    """§4.5, optional rule *ambidextre*: it fights back with the weapon of its less agile hand, -1 to its C."""


@dataclass(frozen=True)
class FleeCombat(Action):
    """Flee a close combat (§8.2 Fuir le combat): 1 PA an enemy in contact, a free attack it may only parry, then
    every PA left spent moving away."""

    name = "flee_combat"
    clause = "§8.2"
    model: str


# ---- shooting (II §5) --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shoot(Action):
    """Shoot ``target`` at ``distance_cm`` (§5.2 Tirer, 4 PA), ``aim`` more PA spent aiming (+1 for each 2);
    ``in_front``: the target is straight ahead of the shooter's base (§5.1.1); ``cover``, ``masked`` (more than
    50 %), ``from_behind`` (the target's back: no shield, no cover), ``at_mount`` as in close combat."""

    name = "shoot"
    clause = "§5.2"
    model: str
    target: str
    distance_cm: int
    aim: int = 0
    in_front: bool = True
    cover: bool = False
    masked: bool = False
    from_behind: bool = False
    at_mount: bool = False
    off_hand: bool = False
    """§4.5, optional rule *ambidextre*: it shoots or throws with its less agile hand, -1 to its T."""


@dataclass(frozen=True)
class ReactionShot(Action):
    """A defensive action (§5.2 Tir de réaction): a model with a loaded missile weapon shoots, -2, at an enemy
    crossing its field of fire in the enemy's activation."""

    name = "reaction_shot"
    clause = "§5.2"
    model: str
    target: str
    distance_cm: int
    cover: bool = False
    masked: bool = False
    from_behind: bool = False


@dataclass(frozen=True)
class Reload(Action):
    """Reload (§5.2 Recharger arme, the weapon's cost); ``quick``: one PA less, a JA (Recharger rapidement)."""

    name = "reload"
    clause = "§5.2"
    model: str
    quick: bool = False


@dataclass(frozen=True)
class Unjam(Action):
    """Unjam the weapon or change its string (§5.2, 6 PA): a JA."""

    name = "unjam"
    clause = "§5.2"
    model: str


# ---- spells (II §6) ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cast(Action):
    """Cast the memorised spell at ``target`` (§6.2 Lancer sort, the spell's cost), ``concentrate`` more PA (+1 a
    2), ``search`` (+2 PA: even at a hidden model)."""

    name = "cast"
    clause = "§6.2"
    model: str
    target: str
    distance_cm: int
    concentrate: int = 0
    search: bool = False
    cover: bool = False
    masked: bool = False


@dataclass(frozen=True)
class Memorise(Action):
    """Memorise the spell again (§6.2, the spell's cost)."""

    name = "memorise"
    clause = "§6.2"
    model: str


# ---- morale (II §8) ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rally(Action):
    """A routed model activated must first try to rally (§8.2 Rallier, 3 PA): a JM."""

    name = "rally"
    clause = "§8.2"
    model: str


@dataclass(frozen=True)
class Recover(Action):
    """A stunned model tries to get up (§8.2 Se rétablir, 6 PA): a JDP."""

    name = "recover"
    clause = "§8.2"
    model: str


@dataclass(frozen=True)
class RaiseComrade(Action):
    """Help a comrade on the ground, not stunned, to its feet (§8.2 Relever un camarade, 4 PA)."""

    name = "raise_comrade"
    clause = "§8.2"
    model: str
    comrade: str


# ---- other actions (II §9, §10) ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scrutinise(Action):
    """Look for the hidden ``target`` (§9 Scruter, 1 PA): a d10 above 0 once the maluses are taken off."""

    name = "scrutinise"
    clause = "§9"
    choices = {"hiding_place": HIDING_PLACES}
    model: str
    target: str
    distance_cm: int
    hiding_place: str = "none"
    night: bool = False


@dataclass(frozen=True)
class PickUp(Action):
    """Pick up the weapon it dropped (§9 Dégainer, ranger, ramasser ou poser un objet, 1 PA)."""

    name = "pick_up"
    clause = "§9"
    model: str


@dataclass(frozen=True)
class Mount(Action):
    """Get on or off its mount (§10.2.2 Démonter/monter, 4 PA), out of contact with the enemy."""

    name = "mount"
    clause = "§10.2.2"
    model: str


# ---- the table of other actions (II §9) --------------------------------------------------------------------------


@dataclass(frozen=True)
class Behead(Action):
    """Cut off the head of ``corpse`` (§9 Couper une tête, 6 PA): « Décapite un mort (et seulement les morts) »."""

    name = "behead"
    clause = "§9"
    model: str
    corpse: str


@dataclass(frozen=True)
class Open(Action):
    """Open what it stands in contact with, a door, a chest, a shutter (§9 Ouvrir, 2 PA)."""

    name = "open"
    clause = "§9"
    model: str


@dataclass(frozen=True)
class OpenConan(Action):
    """Open it « à la Conan » (§9, 4 PA), with a close-combat weapon in hand: a JA; failed, start again; a critical
    failure breaks the weapon."""

    name = "open_conan"
    clause = "§9"
    model: str


@dataclass(frozen=True)
class Carry(Action):
    """Put ``friend``, out of the fight, on its shoulder (§9 Porter un ami hors de combat, 4 PA), nothing in hand;
    it is then « automatiquement surchargée »."""

    name = "carry"
    clause = "§9"
    model: str
    friend: str


@dataclass(frozen=True)
class SetDown(Action):
    """Set down the friend it carries (§9 Déposer un ami hors de combat, 4 PA)."""

    name = "set_down"
    clause = "§9"
    model: str


@dataclass(frozen=True)
class Draw(Action):
    """Draw its weapon and take up its shield again (§9 Dégainer, 1 PA per object)."""

    name = "draw"
    clause = "§9"
    model: str


@dataclass(frozen=True)
class Sheathe(Action):
    """Put away its weapon and its shield, leaving its hands free (§9 Ranger, 1 PA per object)."""

    name = "sheathe"
    clause = "§9"
    model: str


__all__ += ["Behead", "Carry", "Draw", "Open", "OpenConan", "SetDown", "Sheathe"]


# ---- the standard, the missiles, the mount (II §8.1, §5.2, §10.2.2) ---------------------------------------------


@dataclass(frozen=True)
class StandardDistance(Action):
    """Declare how far ``comrade`` stands from its band's standard (§8.1 « un étendard ami est dans les 30 cm »), a
    fact of the table (0 PA): the active model of itself, or its standard bearer of any friend."""

    name = "standard_distance"
    clause = "§8.1"
    model: str
    comrade: str
    distance_cm: int


@dataclass(frozen=True)
class ChangeMagazine(Action):
    """Change the magazine or the cylinder of its missile weapon (§5.2 Changer de chargeur, 4 PA)."""

    name = "change_magazine"
    clause = "§5.2"
    model: str


@dataclass(frozen=True)
class RecoverMissile(Action):
    """Recover one of its thrown missiles, a dagger or a javelin lying on the field (§5.2 Récupérer trait planté,
    4 PA): a JA; failed, the missile is useless."""

    name = "recover_missile"
    clause = "§5.2"
    model: str


@dataclass(frozen=True)
class LeapMount(Action):
    """Leap on or off its mount (§10.2.2 Sauter sur ou de sa monture, 3 PA), in contact with the enemy or not: a JA;
    failed, it falls off the other side; a critical failure stuns it as well."""

    name = "leap_mount"
    clause = "§10.2.2"
    model: str


@dataclass(frozen=True)
class TakeStandard(Action):
    """Pick up the standard its fallen ``bearer`` carried, lying where the bearer fell (§9 Dégainer, ranger,
    ramasser ou poser un objet, 1 PA): it carries it from then on (§8.1)."""

    name = "take_standard"
    clause = "§9"
    model: str
    bearer: str
