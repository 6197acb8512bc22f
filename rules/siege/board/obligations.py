"""What the rules make a side settle before play goes on (*les obligations*): a push-back waiting for its ladder
(§7.1.5), the losers' reaction « immédiatement après le round de combat » (§3.3.2), a panic or break test
(§4.1, §3.3), a fire's roll (§9.2).

An obligation is settled either at once or before the step ends. While one of the first kind is pending (the losers'
reaction, R34), :func:`rules.siege.menus.legal.menu_options` offers the options that settle it alone and
:func:`rules.siege.game.apply` refuses any other action. While one of the second kind is pending (the push-back, R33),
the menu does not offer to end the step or the turn, and ``apply`` refuses to; everything else goes on. Either way
the refusal names the obligation's clause: a game cannot stall on an obligation skipped for ever, and a menu never
offers what is then refused.

Each rule that makes an obligation adds a :data:`Rule` to :data:`RULES`: a function of the state giving the pending
obligations it knows of, each with the options that settle it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.siege.board.options import Option
from rules.siege.board.state import BattleState

__all__ = ["RULES", "Obligation", "Rule", "at_once", "pending"]


@dataclass(frozen=True)
class Obligation:
    """Something the rules make a side settle: its ``clause``, ``what`` must be settled (a code the pages put into
    words, with the place or thing it is about in ``where``), the options that settle it (at least one), and whether
    it is settled ``at_once`` (alone, before anything else) or only before the step ends."""

    clause: str
    what: str
    where: str
    options: tuple[Option, ...]
    at_once: bool = True


Rule = Callable[[BattleState], list[Obligation]]

RULES: list[Rule] = []
"""The rules that make obligations, in the order they are settled."""


def pending(state: BattleState) -> list[Obligation]:
    """The obligations pending in ``state``, first to settle first (kept in the state's memo)."""
    memo = state.memo
    found: list[Obligation] | None = memo.get(pending)
    if found is None:
        found = memo[pending] = [] if state.over else [o for rule in RULES for o in rule(state)]
    return found


def at_once(state: BattleState) -> list[Obligation]:
    """The pending obligations settled alone, before anything else (:attr:`Obligation.at_once`)."""
    return [o for o in pending(state) if o.at_once]
