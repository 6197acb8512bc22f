"""What may be played now (*les actions possibles*): the menus a page builds its buttons from
(:func:`rules.siege.menus.legal.legal_actions`), one module a step of the turn, the belfry's entries, and
from a choice on a menu to the action it plays (:mod:`.choices`). The menus read the chapters and the
state; no chapter imports a menu.
"""
