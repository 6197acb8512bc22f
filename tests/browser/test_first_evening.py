"""In real Chromium, in French, on phones: a club's first evening from nothing.

The organiser signs up and sets the club and its campaign up step by step, invites two players who sign up by the
link, both give their orders, the turn is resolved into a field battle, one player enters its result and the other
confirms it: the standings move only once it is confirmed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Battle, Campaign, Territory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "tours-et-remparts-1"


@pytest.fixture
def phones(browser: Browser, live_server: LiveServer) -> Iterator[list[Page]]:
    """Two more phones, one for each player, each with its own cookies."""
    contexts = [
        browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}, locale="fr-FR")
        for _ in range(2)
    ]
    pages = []
    for context in contexts:
        context.set_default_timeout(15_000)
        pages.append(context.new_page())
    yield pages
    for context in contexts:
        context.close()


def accept_confirmations(page: Page) -> None:
    """Irreversible turn actions ask first; the organiser says yes."""

    def accept(dialog: Dialog) -> None:
        dialog.accept()

    page.on("dialog", accept)


def sign_up(page: Page, username: str) -> None:
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Adresse e-mail").fill(f"{username}@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Créer un compte").click()


def form_titled(page: Page, heading: str) -> Locator:
    return page.locator("form", has=page.get_by_role("heading", name=heading))


def place(page: Page, name: str, kind: str, x: int, y: int) -> None:
    form = form_titled(page, "Ajouter un territoire")
    form.get_by_label("Nom").fill(name)
    form.get_by_label("Type").select_option(label=kind)
    form.get_by_label("Position horizontale (0–100)").fill(str(x))
    form.get_by_label("Position verticale (0–100)").fill(str(y))
    form.get_by_role("button", name="Ajouter").click()
    expect(page.locator("#map-hint")).to_contain_text(f"{name} est sélectionné")


def on_map(page: Page, campaign: Campaign, name: str) -> Locator:
    territory = Territory.objects.get(campaign=campaign, name=name)
    return page.locator(f'#map-editor [data-territory="{territory.pk}"]')


def toggle_road(page: Page, campaign: Campaign, name: str) -> None:
    with page.expect_response(lambda r: "/neighbours/" in r.url and r.request.method == "POST"):
        on_map(page, campaign, name).click()


def give_owner(page: Page, campaign: Campaign, name: str, player: str) -> None:
    on_map(page, campaign, name).click()  # selects it
    form = form_titled(page, f"Propriétaire de {name}")
    form.get_by_label("Propriétaire").select_option(label=player)
    form.get_by_role("button", name="Enregistrer").click()
    on_map(page, campaign, name).click()  # lets it go
    expect(page.locator("#map-hint")).to_contain_text("Cliquez sur un territoire")


def raise_army(page: Page, player: str, name: str, where: str, points: int) -> None:
    form = form_titled(page, "Nouvelle armée")
    form.get_by_label("Joueur").select_option(label=player)
    form.get_by_label("Nom").fill(name)
    form.get_by_label("Position").select_option(label=where)
    form.get_by_label("Points").fill(str(points))
    form.get_by_role("button", name="Créer").click()
    expect(page.locator("#army-list")).to_contain_text(name)


def give_order(page: Page, army: str, kind: str, target: str | None = None) -> None:
    form = page.locator("form.order").filter(has=page.get_by_role("heading", name=re.compile(re.escape(army))))
    form.get_by_label("Ordre").select_option(label=kind)
    if target:
        form.get_by_label("Cible").select_option(label=target)
    with page.expect_response(lambda r: "/orders/" in r.url and r.request.method == "POST"):
        form.get_by_role("button", name="Donner l’ordre").click()
    expect(form.get_by_role("status")).to_have_text("Ordre enregistré.")


def total_of(page: Page, campaign: Campaign, player: str) -> int:
    page.goto(f"/campaigns/{campaign.pk}/standings/")
    return int(page.locator("table.standings tr", has_text=player).locator("td.total").inner_text())


def test_a_club_plays_its_first_evening_from_sign_up_to_a_confirmed_result(
    page: Page, phones: list[Page], celery_worker: str
) -> None:
    organiser, (anne, basile) = page, phones
    accept_confirmations(organiser)

    # the organiser signs up and founds the club and its campaign
    organiser.goto("/accounts/login/")
    organiser.get_by_role("link", name="créez un compte pour fonder un club").click()
    sign_up(organiser, "odile")
    organiser.get_by_label("Nom du club").fill("Les Veilleurs du Gué")
    organiser.get_by_role("button", name="Fonder le club").click()
    organiser.get_by_label("Nom de la campagne").fill("Première soirée")
    organiser.get_by_role("button", name="Créer la campagne").click()
    expect(organiser.get_by_role("heading", level=1)).to_have_text("Joueurs et factions")
    campaign = Campaign.objects.get(name="Première soirée")
    invitation = organiser.locator("#invite-link").inner_text()

    # two players sign up through the link and choose their factions
    for phone, username, faction in ((anne, "anne", "Empire"), (basile, "basile", "Nains")):
        phone.goto(invitation)
        expect(phone.locator("main")).to_contain_text("Vous êtes invité à la campagne Première soirée")
        sign_up(phone, username)
        phone.get_by_label("Faction").select_option(label=faction)
        phone.get_by_role("button", name="Enregistrer").click()
        expect(phone.get_by_role("heading", level=1)).to_have_text("Première soirée")
    # the players step sees them join without a reload
    expect(organiser.locator("#joined")).to_contain_text("anne, basile", timeout=20_000)
    organiser.reload()
    for username in ("anne", "basile"):
        expect(organiser.locator("form.member-faction", has_text=username)).to_be_visible()

    # the map: territories, a road drawn by clicking on the map, owners; a castle with its generated fort
    organiser.get_by_role("link", name="Étape suivante").click()
    place(organiser, "Gué", "Rase campagne", 25, 40)
    place(organiser, "Mont", "Rase campagne", 70, 40)
    toggle_road(organiser, campaign, "Gué")
    expect(organiser.locator("#neighbour-list")).to_contain_text("Gué")
    on_map(organiser, campaign, "Mont").click()
    give_owner(organiser, campaign, "Gué", "anne")
    give_owner(organiser, campaign, "Mont", "basile")
    place(organiser, "Roc", "Château", 50, 80)
    organiser.get_by_role("link", name="Étape suivante").click()
    fort = organiser.locator("form", has=organiser.get_by_role("heading", name=re.compile("^Roc")))
    # the castle has its generated fort as soon as the step shows it (§1.4 Table 1, no garrison yet)
    expect(fort).to_contain_text("Son fort tient une garnison jusqu’à 1000 points (Table 1).")
    fort.get_by_label("Fort généré").select_option(label="Fort standard pour 1500 points")
    fort.get_by_role("button", name="Enregistrer le plan du fort").click()
    expect(fort).to_contain_text("Son fort tient une garnison jusqu’à 1500 points (Table 1).")

    # the armies, then the first turn
    organiser.get_by_role("link", name="Étape suivante").click()
    raise_army(organiser, "anne", "Ost du Gué", "Gué", 2000)
    raise_army(organiser, "basile", "Garde du Mont", "Mont", 1500)
    organiser.get_by_role("link", name="Terminé : ouvrir le premier tour").click()
    organiser.get_by_role("button", name="Ouvrir le tour suivant").click()
    expect(organiser.locator("#turn")).to_contain_text("Tour 1")

    # both players give their orders
    orders = ((anne, "Ost du Gué", "Attaquer", "Mont"), (basile, "Garde du Mont", "Tenir", None))
    for phone, army, kind, target in orders:
        phone.goto(f"/campaigns/{campaign.pk}/")
        phone.get_by_role("link", name="Ordres", exact=True).click()
        give_order(phone, army, kind, target)

    # the organiser locks and resolves the turn: a field battle at the Mont
    organiser.get_by_role("button", name="Verrouiller les ordres").click()
    organiser.get_by_role("button", name="Résoudre le tour").click()
    expect(organiser.get_by_role("status")).to_contain_text("Le tour est résolu.", timeout=30_000)
    battle = Battle.objects.get(campaign=campaign)
    assert (battle.kind, battle.territory.name) == ("field", "Mont")
    before = total_of(anne, campaign, "anne")

    # anne enters the result: nothing moves until basile confirms it
    anne.goto(f"/campaigns/{campaign.pk}/battles/")
    anne.get_by_role("link", name=re.compile("Bataille rangée — Mont")).click()
    anne.get_by_label("Vainqueur").select_option(label="Attaquant")
    anne.get_by_label("Points de victoire de l’attaquant").fill("12")
    anne.get_by_label("Points de victoire du défenseur").fill("3")
    anne.get_by_label("Pertes de l’attaquant (points)").fill("300")
    anne.get_by_label("Pertes du défenseur (points)").fill("900")
    accept_confirmations(anne)  # recording a result asks first
    anne.get_by_role("button", name=re.compile("^Saisir le résultat")).click()
    expect(anne.locator("#pending-result")).to_contain_text("Résultat en attente de confirmation")
    assert total_of(anne, campaign, "anne") == before
    assert Territory.objects.get(campaign=campaign, name="Mont").owner.user.username == "basile"

    basile.goto(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    expect(basile.locator("#pending-result")).to_contain_text("anne")
    basile.get_by_role("button", name="Confirmer ce résultat").click()
    expect(basile.locator("#pending-result")).to_have_count(0)

    after = total_of(anne, campaign, "anne")
    assert after > before
    assert Territory.objects.get(campaign=campaign, name="Mont").owner.user.username == "anne"
    expect(anne.locator("table.standings tr").nth(1)).to_contain_text("anne")
