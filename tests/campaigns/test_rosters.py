"""BattleScribe roster import: the fixtures are written by hand after BattleScribe's roster schema, and the expected
values below are read off them (costs summed by hand)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.utils import translation

from campaigns.rosters import (
    FACTIONS,
    MAX_ROSTER_BYTES,
    Roster,
    RosterError,
    RosterUnit,
    faction_of,
    is_battle_game,
    parse_roster,
)

FIXTURES = Path(__file__).parent / "fixtures"


def read(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


EMPIRE = Roster(
    name="Ost du Reikland",
    game_system="Warhammer Fantasy Battles 8th Edition",
    faction="Empire",
    points=487,
    units=(
        RosterUnit(
            name="General of the Empire",
            count=1,
            # 85 + full plate 0 + shield 3 + warhorse 18 + barding 6 + Sword of Might 20
            points=132,
            profile={"M": 4, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 3, "I": 5, "A": 3, "Ld": 9},
            save=2,
            special_rules=("Hold Your Ground!", "Inspiring Presence", "Magic Weapon"),
        ),
        RosterUnit(
            name="Halberdiers",
            count=20,
            # 20 halberdiers 100 + sergeant 10 + standard 10 + musician 5; the hidden rule is left out
            points=125,
            profile={"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
            save=6,
            special_rules=("Regimental Unit",),
        ),
        RosterUnit(
            name="Handgunners",
            count=10,
            # 10 handgunners 80 + marksman 10 + Hochland long rifle 20, nested in the marksman
            points=110,
            profile={"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
            save=None,
            special_rules=("Regimental Unit", "Detachment", "Sniper"),
        ),
        RosterUnit(
            name="Great Cannon",
            count=1,
            points=120,
            profile={"M": "-", "WS": "-", "BS": "-", "S": "-", "T": 7, "W": 3, "I": "-", "A": "-", "Ld": "-"},
            save=None,
            special_rules=("War Machine", "Cannon"),
        ),
    ),
)


def test_an_empire_roster_gives_its_units_points_and_profiles() -> None:
    assert parse_roster(read("empire.ros"), "empire.ros") == EMPIRE


def test_a_rosz_archive_holds_the_same_roster() -> None:
    assert parse_roster(read("empire.rosz"), "Ost du Reikland.ROSZ") == EMPIRE


def test_a_french_roster_with_old_style_characteristics() -> None:
    roster = parse_roster(read("nains.ros"), "nains.ros")
    assert (roster.name, roster.faction, roster.points) == ("Garnison de Karak Varn", "Dwarfs", 181)
    warriors, slayers = roster.units
    assert warriors == RosterUnit(
        name="Guerriers nains",
        count=15,
        points=145,
        profile={"M": 3, "WS": 4, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 2, "A": 1, "Ld": 9},
        save=4,
        special_rules=("Résolution", "Rancune ancestrale"),
    )
    # three models in one character-style selection: its number is its count
    assert (slayers.count, slayers.points, slayers.profile["Ld"], slayers.save) == (3, 36, 10, None)


def test_factions_are_the_sixteen_armies_in_order() -> None:
    assert FACTIONS == (
        "Empire",
        "Bretonnia",
        "Dwarfs",
        "High Elves",
        "Wood Elves",
        "Dark Elves",
        "Orcs & Goblins",
        "Skaven",
        "Chaos",
        "Beasts of Chaos",
        "Vampire Counts",
        "Tomb Kings",
        "Lizardmen",
        "Ogre Kingdoms",
        "Chaos Dwarfs",
        "Dogs of War",
    )


@pytest.mark.parametrize(
    ("catalogue", "faction"),
    [
        ("The Empire", "Empire"),
        ("Empire", "Empire"),
        ("Bretonnie", "Bretonnia"),
        ("Nains", "Dwarfs"),
        ("Hauts Elfes", "High Elves"),
        ("Elfes Sylvains", "Wood Elves"),
        ("Elfes Noirs", "Dark Elves"),
        ("Orques & Gobelins", "Orcs & Goblins"),
        ("Orcs and Goblins", "Orcs & Goblins"),
        ("Skavens", "Skaven"),
        ("Warriors of Chaos", "Chaos"),
        ("Guerriers du Chaos", "Chaos"),
        ("Beastmen", "Beasts of Chaos"),
        ("Hommes-Bêtes", "Beasts of Chaos"),
        ("Comtes Vampires", "Vampire Counts"),
        ("Rois des Tombes", "Tomb Kings"),
        ("Hommes-Lézards", "Lizardmen"),
        ("Royaumes Ogres", "Ogre Kingdoms"),
        ("Nains du Chaos", "Chaos Dwarfs"),
        ("Chaos Dwarfs", "Chaos Dwarfs"),
        ("Chiens de Guerre", "Dogs of War"),
        ("WFB 8th - Dark Elves (2013)", "Dark Elves"),
        ("Grand Army", None),
        ("Elfes", None),
    ],
)
def test_catalogue_names_map_onto_factions(catalogue: str, faction: str | None) -> None:
    assert faction_of(catalogue) == faction


def test_a_roster_of_an_unknown_army_has_no_faction() -> None:
    data = read("empire.ros").replace(b'catalogueName="The Empire"', b'catalogueName="Kislev"')
    assert parse_roster(data, "kislev.ros").faction is None


def test_a_dice_characteristic_is_kept_as_written() -> None:
    data = read("empire.ros").replace(
        b'<characteristic name="M" typeId="m-01">8<', b'<characteristic name="M" typeId="m-01">2d6<'
    )
    general = parse_roster(data, "empire.ros").units[0]
    # the warhorse is the general's mount, not his own profile: his M stays 4
    assert general.profile["M"] == 4
    cannon = read("empire.ros").replace(b'name="A" typeId="a-01">-<', b'name="A" typeId="a-01">D3+1<')
    assert parse_roster(cannon, "empire.ros").units[3].profile["A"] == "D3+1"


def error_of(data: bytes, filename: str, language: str = "en") -> str:
    """The message of the roster's fault, in ``language``."""
    with translation.override(language), pytest.raises(RosterError) as caught:
        parse_roster(data, filename)
    return str(caught.value)


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        ("broken_syntax.ros", "ligne 9, colonne 12\u00a0: XML non valide"),
        ("bad_characteristic.ros", "selection 'Spearmen' (ligne 6)\u00a0: la caractéristique WS vaut 'x'"),
        ("entities.ros", "les DTD et les entités sont interdites"),
        ("not_a_zip.rosz", "archive .rosz (zip) illisible"),
        ("no_ros.rosz", "exactement un fichier .ros, trouvé\u00a0: aucun"),
    ],
)
def test_a_rosters_faults_are_told_in_french(fixture: str, message: str) -> None:
    assert message in error_of(read(fixture), fixture, "fr")


def test_an_import_refused_in_french_names_the_fault_in_french() -> None:
    data = read("empire.ros").replace(b'value="85.0"', b'value="lots"')
    message = error_of(data, "empire.ros", "fr")
    assert "coût en points vaut 'lots', un nombre de -100000 à 100000 est attendu (ligne" in message


def test_an_xml_syntax_error_names_its_line() -> None:
    # line 9 closes </costs> while the <cost> of line 8 is still open
    assert error_of(read("broken_syntax.ros"), "broken_syntax.ros").startswith("line 9, column 12: not valid XML")


def test_a_non_numeric_characteristic_names_the_selection_and_its_line() -> None:
    message = error_of(read("bad_characteristic.ros"), "bad_characteristic.ros")
    assert message.startswith("selection 'Spearmen' (line 6): characteristic WS is 'x', expected a number 0–10")


def test_a_characteristic_above_ten_is_refused() -> None:
    data = read("empire.ros").replace(b'name="Ld" typeId="ld-01">9<', b'name="Ld" typeId="ld-01">11<')
    assert "characteristic Ld is '11'" in error_of(data, "empire.ros")


def test_a_non_numeric_cost_names_the_selection() -> None:
    data = read("empire.ros").replace(b'value="85.0"', b'value="lots"')
    assert error_of(data, "empire.ros").startswith("selection 'General of the Empire' (line 12): cost pts is 'lots'")


def test_a_bad_save_is_refused() -> None:
    data = read("empire.ros").replace(b">2+<", b">two plus<")
    assert "characteristic Save is 'two plus'" in error_of(data, "empire.ros")


def test_a_model_profile_missing_characteristics_is_refused() -> None:
    data = read("empire.ros").replace(b'<characteristic name="Ld" typeId="ld-01">7</characteristic>', b"")
    assert "selection 'Halberdier'" in error_of(data, "empire.ros")
    assert "lacks Ld" in error_of(data, "empire.ros")


def test_an_unknown_selection_type_is_refused() -> None:
    data = read("empire.ros").replace(b'number="1" type="unit">', b'number="1" type="squad">', 1)
    assert (
        error_of(data, "empire.ros")
        == "selection 'Halberdiers' (line 93): type is 'squad', expected unit, model or upgrade"
    )


def test_the_wrong_root_element_is_refused() -> None:
    message = error_of(read("wrong_root.ros"), "wrong_root.ros")
    assert message.startswith(
        "line 2: the root element is <{http://www.battlescribe.net/schema/catalogueSchema}catalogue>"
    )


def test_a_roster_without_namespace_is_refused() -> None:
    data = read("empire.ros").replace(b' xmlns="http://www.battlescribe.net/schema/rosterSchema"', b"")
    assert "the root element is <roster>" in error_of(data, "empire.ros")


def test_entities_are_refused() -> None:
    assert "DTDs and entities are not allowed" in error_of(read("entities.ros"), "entities.ros")


def test_a_rosz_that_is_not_a_zip_is_refused() -> None:
    assert error_of(read("not_a_zip.rosz"), "not_a_zip.rosz").startswith("not a readable .rosz (zip) archive")


def test_a_rosz_without_a_ros_inside_is_refused() -> None:
    assert "exactly one .ros file, found none" in error_of(read("no_ros.rosz"), "no_ros.rosz")


def test_a_rosz_with_two_rosters_is_refused() -> None:
    data = zipped({"a.ros": read("empire.ros"), "b.ros": read("nains.ros")})
    assert "exactly one .ros file, found a.ros, b.ros" in error_of(data, "two.rosz")


def test_a_zip_bomb_is_refused() -> None:
    # a few kilobytes that would unpack past the limit
    bomb = zipped({"bomb.ros": b" " * (MAX_ROSTER_BYTES + 1)})
    assert len(bomb) < 100_000
    assert "unpacks to more than" in error_of(bomb, "bomb.rosz")


def test_a_zip_that_lies_about_its_size_is_still_capped() -> None:
    content = b" " * (MAX_ROSTER_BYTES + 1)
    bomb = bytearray(zipped({"bomb.ros": content}))
    declared = (MAX_ROSTER_BYTES + 1).to_bytes(4, "little")
    # rewrite the uncompressed size in both the local header and the central directory to 1 KiB
    assert bomb.count(declared) == 2
    bomb = bomb.replace(declared, (1024).to_bytes(4, "little"))
    with pytest.raises(RosterError):
        parse_roster(bytes(bomb), "bomb.rosz")


def test_an_oversized_upload_is_refused() -> None:
    assert "larger than" in error_of(b"<" * (MAX_ROSTER_BYTES + 1), "huge.ros")


def test_another_file_type_is_refused() -> None:
    assert "expected a .ros or .rosz file" in error_of(read("empire.ros"), "empire.xml")


def test_a_roster_without_units_is_refused() -> None:
    data = (
        b'<roster name="Vide" xmlns="http://www.battlescribe.net/schema/rosterSchema">'
        b'<forces><force catalogueName="Empire"/></forces></roster>'
    )
    assert error_of(data, "vide.ros") == "line 1: the roster has no unit"


def test_an_empty_file_is_refused() -> None:
    assert error_of(b"", "empty.ros").startswith("line 1, column 0: not valid XML")


@pytest.mark.parametrize(
    ("fixture", "game"),
    [("age_of_sigmar.ros", "Warhammer Age of Sigmar 4.0"), ("warhammer_40k.rosz", "Warhammer 40,000 10th Edition")],
)
def test_a_roster_of_another_game_is_refused_naming_the_game_found_and_the_game_expected(
    fixture: str, game: str
) -> None:
    french = error_of(read(fixture), fixture, "fr")
    assert french == f"Ce fichier est une liste {game}\u00a0; l’application lit les listes Warhammer Battle (WFB)."
    english = error_of(read(fixture), fixture, "en")
    assert english == f"This file is a {game} roster; the application reads Warhammer Battle (WFB) rosters."


@pytest.mark.parametrize(
    ("game", "read_here"),
    [
        ("Warhammer Fantasy Battles 8th Edition", True),
        ("Warhammer Battle 8e édition (VF)", True),
        ("Warhammer Fantasy 6th Edition", True),
        ("WHFB 7th", True),
        ("Warhammer Age of Sigmar 4.0", False),
        ("Age of Sigmar 4.0", False),
        ("Warhammer 40,000 10th Edition", False),
        ("Warhammer 40,000: Kill Team (2024)", False),
        ("Kings of War 3rd Edition", False),
    ],
)
def test_the_game_of_a_roster_is_told_by_its_game_system_name(game: str, read_here: bool) -> None:
    assert is_battle_game(game) is read_here


def test_a_roster_that_names_no_game_is_read_as_before() -> None:
    data = read("empire.ros").replace(b'gameSystemName="Warhammer Fantasy Battles 8th Edition" ', b"")
    assert parse_roster(data, "empire.ros").points == 487


def test_a_missing_characteristic_is_named_in_french_with_its_profile() -> None:
    roster = read("empire.ros")
    halberdier = roster.index(b'<profile id="9c04-b7e2-5f1a-d368" name="Halberdier"')
    without_ws = roster[halberdier:].replace(b'<characteristic name="WS" typeId="ws-01">3</characteristic>', b"", 1)
    data = roster[:halberdier] + without_ws
    message = error_of(data, "empire.ros", "fr")
    assert "il manque CC au profil de figurine 'Halberdier' (ligne" in message
    assert "profil profile" not in message
