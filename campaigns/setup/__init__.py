"""The set-up flow of a campaign: club, campaign, players, map, forts and armies, each step's form, view and writes."""
