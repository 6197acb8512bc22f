"""The tracker's words, in the reader's language: the two sides here, the words of each rule system's board in
:mod:`tracker.labels.siege` and :mod:`tracker.labels.freres` (the presenters compute what a page shows; these name
it)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy

from rules.freres.state import Side as Band
from rules.siege.board.state import Side

SIDE_LABELS: Mapping[Side, object] = {Side.BESIEGER: gettext_lazy("besieger"), Side.BESIEGED: gettext_lazy("besieged")}
BAND_LABELS: Mapping[Band, object] = {Band.A: gettext_lazy("band A"), Band.B: gettext_lazy("band B")}
