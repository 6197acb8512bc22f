"""Bounded input: rosters, the map's JSON, forms and API bodies out of every field's bounds are refused with a
message naming the bound, nothing saved, never a server error."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from campaigns.rosters import RosterError, parse_roster

FIXTURES = Path(__file__).parent / "fixtures"
AT_MOST = "Assurez-vous que cette valeur est inférieure ou égale à"
EMPIRE = (FIXTURES / "empire.ros").read_bytes()
NAMESPACE = b"http://www.battlescribe.net/schema/rosterSchema"


def roster_error(data: bytes, filename: str = "empire.ros") -> str:
    with pytest.raises(RosterError) as caught:
        parse_roster(data, filename)
    return str(caught.value)


# Rosters ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cost", ["9E+999999", "1E+5000", "1" * 5000, "100001", "-100001"])
def test_a_cost_beyond_the_bound_is_refused_before_it_is_converted(cost: str) -> None:
    # 9E+999999 held a worker for 84 s as it was turned into an integer of a million digits
    data = EMPIRE.replace(b'value="85.0"', f'value="{cost}"'.encode())
    message = roster_error(data)
    assert message.startswith("selection 'General of the Empire' (line 12): cost pts is")
    assert "expected a number from -100000 to 100000" in message


def test_a_negative_option_is_taken_but_a_negative_unit_is_refused() -> None:
    # the Sword of Might (20) becomes a -5 swap: the general comes to 85 + 0 + 3 + 18 + 6 - 5 = 107
    cheaper = EMPIRE.replace(b'name="pts" typeId="points" value="20.0"', b'name="pts" typeId="points" value="-5.0"')
    assert parse_roster(cheaper, "empire.ros").units[0].points == 107
    # a general of -85: 0 + 3 + 18 + 6 + 20 - 85 = -38 points
    negative = EMPIRE.replace(b'value="85.0"', b'value="-85.0"')
    assert roster_error(negative) == (
        "selection 'General of the Empire' (line 12): the unit comes to -38.0 points, expected 0 to 100000"
    )


@pytest.mark.parametrize("number", ["99999999999", "1001", "٣"])
def test_a_selection_number_beyond_a_thousand_models_is_refused(number: str) -> None:
    data = EMPIRE.replace(b'number="20"', f'number="{number}"'.encode(), 1)
    assert f"selection 'Halberdier' (line 110): number is '{number}'" in roster_error(data)


def test_a_unit_of_more_than_a_thousand_models_in_all_is_refused() -> None:
    models = b'<selection type="model" name="Goblin" number="600"/>' * 2
    data = (
        b'<?xml version="1.0"?><roster xmlns="' + NAMESPACE + b'"><forces><force catalogueName="Orcs"><selections>'
        b'<selection type="unit" name="Goblins" number="1"><selections>' + models + b"</selections></selection>"
        b"</selections></force></forces></roster>"
    )
    assert (
        roster_error(data, "goblins.ros") == "selection 'Goblins' (line 1): the unit counts 1200 models, more than 1000"
    )


def test_a_characteristic_of_five_thousand_digits_is_refused() -> None:
    data = EMPIRE.replace(b'name="Ld" typeId="ld-01">9<', b'name="Ld" typeId="ld-01">' + b"0" * 5000 + b"<")
    assert "characteristic Ld is" in roster_error(data)


def test_an_unknown_encoding_is_refused() -> None:
    data = EMPIRE.replace(b'encoding="UTF-8"', b'encoding="x-klingon"')
    assert roster_error(data).startswith("line 1: the file's encoding cannot be read")


def deep_roster(depth: int) -> bytes:
    opening = b'<selections><selection type="unit" name="Deep" number="1">' * depth
    closing = b"</selection></selections>" * depth
    return (
        b'<?xml version="1.0"?><roster xmlns="' + NAMESPACE + b'"><forces><force catalogueName="Empire">'
        + opening + closing + b"</force></forces></roster>"
    )  # fmt: skip


@pytest.mark.parametrize("filename", ["deep.ros", "deep.rosz"])
def test_three_thousand_deep_nesting_is_refused(filename: str) -> None:
    data = deep_roster(1500)  # 3,000 elements deep
    if filename.endswith(".rosz"):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("deep.ros", data)
        data = buffer.getvalue()
    assert roster_error(data, filename) == "line 1: elements are nested more than 100 deep"


def test_nesting_within_the_bound_is_read() -> None:
    # 3 wrapping elements and 2 a level: 48 levels of selections stay under 100 elements deep
    assert parse_roster(deep_roster(48), "deep.ros").units[0].name == "Deep"
