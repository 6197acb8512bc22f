"""Read the source documents' tables, for the cross-check of their transcription (``tests/rules/data``).

The ``shared`` folder holding the documents is a sibling of the repository root; a git worktree finds it beside its
main checkout, a clone beside the repository it was cloned from, and ``SIEGE_SHARED_DIR`` names it outright. Where
none holds it, ``SHARED`` is ``None`` and the cross-check is not collected (``tests/rules/conftest.py``).
"""

from __future__ import annotations

import os
import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False).stdout.strip()


def candidates() -> list[Path]:
    """The places searched for the ``shared`` folder, in order."""
    tried = [Path(os.environ["SIEGE_SHARED_DIR"])] if "SIEGE_SHARED_DIR" in os.environ else []
    tried.append(ROOT.parent / "shared")
    common = _git("rev-parse", "--path-format=absolute", "--git-common-dir")
    if common:
        tried.append(Path(common).parent.parent / "shared")
    origin = _git("remote", "get-url", "origin")
    if origin and Path(origin).is_dir():
        tried.append(Path(origin).resolve().parent / "shared")
    return list(dict.fromkeys(tried))


def _shared_dir() -> Path | None:
    return next((candidate for candidate in candidates() if (candidate / "seeds").is_dir()), None)


SHARED = _shared_dir()
SOURCES_PRESENT = SHARED is not None
SEEDS = SHARED / "seeds" if SHARED is not None else ROOT / "shared-not-found" / "seeds"
ODDS_API = SHARED / "ODDS_API.md" if SHARED is not None else ROOT / "shared-not-found" / "ODDS_API.md"
WFB_REFERENCE = "002_reference_wfb.fr.txt"

Grid = dict[tuple[int, int], int | None]


@cache
def seed_lines(name: str) -> tuple[str, ...]:
    return tuple((SEEDS / name).read_text(encoding="utf-8").splitlines())


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.split("\t") if cell.strip()]


def section(title: str, name: str = WFB_REFERENCE) -> list[str]:
    """The lines after the line that is exactly ``title``, up to the next all-capitals heading."""
    lines = seed_lines(name)
    start = lines.index(title) + 1
    end = next(
        (i for i in range(start, len(lines)) if lines[i].isupper() and len(lines[i]) > 3 and "\t" not in lines[i]),
        len(lines),
    )
    return list(lines[start:end])


def table(title: str) -> list[list[str]]:
    """The tab-separated rows of the section ``title``, each as its non-empty cells."""
    return [cells for line in section(title) if "\t" in line and (cells := _cells(line))]


def grid(title: str) -> Grid:
    """A 10 × 10 table (to hit, to wound): ``{(row, column): need}``, ``None`` for "N"."""
    cells: Grid = {}
    for row in table(title):
        if len(row) >= 11 and row[-11].isdigit():
            for column, value in enumerate(row[-10:], start=1):
                cells[int(row[-11]), column] = None if value == "N" else int(value)
    return cells


def labelled(title: str) -> dict[str, str]:
    """A two-column table of the section ``title`` as ``{label: value}``."""
    return {row[0].rstrip(" :"): row[1] for row in table(title) if len(row) == 2}


def bullets(title: str) -> list[str]:
    """The ``- `` bulleted lines of the section ``title``, without the bullet."""
    return [line[2:] for line in section(title) if line.startswith("- ")]


def leading_int(text: str) -> int:
    match = re.match(r"[+-]?\d+", text)
    assert match, f"no number at the start of {text!r}"
    return int(match.group())


SIEGE_RULES = "000_regles_de_siege.fr.txt"


def captioned(caption: str, name: str = SIEGE_RULES) -> list[list[str]]:
    """The tab-separated rows under the line containing ``caption`` (a "Tableau N" of seed 000), up to a blank line.

    The header row comes first.
    """
    lines = seed_lines(name)
    start = next(i for i, line in enumerate(lines) if caption in line) + 1
    while not lines[start].strip():
        start += 1
    rows: list[list[str]] = []
    for line in lines[start:]:
        if not line.strip():
            break
        rows.append(_cells(line))
    return rows


FRERES = "003_freres_d_armes.fr.txt"
_TAGS = re.compile(r"</?[bi]>")


def untagged(text: str) -> str:
    """``text`` without the seeds' HTML emphasis (``<b>``, ``<i>``)."""
    return _TAGS.sub("", text).strip()


def opened_by(opening: str, name: str = FRERES) -> list[list[str]]:
    """The tab-separated rows after the first table line (one holding a tab) that starts with ``opening`` once
    emphasis is removed, up to a blank line; each row as its cells without emphasis. ``opening`` may hold a tab
    itself, to find a table by its header row.
    """
    lines = seed_lines(name)
    start = next(
        i
        for i, line in enumerate(lines)
        if "\t" in line and untagged(line.replace("\t", "\x00")).replace("\x00", "\t").startswith(opening)
    )
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rows.append([untagged(cell) for cell in line.split("\t")])
    return rows


CONFRONTATION = "004_confrontation_additions.fr.txt"


@cache
def confrontation_lines() -> tuple[str, ...]:
    """Seed 004's non-blank lines, each a table cell or a paragraph, with its spaces (non-breaking ones too) made
    single and its typographic apostrophes and dashes plain."""
    plain = str.maketrans({"\xa0": " ", "’": "'", "‘": "'", "–": "-"})
    return tuple(" ".join(line.translate(plain).split()) for line in seed_lines(CONFRONTATION) if line.strip())


def confrontation_block(heading: str, end: str) -> list[str]:
    """The lines of seed 004 after the first line starting with ``heading``, up to the next starting with ``end``."""
    lines = confrontation_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1
    stop = next(i for i in range(start, len(lines)) if lines[i].startswith(end))
    return list(lines[start:stop])
