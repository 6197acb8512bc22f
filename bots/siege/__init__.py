"""The siege's bots: simple policies that play both sides of a whole assault (:mod:`bots.siege.policies`),
each side's plan as a value (:mod:`bots.siege.assault_plans`), the whole-assault simulator
(:mod:`bots.siege.assault`), the stronger bot that looks ahead (:mod:`bots.siege.strong`) and the solo
game's opponent (:mod:`bots.siege.solo`).
"""
