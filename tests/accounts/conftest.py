from tests.campaigns.conftest import campaign, club, organiser, outsider, player

__all__ = ["campaign", "club", "organiser", "outsider", "player"]
