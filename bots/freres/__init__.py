"""Frères d'Armes' bot: the opponent the tracker's solo skirmish plays against (:mod:`bots.freres.solo`),
choosing among the actions the engine accepts now.
"""
