"""The Confrontation house rules (seed 004, *Les Règles Additionnelles pour Confrontation*), a d6 rule system.

Split by the document's own chapters: :mod:`~rules.confrontation.checks` (the d6 test every rule rolls),
:mod:`~rules.confrontation.melee` (*Le corps à corps*), :mod:`~rules.confrontation.shooting` (*Le tir*),
:mod:`~rules.confrontation.flight` (*La fuite*), :mod:`~rules.confrontation.miscellany` (*Divers*, the movement table
and *Modifications spécifiques*), :mod:`~rules.confrontation.wounds` (*Tableau des blessures*) and
:mod:`~rules.confrontation.odds` (the exact odds re-exported by :mod:`rules.odds`). Over them,
:mod:`~rules.confrontation.system` rolls what is asked (:mod:`~rules.confrontation.situations`) as a
:class:`rules.contract.Roller`, and keeps a battle's rolls as a log.

The document adds to the Confrontation rulebook, which the project does not have: every value it would give (a
profile's characteristics, a movement, a weapon's range, how the wound dice are read) is an argument.
"""
