"""The worked examples of ODDS_API.md (the contract of :mod:`rules.odds`), transcribed as calls and their results.

Each entry is (function name, positional arguments, keyword arguments, the result the contract gives). When the
document is present, ``tests/rules/test_sources.py`` parses its worked-examples block and compares it with this.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

WorkedExample = tuple[str, tuple[Any, ...], dict[str, Any], Any]

WORKED_EXAMPLES: tuple[WorkedExample, ...] = (
    ("ladder_pushback", (1,), {}, F(1, 3)),
    (
        "structure_hit",
        (10, "D6", 3),
        {},
        {"severely_shaken": F(1, 3), "rampart_destroyed": F(1, 3), "partial_collapse": F(1, 6), "collapse": F(1, 6)},
    ),
    ("bombardment", (10, "D6", 1, 4), {"prior": 2}, [F(0), F(1, 4), F(23, 36), F(67, 72)]),
    ("ram_vs_gate", (6, 3, "postern", False, 3), {}, [F(1, 24), F(53, 576), F(227, 1536)]),
    ("mining", (8, 4, 3), {}, [F(0), F(13, 144), F(289, 864)]),
    ("shooting_wounds", (2, 4, 3, 4, 5, -2), {}, [F(625, 729), F(100, 729), F(4, 729)]),
    (
        "melee_wounds",
        (3, 4, 3, 3, 3, 4, 1),
        {},
        [F(6859, 13824), F(1805, 4608), F(475, 4608), F(125, 13824)],
    ),
)

# The Confrontation calls of its "other rule systems" block (004).
CONFRONTATION_EXAMPLES: tuple[WorkedExample, ...] = (
    (
        "confrontation_shot",
        (3, "medium", 2),
        {},
        {"success": F(1, 6), "failure": F(1, 3), "grave_failure": F(1, 3), "critical_failure": F(1, 6)},
    ),
    (
        "confrontation_disengage",
        (3, 2, 3, 2),
        {},
        {"success": F(1, 3), "failure": F(1, 6), "grave_failure": F(1, 3), "critical_failure": F(1, 6)},
    ),
    ("confrontation_caught", (10, 10, 20, False), {"gap": 15}, F(7, 9)),
    ("confrontation_wound", (12, "torso"), {"double": 3}, "critical"),
)

# The Frères d'Armes calls of its "other rule systems" block (003).
FRERES_EXAMPLES: tuple[WorkedExample, ...] = (
    ("fda_test", (5, -1), {}, {"success": F(2, 5), "failure": F(1, 2), "critical_failure": F(1, 10)}),
    ("fda_opposed", (5, 4, 1, 0), {}, {"attacker_hits": F(31, 50), "tie": F(2, 25), "defender_hits": F(3, 10)}),
    (
        "fda_shot",
        (5, 4),
        {"hit_modifier": 1, "damage_bonus": 3, "defence_modifier": 2},
        {
            "critical_miss": F(1, 10),
            "miss": F(3, 10),
            "close_call": F(1, 10),
            "stunned": F(29, 100),
            "wounded": F(7, 50),
            "grievously_wounded": F(1, 100),
            "killed": F(3, 50),
        },
    ),
    (
        "fda_morale",
        (5, -1),
        {},
        {"passed": F(2, 5), "shaken": F(3, 10), "rattled": F(1, 10), "wary": F(1, 10), "cautious": F(1, 10)},
    ),
)
