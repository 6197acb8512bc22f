"""The belfry of « Le Beffroi » (seed 001): the tower pushed hex by hex and climbed level by level
(:mod:`.belfry`), its drawbridge (:mod:`.drawbridge`), its cover and fire (:mod:`.belfry_cover`) and its
exact odds (:mod:`.belfry_odds`). Its menu is in :mod:`rules.siege.menus.belfry_menu`.

It is a chapter like the others: it climbs by the ladders' rules (§7.1) and the siege's chapters fight,
move and shoot on its levels, so it sits inside :mod:`rules.siege.chapters`, below the menus.
"""
