"""The clubs are French: every message has its French translation, and the compiled catalogue is current."""

import polib

from siege_site.stack import BASE_DIR

CATALOGUE = BASE_DIR / "locale" / "fr" / "LC_MESSAGES"


def test_every_message_is_translated_to_french() -> None:
    po = polib.pofile(str(CATALOGUE / "django.po"))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    assert po.percent_translated() == 100


def test_the_compiled_catalogue_matches_the_source() -> None:
    po = {
        (e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural
        for e in polib.pofile(str(CATALOGUE / "django.po"))
        if not e.obsolete
    }
    mo = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural for e in polib.mofile(str(CATALOGUE / "django.mo"))}
    assert mo == po
