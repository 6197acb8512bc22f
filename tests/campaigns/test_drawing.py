"""The SVG pictures: well-formed, one shape per territory or section with the right colour and labels, hostile
text escaped, and the automatic map layout stable and readable."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from campaigns.drawing import ENGLISH, Labels, MapArmy, MapTerritory, fort_svg, line_chart_svg, map_svg
from campaigns.factions import FACTION_COLOURS, UNOWNED_COLOUR, colour_of
from campaigns.graph_layout import auto_layout
from campaigns.rosters import FACTIONS
from rules.siege.board.fort import FortLayout, Section, SectionKind, standard_fort

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert('x')</script> & \"co\""


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox", "").startswith("0 0 400 ")
    return root


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def groups(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == css_class]


def territory(id: int, **changes: Any) -> MapTerritory:
    plain = MapTerritory(id, f"Territory {id}", "open", 10.0 + 20 * id, 50.0, (), None, UNOWNED_COLOUR, 1, False, None)
    return dataclasses.replace(plain, **changes)


def test_every_faction_has_its_own_colour() -> None:
    assert tuple(FACTION_COLOURS) == FACTIONS
    colours = [*FACTION_COLOURS.values(), UNOWNED_COLOUR]
    assert len({c.lower() for c in colours}) == len(colours)
    assert colour_of("skaven") == FACTION_COLOURS["Skaven"]
    assert colour_of(None) == UNOWNED_COLOUR


def test_the_map_has_a_token_per_territory_in_its_owners_colour() -> None:
    territories = [
        territory(0, name="Altdorf", kind="fortress", owner="Anne", colour="#F2C12E", value=3, neighbours=(1,)),
        territory(1, name="Nuln", kind="town", owner="Bruno", colour="#B01E23", value=2, neighbours=(0, 2)),
        territory(2, name="Col du Feu Noir", kind="castle", fortified=True, url="/campaigns/1/territories/2/"),
        territory(3, name="Bois", neighbours=(2,)),
    ]
    root = parse(map_svg(territories, title="Campagne du Reikland"))
    assert root[0].tag == f"{SVG}title"
    assert root[0].text == "Campagne du Reikland"
    tokens = groups(root, "territory")
    assert [g.get("data-territory") for g in tokens] == ["0", "1", "2", "3"]
    fills = [next(c for c in g.iter(f"{SVG}circle") if c.get("class") == "territory-token").get("fill") for g in tokens]
    assert fills == ["#F2C12E", "#B01E23", UNOWNED_COLOUR, UNOWNED_COLOUR]
    assert "Altdorf" in texts(tokens[0])
    assert "3" in texts(tokens[0])  # its value
    assert tokens[0].find(f"{SVG}title") is not None
    # roads 0–1, 1–2 and 2–3, each drawn once though listed from both ends
    roads = groups(root, "roads")[0]
    assert len(roads.findall(f"{SVG}line")) == 3 * 2
    links = list(root.iter(f"{SVG}a"))
    assert [a.get("href") for a in links] == ["/campaigns/1/territories/2/"]
    legend = texts(groups(root, "legend")[0])
    assert {"Anne", "Bruno", "Unowned", "Town", "Castle", "Fortress", "Fortified", "Value"} <= set(legend)


def test_the_kind_icon_contrasts_with_the_token() -> None:
    dark = FACTION_COLOURS["Vampire Counts"]
    light = FACTION_COLOURS["Empire"]
    root = parse(map_svg([territory(0, kind="town", colour=dark), territory(1, kind="town", colour=light)], title="m"))
    icons = [g.find(f"{SVG}path") for g in groups(root, "territory")]
    assert [icon.get("fill") for icon in icons if icon is not None] == ["#FFFFFF", "#1B1B1B"]


def test_map_text_is_escaped() -> None:
    svg = map_svg([territory(0, name=HOSTILE, owner=HOSTILE, colour="#123")], title=HOSTILE)
    assert "<script>" not in svg
    root = parse(svg)
    assert root[0].text == HOSTILE
    assert HOSTILE in texts(groups(root, "legend")[0])


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "//evil.example/x", "/a\" onclick='x'"]
)
def test_map_links_must_be_http_or_relative(url: str) -> None:
    map_svg([territory(0, url="https://example.org/t/1?x=1&y=2"), territory(1, url="territories/2/")], title="m")
    with pytest.raises(ValueError, match="link"):
        map_svg([territory(0, url=url)], title="m")


def test_map_colours_must_be_hex() -> None:
    with pytest.raises(ValueError, match="colour"):
        map_svg([territory(0, colour='red" onload="alert(1)')], title="m")


def test_a_road_to_a_missing_territory_is_refused() -> None:
    with pytest.raises(ValueError, match="not on the map"):
        map_svg([territory(0, neighbours=(7,))], title="m")


def test_the_map_of_an_empty_campaign_still_draws() -> None:
    root = parse(map_svg([], title="Nothing yet"))
    assert groups(root, "territory") == []


def grid(width: int, height: int) -> dict[int, tuple[int, ...]]:
    def cell(x: int, y: int) -> int:
        return y * width + x

    return {
        cell(x, y): tuple(
            cell(a, b)
            for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= a < width and 0 <= b < height
        )
        for x in range(width)
        for y in range(height)
    }


LAYOUTS: dict[str, dict[int, tuple[int, ...]]] = {
    "one": {5: ()},
    "pair": {1: (2,), 2: (1,)},
    "triangle": {1: (2, 3), 2: (3,), 3: ()},
    "ring of 12 with spokes": {i: ((i + 1) % 12, (i + 5) % 12) for i in range(12)},
    "grid 6×5": grid(6, 5),
    "two islands and a lone isle": {
        **{i: ((i + 1) % 5,) for i in range(5)},
        **{i: (i + 1,) for i in range(10, 14)},
        14: (),
        20: (),
    },
}


@pytest.mark.parametrize("name", LAYOUTS)
def test_auto_layout_is_stable_inside_the_map_and_spreads_territories(name: str) -> None:
    neighbours = LAYOUTS[name]
    ids = sorted(neighbours)
    layout = auto_layout(ids, neighbours)
    assert layout == auto_layout(ids, neighbours)
    assert sorted(layout) == ids
    assert all(0 <= x <= 100 and 0 <= y <= 100 for x, y in layout.values())
    closest = min((math.dist(p, q) for p, q in itertools.combinations(layout.values(), 2)), default=100.0)
    # a token with its label needs about 10 units of a 100-wide map on a phone
    assert closest >= 10


def test_auto_layout_puts_neighbours_closer_than_strangers() -> None:
    neighbours = grid(6, 5)
    layout = auto_layout(sorted(neighbours), neighbours)
    roads = [math.dist(layout[a], layout[b]) for a, linked in neighbours.items() for b in linked]
    corners = math.dist(layout[0], layout[29])
    assert max(roads) < corners / 2


def test_auto_layout_refuses_roads_off_the_map() -> None:
    with pytest.raises(ValueError, match="outside the map"):
        auto_layout([1, 2], {1: (3,)})


def section_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-section", ""): g for g in groups(root, "section")}


def test_the_fort_has_a_shape_per_section_and_a_gate_per_gate() -> None:
    fort = standard_fort(1500)
    root = parse(fort_svg(fort, title="Karak Varn"))
    sections = section_groups(root)
    assert list(sections) == [s.id for s in fort.sections]
    for section in fort.sections:
        group = sections[section.id]
        assert group.get("data-kind") == section.kind.value
        assert section.id in texts(group)
    # towers are round, courtyards rectangular
    assert sections["T1"].find(f"{SVG}circle") is not None
    assert sections["C1"].find(f"{SVG}rect") is not None
    assert [g.get("data-gate") for g in groups(root, "gate")] == ["G1", "P1"]
    assert "G1 15" in texts(groups(root, "gate")[0])
    assert "P1 10" in texts(groups(root, "gate")[1])
    # one capacity per connection: 8 wall links of 10, 2 courtyard links of 20 and 2 stairs links of 10
    capacities = sorted(t for g in groups(root, "capacity") for t in texts(g) if " " not in t)
    assert capacities == ["10"] * 10 + ["20"] * 2
    assert len(groups(root, "connection")) == len(fort.connections)


def test_the_fort_shows_the_models_on_each_section() -> None:
    fort = standard_fort(1500)
    root = parse(fort_svg(fort, title="Siège", occupancy={"C1": (12, 8), "W2": (0, 5), "T3": (0, 0)}))
    sections = section_groups(root)

    def counts(section: str) -> list[str]:
        return [t for g in groups(root, "occupancy") if g.get("data-section") == section for t in texts(g)]

    assert counts("C1") == ["12", "8"]
    assert counts("W2") == ["5"]
    assert counts("T3") == []
    title = sections["C1"].find(f"{SVG}title")
    assert title is not None
    assert title.text == "Courtyard C1, level 1: 12 besiegers, 8 besieged"
    legend = texts(groups(root, "legend")[0])
    assert {"Besiegers", "Besieged", "Tower", "Wall-walk", "Courtyard", "Stairs", "Gate"} <= set(legend)


def test_fort_occupancy_of_a_missing_section_is_refused() -> None:
    with pytest.raises(ValueError, match="X9"):
        fort_svg(standard_fort(1000), title="f", occupancy={"X9": (1, 1)})


def test_a_fort_without_coordinates_is_laid_out() -> None:
    fort = standard_fort(2000)
    flat = FortLayout(
        HOSTILE,
        tuple(Section(s.id, s.kind, s.level, tower=s.tower) for s in fort.sections),
        fort.connections,
        fort.gates,
    )
    svg = fort_svg(flat, title=HOSTILE)
    assert "<script>" not in svg
    root = parse(svg)
    places = [g.get("transform") for g in groups(root, "section")]
    assert len(set(places)) == len(places)
    lower = section_groups(root)["T1-2"]
    assert lower.get("data-kind") == SectionKind.TOWER.value


def test_a_lower_tower_level_is_not_drawn_under_its_roof() -> None:
    root = parse(fort_svg(standard_fort(2500), title="f"))
    sections = section_groups(root)
    assert sections["T1"].get("transform") != sections["T1-2"].get("transform")


def series_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-series", ""): g for g in groups(root, "series")}


def test_the_chart_draws_a_line_per_player_with_a_legend() -> None:
    svg = line_chart_svg(
        {"Anne": [0, 4, 9], HOSTILE: [0, 2, 3]},
        x_labels=["Turn 1", "Turn 2", "Turn 3"],
        colours={"Anne": "#F2C12E", HOSTILE: "#2F6BD6"},
        title="Points",
    )
    assert "<script>" not in svg
    root = parse(svg)
    lines = series_groups(root)
    assert list(lines) == ["Anne", HOSTILE]
    anne = lines["Anne"].findall(f"{SVG}polyline")
    assert [p.get("stroke") for p in anne][-1] == "#F2C12E"
    assert len(anne[-1].get("points", "").split()) == 3
    legend = texts(groups(root, "legend")[0])
    assert legend == ["Anne: 9", f"{HOSTILE}: 3"]
    labels = texts(root)
    assert {"Turn 1", "Turn 2", "Turn 3", "0", "10"} <= set(labels)


def test_a_chart_of_a_single_turn_shows_markers_without_lines() -> None:
    root = parse(line_chart_svg({"Anne": [5]}, x_labels=["Turn 1"], colours={"Anne": "#123456"}, title="p"))
    anne = series_groups(root)["Anne"]
    assert anne.findall(f".//{SVG}polyline") == []
    assert len(anne.findall(f"{SVG}g")) == 1


def test_an_all_zero_chart_still_has_a_scale() -> None:
    svg = line_chart_svg(
        {"Anne": [0, 0], "Bruno": [0, 0]}, x_labels=["1", "2"], colours={"Anne": "#111", "Bruno": "#222"}, title="p"
    )
    assert "nan" not in svg.lower()
    assert "inf" not in svg.lower()
    labels = texts(parse(svg))
    assert "0" in labels
    assert "1" in labels  # the top of the scale, above zero


def test_a_chart_with_negative_points_reaches_below_zero() -> None:
    labels = texts(parse(line_chart_svg({"A": [3, -4]}, x_labels=["1", "2"], colours={"A": "#111"}, title="p")))
    assert "-4" in labels or "-5" in labels


def test_a_chart_series_longer_than_its_labels_is_refused() -> None:
    with pytest.raises(ValueError, match="3 values for 2 labels"):
        line_chart_svg({"A": [1, 2, 3]}, x_labels=["1", "2"], colours={"A": "#111"}, title="p")


def test_a_chart_series_needs_a_colour() -> None:
    with pytest.raises(ValueError, match="no colour"):
        line_chart_svg({"A": [1]}, x_labels=["1"], colours={}, title="p")


FRENCH = Labels(
    open_land="Rase campagne",
    town="Ville",
    castle="Château",
    fortress="Forteresse",
    unowned="Sans maître",
    fortified="Fortifié",
    value="Valeur",
    territory_summary="%(name)s : %(kind)s, %(owner)s, valeur %(value)s",
    fortified_summary="%(summary)s, fortifié",
    courtyard="Cour intérieure",
    wall_walk="Chemin de ronde",
    tower="Tour",
    stairs="Escalier",
    lower_level="%(section)s (niveau inférieur)",
    section_summary="%(section)s %(id)s, niveau %(level)s",
    occupancy_summary="%(section)s : %(besiegers)s assiégeants, %(besieged)s assiégés",
    wall="Muraille",
    stairway="Montée d’escalier",
    open_ground="Terrain découvert",
    ladder="Échelle",
    service_door="Porte de service",
    breach="Brèche",
    connection_summary="%(connection)s %(a)s–%(b)s : %(capacity)s figurines par tour",
    gate="Porte",
    main_gate="Porte principale",
    postern="Poterne",
    gate_summary="%(gate)s %(id)s vers %(section)s : %(capacity)s figurines par tour",
    capacity="Figurines par tour, dans chaque sens",
    besiegers="Assiégeants",
    besieged="Assiégés",
    no_turns="Pas encore de tour",
)
ENGLISH_WORDS = re.compile(
    r"\b(Open|Town|Castle|Fortress|Unowned|Fortified|Value|value|Courtyard|Wall|Tower|Stair|level|besieg|Besieg"
    r"|Ladder|Service|Breach|Gate|gate|Postern|Models|models|into|No turns)"
)


def words(root: ET.Element) -> list[str]:
    """Everything a reader sees or hears: the drawn texts and the tooltips."""
    return texts(root) + ["".join(t.itertext()) for t in root.iter(f"{SVG}title")]


def test_the_pictures_speak_the_language_of_their_labels() -> None:
    territories = [
        territory(0, kind="town", owner="Anne", colour="#F2C12E", neighbours=(1,)),
        territory(1, kind="castle", fortified=True, neighbours=(0, 2)),
        territory(2, kind="fortress"),
        territory(3),
    ]
    map_root = parse(map_svg(territories, title="Carte", labels=FRENCH))
    assert {"Ville", "Château", "Forteresse", "Fortifié", "Valeur", "Sans maître"} <= set(
        texts(groups(map_root, "legend")[0])
    )
    assert "Territory 1 : château, sans maître, valeur 1, fortifié" in words(map_root)
    fort_root = parse(fort_svg(standard_fort(2500), title="Fort", occupancy={"C1": (3, 2)}, labels=FRENCH))
    fort_legend = set(texts(groups(fort_root, "legend")[0]))
    assert {
        "Tour", "Tour (niveau inférieur)", "Chemin de ronde", "Cour intérieure", "Escalier", "Porte",
        "Figurines par tour, dans chaque sens", "Assiégeants", "Assiégés",
    } <= fort_legend  # fmt: skip
    assert "Cour intérieure C1, niveau 1 : 3 assiégeants, 2 assiégés" in words(fort_root)
    chart_root = parse(line_chart_svg({}, x_labels=[], colours={}, title="Points", labels=FRENCH))
    assert "Pas encore de tour" in texts(chart_root)
    for root in (map_root, fort_root, chart_root):
        english = [w for w in words(root) if ENGLISH_WORDS.search(w)]
        assert english == []


def test_the_pictures_are_english_by_default() -> None:
    root = parse(fort_svg(standard_fort(1000), title="f"))
    assert ENGLISH.capacity in texts(groups(root, "legend")[0])
    assert "No turns yet" in texts(parse(line_chart_svg({}, x_labels=[], colours={}, title="p")))


def test_the_map_draws_a_banner_per_army_with_its_summary() -> None:
    armies = (MapArmy("Ost", "alice", 2500, "#1F4E9A"), MapArmy("Garde", "alice", 800, "#1F4E9A"))
    here = MapTerritory(1, "Altdorf", "town", 20, 20, (), "alice", "#1F4E9A", 3, False, None, armies)
    svg = map_svg([here], title="Map")
    assert svg.count('class="army"') == 2
    assert "<title>Ost: alice, 2500 points</title>" in svg
    crowded = dataclasses.replace(here, armies=armies * 3)
    assert map_svg([crowded], title="Map").count('class="army"') == 3
    assert ">+3</text>" in map_svg([crowded], title="Map")


def test_an_army_named_with_markup_is_drawn_as_written() -> None:
    named = '<b>"x"</b>'
    army = MapArmy(named, named, 1500, "#b3261e")
    svg = map_svg([territory(0, name=named, armies=(army,), url="/t/0?a=1&b=2")], title=named)
    root = parse(svg)
    assert "<b>" not in svg
    assert root[0].text == named
    assert any(named in text for text in texts(root))
