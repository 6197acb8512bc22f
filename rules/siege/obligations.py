"""What the rules make a side settle before play goes on (*les obligations*): a push-back waiting for its ladder
(§7.1.5), the losers' reaction « immédiatement après le round de combat » (§3.3.2), a panic or break test
(§4.1, §3.3), a fire's roll (§9.2).

While an obligation is pending, :func:`rules.siege.legal.legal_actions` offers the options that settle it alone, and
:func:`rules.siege.game.apply` refuses any other action, ending the step or the turn first among them, naming the
obligation's clause. A game cannot stall on an obligation skipped for ever, and a menu never offers what is then
refused.

Each rule that makes an obligation adds a :data:`Rule` to :data:`RULES`: a function of the state giving the pending
obligations it knows of, each with the options that settle it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.siege.options import Option
from rules.siege.state import BattleState

__all__ = ["RULES", "Obligation", "Rule", "pending"]


@dataclass(frozen=True)
class Obligation:
    """Something the rules make a side settle now: its ``clause``, ``what`` must be settled (a code the pages put
    into words, with the place or thing it is about in ``where``), and the options that settle it (at least one)."""

    clause: str
    what: str
    where: str
    options: tuple[Option, ...]


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
