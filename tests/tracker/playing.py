"""Steps the tracker's tests play through the services, as each phone would."""

from __future__ import annotations

from django.contrib.auth.models import User

from rules.siege.actions import EndPhase
from tracker import services
from tracker.models import TrackedBattle


def end_setup(tracked: TrackedBattle, besieged: User, besieger: User) -> TrackedBattle:
    """§16: each side ends its own part of the set-up on its phone, as it stands: the besieged's walls, the
    besieger's field, the besieged's courtyards; three entries in the log."""
    for user in (besieged, besieger, besieged):
        tracked = services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=EndPhase())
    return tracked
