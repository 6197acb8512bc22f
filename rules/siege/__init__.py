"""The siege supplement (*Règles de Siège*, seed 000), chapter by chapter.

The fort is a graph of sections; a battle is a value that actions turn into a new value,
with the events that happened and the dice that were rolled.

The way in is :mod:`rules.siege.game`: an action (:mod:`rules.siege.actions`) is played with
``apply``, refused with ``problems``, offered by ``legal_actions`` (the menu's rows by ``menu_options``); a
battle is its log (:mod:`rules.siege.battle`). The chapters' modules are the rules behind ``apply``.
"""
