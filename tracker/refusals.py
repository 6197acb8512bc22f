"""Why the tracker refuses a write: the rule or the parameter, and a message; nothing was written."""

from __future__ import annotations


class Refused(Exception):
    """An action, an undo or a set-up the rules or the battle's players refuse; nothing was written."""

    def __init__(self, message: str, clause: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}" if self.clause else self.message


class Conflict(Refused):
    """The page acted on a state the battle has moved past: another page acted first."""
