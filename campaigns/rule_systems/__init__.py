"""Which rules a battle is played with on the table: the systems each kind of battle allows
(:mod:`.systems`), the organiser's choice (:mod:`.services`), its form and view."""
