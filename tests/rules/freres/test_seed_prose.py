"""Each sentence of :mod:`tests.rules.freres.seed_prose` as the document prints it (collected only where the
documents are, like ``tests/rules/test_sources.py``)."""

from __future__ import annotations

import pytest

from tests.rules import seeds
from tests.rules.freres import seed_prose

SENTENCES = [name for name in dir(seed_prose) if name.isupper()]


def _document() -> str:
    return "\n".join(seeds.untagged(line) for line in seeds.seed_lines(seeds.FRERES))


@pytest.mark.parametrize("name", SENTENCES)
def test_the_sentence_is_the_documents(name: str) -> None:
    assert getattr(seed_prose, name) in _document()


def test_every_sentence_is_checked() -> None:
    assert len(SENTENCES) == 13
