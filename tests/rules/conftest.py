"""Collect the cross-check of the transcribed tables only where the source documents are."""

from __future__ import annotations

from tests.rules import seeds

# Without the documents there is nothing to compare the transcription with: the cross-check is left out of the
# collection (and the session header says so) rather than collected and skipped. The transcription's own
# completeness is checked either way (test_transcription.py).
collect_ignore = [] if seeds.SOURCES_PRESENT else ["test_sources.py", "freres/test_seed_prose.py"]
