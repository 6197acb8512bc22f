"""The bots that play a battle on their own, one package a rule system: the simulations play whole assaults
with them (:mod:`simulations`) and the tracker's solo games answer the player with them (:mod:`tracker`).

Pure Python, as :mod:`rules` is: a bot plays only the actions the engine's menus offer, through the
engine's one way in, and imports neither Django nor the apps.
"""
