"""The siege supplement (*Règles de Siège*, seed 000), chapter by chapter.

The fort is a graph of sections; a battle is a value that actions turn into a new value,
with the events that happened and the dice that were rolled.
"""
