"""Why the tracker refuses a write: a message and the rule or the parameter refused; nothing was written."""

from __future__ import annotations

import re

_PARAMETER = re.compile(r"[a-z][a-z0-9_]*")


class Refused(Exception):
    """An action, an undo or a set-up the rules or the battle's players refuse; nothing was written.

    Its arguments come in the engine's order (:class:`rules.contract.IllegalAction`): what is refused, then the
    ``clause``, never empty: the rule that forbids it (``"§16"``, ``"R16"``, ``"003 II §2"``) or, when no rule
    does, the parameter refused as the service names it (``"dice"``, ``"undo"``, ``"opponent"``)."""

    def __init__(self, message: str, clause: str, /) -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause

    @property
    def cites_a_rule(self) -> bool:
        """Whether :attr:`clause` is a rule, worth showing a reader, rather than a parameter's name."""
        return bool(self.clause) and _PARAMETER.fullmatch(self.clause) is None

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}" if self.cites_a_rule else self.message


class Conflict(Refused):
    """The page acted on a state the battle has moved past: another page acted first."""
