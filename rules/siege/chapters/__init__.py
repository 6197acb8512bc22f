"""The rules of the siege supplement (*Règles de Siège*, seed 000), one module for each chapter's subject,
its docstring citing the chapter: movement (§2), close combat (§3), morale (§3.3–§4), psychology (§4),
shooting (§5), gates (§6), ladders, rams and siege towers (§7), defences (§8), fire (§9), mining (§10),
sorties (§11), giants (§12), magic (§13), costs (§14), heroism (§15), deployment and game length (§16),
victory (§17). The belfry of seed 001 is a package of its own here (:mod:`.belfry`).

A chapter imports the fort and state (:mod:`rules.siege.board`) and other chapters, never a menu.
"""
