"""Frères d'Armes v1.5 (seed 003), a d10 skirmish rule system of about ten models a side.

Split by the document's own chapters: :mod:`~rules.freres.checks` (the d10 and the tests, chapter II §2),
:mod:`~rules.freres.movement` (§3), :mod:`~rules.freres.melee` (§4), :mod:`~rules.freres.shooting` (§5),
:mod:`~rules.freres.spells` (§6), :mod:`~rules.freres.damage` (§7), :mod:`~rules.freres.morale` (§8),
:mod:`~rules.freres.other` (§9) and :mod:`~rules.freres.mounted` (§10). The game itself follows the siege engine's
contract: actions are values (:mod:`~rules.freres.actions`, their JSON form :mod:`~rules.freres.action_form`),
:mod:`~rules.freres.game` plays them (``apply``, ``problems``) by the rules of :mod:`~rules.freres.play_turn`,
:mod:`~rules.freres.play_move`, :mod:`~rules.freres.play_melee`, :mod:`~rules.freres.play_shoot` and
:mod:`~rules.freres.play_other` (the action being played, :mod:`~rules.freres.play`; what harms a model,
:mod:`~rules.freres.harm`), :mod:`~rules.freres.legal` lists them, and a battle is its log (:mod:`~rules.freres.battle`,
on :mod:`rules.log`), whose result the campaign takes (:mod:`~rules.freres.result`). :mod:`~rules.freres.odds` holds the
exact odds that :mod:`rules.odds` re-exports.

The document measures distances on the table; the engine does not draw the table, so a distance, a terrain or an angle
is declared with the action that needs it, and the engine applies the rule that reads it.
"""
