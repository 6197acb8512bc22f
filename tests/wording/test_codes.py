"""Every code an engine raises or reports has its sentence in French and in English, naming only facts the engine
gives at that place; an engine module whose words are written writes no sentence of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from wording import Catalogue
from wording import confrontation as confrontation_wording
from wording import freres as freres_wording
from wording import siege as siege_wording

from .codes import ACTION, ROOT, placeholders, sites

SYSTEMS: dict[str, Catalogue] = {
    "siege": siege_wording.catalogue(),
    "freres": freres_wording.catalogue(),
    "confrontation": confrontation_wording.catalogue(),
}
"""Each engine of ``rules/`` with the catalogue of its words in ``wording/``."""

WORDED = [
    (system, p.stem)
    for system in SYSTEMS
    for p in sorted((ROOT / "wording" / system).glob("*.py"))
    if p.stem != "__init__"
]
"""The engine modules whose words are written: each has a module of the same name in ``wording/<system>/``."""


@pytest.mark.parametrize(("system", "module"), WORDED)
def test_a_worded_module_writes_no_sentence_of_its_own(system: str, module: str) -> None:
    found = [s for s in sites(f"rules/{system}") if Path(s.path).stem == module and s.code is None]
    assert found == [], f"rules/{system}/{module}.py still writes sentences at lines {[s.line for s in found]}"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_code_has_its_sentence_with_the_facts_given(system: str, language: str) -> None:
    words = SYSTEMS[system]
    checked = 0
    with translation.override(language):
        for site in sites(f"rules/{system}"):
            if site.code is None or site.code == ACTION:
                continue
            assert site.code in words, f"{site.path}:{site.line}: the code {site.code!r} has no sentence"
            if site.facts is not None:
                named = placeholders(words.sentences[site.code])
                assert named <= site.facts, f"{site.path}:{site.line}: {site.code} names {named - site.facts}"
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_french_sentences_are_translated(system: str) -> None:
    for code, sentence in SYSTEMS[system].sentences.items():
        with translation.override("en"):
            english = str(sentence)
        with translation.override("fr"):
            french = str(sentence)
        assert french != english, f"{code}: « {english} » has no French sentence"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_word_placed_in_a_sentence_carries_no_stop_of_its_own(language: str) -> None:
    """A table's row or a result is a word the sentences place (« %(model)s : %(row)s. »): ending it with « ! » or a
    full stop would print « pas passé loin !. »."""
    ended = set()
    with translation.override(language):
        for system, catalogue in SYSTEMS.items():
            for tables in catalogue.words.values():
                for table in tables.values():
                    ended |= {(system, str(w)) for w in table.values() if str(w).rstrip().endswith(("!", ".", "?"))}
    assert ended == set()


def test_every_siege_action_has_its_label_and_its_deed() -> None:
    # a button shows the action's label, the log its deed: an action without them would show its code in English
    from rules.siege import game  # noqa: F401 (every chapter, and so every action, loaded)
    from rules.siege.actions import ACTIONS
    from wording.siege.deeds import DEEDS, LABELS

    assert set(ACTIONS) - set(LABELS) == set()
    assert set(ACTIONS) - set(DEEDS) == set()
