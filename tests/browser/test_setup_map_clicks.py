"""In real Chromium on a 375 px phone: the organiser places six territories by tapping the map, draws their roads by
tapping them, drags one elsewhere and sees the selected one ringed; the castles and the fortress then have their
forts of Table 1's size (§1.4) without a save for each."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Territory
from campaigns.services import create_campaign, create_club
from rules.siege.board.fort import FortLayout

from .sessions import log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = [
    ("Gué", "Rase campagne", 15, 15),
    ("Bourg", "Ville", 50, 15),
    ("Roc", "Château", 85, 15),
    ("Aigle", "Forteresse", 15, 75),
    ("Mont", "Château", 50, 75),
    ("Val", "Rase campagne", 85, 75),
]


def tap_map(page: Page, x: float, y: float) -> None:
    """A tap on the map at its 0–100 position (x across, y down)."""
    page.locator("#map-editor svg").scroll_into_view_if_needed()
    where = page.evaluate(
        """([x, y]) => {
            const editor = document.getElementById("map-editor");
            const svg = editor.querySelector("svg");
            const margin = parseFloat(editor.dataset.mapMargin), size = parseFloat(editor.dataset.mapSize);
            const point = svg.createSVGPoint();
            point.x = margin + x / 100 * size;
            point.y = margin + y / 100 * size;
            const screen = point.matrixTransform(svg.getScreenCTM());
            return [screen.x, screen.y];
        }""",
        [x, y],
    )
    page.mouse.click(where[0], where[1])


def token(page: Page, territory: Territory) -> tuple[float, float]:
    box = page.locator(f'#map-editor [data-territory="{territory.pk}"] > circle').last.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_six_territories_placed_and_joined_by_tapping_the_map_and_their_forts_generated(
    page: Page, live_server: LiveServer
) -> None:
    organiser = User.objects.create_user("orga", password="pw-orga-123")
    campaign = create_campaign(
        club=create_club(name="La Garde", founder=organiser), name="Marches", organiser=organiser
    )
    page.set_viewport_size({"width": 375, "height": 812})
    log_in_as(page, live_server, "orga", "fr")
    page.goto(f"/setup/{campaign.pk}/map/")

    form = page.locator("#place-territory")
    for name, kind, x, y in SIX:
        tap_map(page, x, y)
        expect(page.locator("#place-status")).to_contain_text("Placé là où vous avez touché la carte")
        assert abs(float(form.get_by_label("Position horizontale (0–100)").input_value()) - x) <= 1
        assert abs(float(form.get_by_label("Position verticale (0–100)").input_value()) - y) <= 1
        form.get_by_label("Nom").fill(name)
        form.get_by_label("Type").select_option(label=kind)
        form.get_by_role("button", name="Ajouter").click()
        expect(page.locator("#map-editor").get_by_role("status")).to_contain_text(f"{name} est sélectionné")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    placed = {t.name: t for t in Territory.objects.filter(campaign=campaign)}
    for name, _kind, x, y in SIX:
        assert abs(placed[name].x - x) <= 1.5, name
        assert abs(placed[name].y - y) <= 1.5, name
    # the selected territory is ringed on the map
    expect(page.locator("#map-editor g.territory.selected")).to_have_attribute("data-territory", str(placed["Val"].pk))

    # roads: Val is selected; a tap on Mont joins them, then Mont selected joins Aigle and Bourg
    page.mouse.click(*token(page, placed["Mont"]))
    # each tap waits for the redrawn map before the next: a tap during the swap would land on the old picture
    expect(page.locator("#neighbour-list")).to_contain_text("Mont")
    page.mouse.click(*token(page, placed["Val"]))  # lets Val go
    expect(page.locator("#map-editor").get_by_role("status")).not_to_contain_text("est sélectionné")
    page.mouse.click(*token(page, placed["Mont"]))
    expect(page.locator("#map-editor g.territory.selected")).to_have_attribute("data-territory", str(placed["Mont"].pk))
    # two quick taps: the second lands on the map the first's answer is about to replace, and both roads show
    page.mouse.click(*token(page, placed["Aigle"]))
    page.mouse.click(*token(page, placed["Bourg"]))
    expect(page.locator("#map-editor svg g.roads line")).to_have_count(6)  # each road drawn as two strokes
    assert sorted(n.name for n in Territory.objects.get(pk=placed["Mont"].pk).neighbours.all()) == [
        "Aigle",
        "Bourg",
        "Val",
    ]

    # Bourg dragged to the middle of the map
    start = token(page, placed["Bourg"])
    page.locator("#map-editor svg").scroll_into_view_if_needed()
    target = page.evaluate(
        """() => {
            const editor = document.getElementById("map-editor");
            const svg = editor.querySelector("svg");
            const margin = parseFloat(editor.dataset.mapMargin), size = parseFloat(editor.dataset.mapSize);
            const point = svg.createSVGPoint();
            point.x = margin + 0.5 * size;
            point.y = margin + 0.45 * size;
            const screen = point.matrixTransform(svg.getScreenCTM());
            return [screen.x, screen.y];
        }"""
    )
    start = token(page, placed["Bourg"])
    with page.expect_response(lambda r: "/move/" in r.url):
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move((start[0] + target[0]) / 2, (start[1] + target[1]) / 2, steps=4)
        page.mouse.move(*target, steps=4)
        page.mouse.up()
    bourg = Territory.objects.get(pk=placed["Bourg"].pk)
    assert abs(bourg.x - 50) <= 2
    assert abs(bourg.y - 45) <= 2
    expect(page.locator("#map-editor g.territory.selected")).to_have_attribute(
        "data-territory", str(placed["Bourg"].pk)
    )

    # the forts step: each castle and the fortress already has its fort, of Table 1's first column (§1.4)
    page.goto(f"/setup/{campaign.pk}/forts/")
    for name in ("Roc", "Aigle", "Mont"):
        card = page.locator("form.card", has=page.get_by_role("heading", name=name))
        expect(card).to_contain_text("Son fort tient une garnison jusqu’à 1000 points (Table 1).")
        layout = FortLayout.from_json(Territory.objects.get(pk=placed[name].pk).fort_layout)
        assert list(layout.problems(1000)) == []
    assert Territory.objects.get(pk=placed["Gué"].pk).fort_layout is None
