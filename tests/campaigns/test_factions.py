"""One list of factions: the players' choices, the roster import and the map's colours name the same sixteen armies."""

from campaigns.drawing import FACTION_COLOURS
from campaigns.models import faction_english_names
from campaigns.rosters import FACTIONS


def test_players_choose_among_the_factions_rosters_and_the_map_know() -> None:
    assert tuple(faction_english_names().values()) == FACTIONS
    assert set(FACTION_COLOURS) == set(FACTIONS)
