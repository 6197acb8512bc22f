"""A Frères d'Armes skirmish battle's bands (003 II §2): the band as typed, a model a line
(:mod:`.lines`), its model, form, reads, writes, page and view."""
