"""The fort and the battle state (*Règles de Siège*, seed 000, §1): the fort's anatomy, the models' profiles
and places, the engines and works a battle holds, the state and its log, and the checks every action makes
before it plays (the quotas of §1.7, R15). It imports no chapter: every chapter reads and writes it.

The menus' building blocks that the chapters offer too sit here: an entry of the menu (:mod:`.options`),
what a side must settle before play goes on (:mod:`.obligations`), and the state as the menus read it
(:mod:`.menu_view`).
"""
