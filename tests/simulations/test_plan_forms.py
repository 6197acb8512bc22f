"""The simulator's plans built from forms: the fort's sections to choose from, a row a ladder, target, troop or
defence, the demo siege's plans filled in; the same plans typed in French or English words give the same assault;
bad rows are refused under their field and nothing is saved."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from bots.siege.assault import Assault, BesiegedPlan, BesiegerPlan, Garrison, demo_assault
from rules.siege.board.engines import Liquid
from simulations.forms import RunForm
from simulations.models import SimulationRun
from simulations.plan_forms import PlanForms
from tests.browser.giveaways import problems

pytestmark = pytest.mark.django_db

EXPECTED = Assault(
    BesiegerPlan(
        ladders=("W1", "W1", "W3"),
        ram_gate="P1",
        covered_ram=False,
        ram_crew=8,
        tower=None,
        machines=("gate:G1", "gate:G1", "T2"),
        mine="W2",
        engine_points=200,
    ),
    BesiegedPlan(
        garrison=(Garrison("W1", "crossbowman", 4), Garrison("W3", "halberdier", 9), Garrison("C1", "halberdier", 5)),
        stones=(("W1", 3),),
        rocks=(("W3", 1),),
        braziers=(("W1", Liquid.WATER), ("W1", Liquid.WATER), ("W3", None)),
        counter_miners=2,
        engine_points=60,
    ),
    fort_points=1500,
)
"""A plan unlike the demo's, written by hand: two ladder rows, a gate among the machines' targets, every kind of
defence bought."""


def rows(name: str, *lines: dict[str, Any], initial: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        f"plan-{name}-TOTAL_FORMS": str(len(lines)),
        f"plan-{name}-INITIAL_FORMS": str(len(lines) if initial is None else initial),
    }
    for n, line in enumerate(lines):
        data |= {f"plan-{name}-{n}-{key}": value for key, value in line.items()}
    return data


def built(**changes: Any) -> dict[str, Any]:
    """The forms of :data:`EXPECTED`, as the browser posts them."""
    data = {
        "plan": "forms",
        "plan-label": "Poterne",
        "plan-games": "4",
        "plan-seed": "12",
        "plan-fort_points": "1500",
        "plan-ram_gate": "P1",
        "plan-ram_crew": "8",
        "plan-tower": "",
        "plan-mine": "W2",
        "plan-besieger_points": "200",
        "plan-counter_miners": "2",
        "plan-besieged_points": "60",
    }
    data |= rows("ladders", {"section": "W1", "count": "2"}, {"section": "W3", "count": "1"})
    data |= rows("machines", {"target": "gate:G1", "count": "2"}, {"target": "T2", "count": "1"})
    data |= rows(
        "garrison",
        {"section": "W1", "troop": "crossbowman", "count": "4"},
        {"section": "W3", "troop": "halberdier", "count": "9"},
        {"section": "C1", "troop": "halberdier", "count": "5"},
    )
    data |= rows(
        "defences",
        {"section": "W1", "item": "stones", "count": "3"},
        {"section": "W3", "item": "rock", "count": "1"},
        {"section": "W1", "item": "brazier_water", "count": "2"},
        {"section": "W3", "item": "brazier", "count": "1"},
    )
    return data | changes


TYPED_IN_FRENCH = {
    "label": "Poterne",
    "games": "4",
    "seed": "12",
    "ladders": "W1, W1, W3",
    "ram_gate": "P1",
    "ram_crew": "8",
    "tower": "",
    "machines": "porte:G1, gate:G1, T2",
    "mine": "W2",
    "besieger_points": "200",
    "garrison": "W1 arbalétrier 4\nW3 hallebardier 9\nC1 Hallebardier 5",
    "stones": "W1:3",
    "rocks": "W3:1",
    "braziers": "W1:eau, W1:water, W3:aucun",
    "counter_miners": "2",
    "besieged_points": "60",
    "fort_points": "1500",
}
""":data:`EXPECTED` typed in the « advanced » form, in French words (and a few English ones)."""


def test_the_plans_built_from_forms_and_the_same_plans_typed_give_the_hand_written_assault() -> None:
    plan = PlanForms(built())
    assert plan.is_valid(), (plan.form.errors, [f.errors for f in plan.lists.values()])
    assert Assault.from_json(plan.assault()) == EXPECTED
    typed = RunForm(TYPED_IN_FRENCH)
    assert typed.is_valid(), typed.errors
    assert Assault.from_json(typed.cleaned_data["assault"]) == EXPECTED


def test_a_run_launched_from_the_forms_keeps_the_hand_written_plans(client: Client, owner: User) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), built())
    run = SimulationRun.objects.get()
    assert page.status_code == 302
    assert page["Location"] == reverse("simulations:detail", args=[run.pk])
    assert (run.label, run.games, run.seed) == ("Poterne", 4, 12)
    assert run.assault == EXPECTED.to_json()


@pytest.mark.template_context
def test_the_forms_start_from_the_demo_siege(client: Client, owner: User) -> None:
    client.force_login(owner)
    page = client.get(reverse("simulations:list"))
    plan = page.context["plan"]
    # the demo siege: two ladders on W3, a covered ram at G1, the tower against W2, a catapult on T3, a mine under
    # W4; 8 halberdiers and 3 crossbowmen on W3, 6 halberdiers on W2, 10 in C2; two stones and a brazier of oil on W3
    assert plan.form.initial["ram_gate"] == "G1"
    assert plan.form.initial["covered_ram"] is True
    assert [f.initial for f in plan.lists["ladders"].forms] == [{"section": "W3", "count": 2}]
    assert [f.initial for f in plan.lists["machines"].forms] == [{"target": "T3", "count": 1}]
    assert [(f.initial["section"], f.initial["troop"], f.initial["count"]) for f in plan.lists["garrison"]] == [
        ("W3", "halberdier", 8),
        ("W3", "crossbowman", 3),
        ("W2", "halberdier", 6),
        ("C2", "halberdier", 10),
    ]
    assert [f.initial for f in plan.lists["defences"].forms] == [
        {"section": "W3", "item": "stones", "count": 2},
        {"section": "W3", "item": "brazier_oil", "count": 1},
    ]
    html = page.content.decode()
    # in French: the purchases' words (§14.2), the fort's sections by kind, the troops with their profiles
    assert '<option value="brazier_oil" selected>un chaudron d’huile bouillante</option>' in html
    assert '<option value="W3" selected>W3 (Chemin de ronde)</option>' in html
    assert "Hallebardiers (M4 CC3 CT3 F3 E3 PV1 I3 A1 Cd7 Svg6+, 6 pts)" in html
    assert "Avancé : taper les plans" in html


def test_the_demo_plans_as_the_page_fills_them_launch_the_demo_assault(client: Client, owner: User) -> None:
    data = {"plan": "forms", "plan-games": "4", "plan-seed": "3", "plan-fort_points": "1500", "plan-ram_gate": "G1"}
    data |= {"plan-covered_ram": "on", "plan-ram_crew": "6", "plan-tower": "W2", "plan-mine": "W4"}
    data |= {"plan-besieger_points": "150", "plan-counter_miners": "0", "plan-besieged_points": "0"}
    data |= rows("ladders", {"section": "W3", "count": "2"}) | rows("machines", {"target": "T3", "count": "1"})
    data |= rows(
        "garrison",
        {"section": "W3", "troop": "halberdier", "count": "8"},
        {"section": "W3", "troop": "crossbowman", "count": "3"},
        {"section": "W2", "troop": "halberdier", "count": "6"},
        {"section": "C2", "troop": "halberdier", "count": "10"},
    )
    data |= rows(
        "defences", {"section": "W3", "item": "stones", "count": "2"}, {"section": "W3", "item": "brazier_oil"}
    )
    data["plan-defences-1-count"] = "1"
    client.force_login(owner)
    assert client.post(reverse("simulations:list"), data).status_code == 302
    assert SimulationRun.objects.get().assault == demo_assault().to_json()


def test_a_row_marked_for_removal_is_left_out(client: Client, owner: User) -> None:
    client.force_login(owner)
    client.post(reverse("simulations:list"), built(**{"plan-defences-1-DELETE": "on", "plan-ladders-0-DELETE": "on"}))
    plans = SimulationRun.objects.get().assault
    assert plans["besieger"]["ladders"] == ["W3"]
    assert plans["besieged"]["rocks"] == []


@pytest.mark.template_context
def test_adding_a_row_launches_nothing_and_gives_the_list_one_more_row(client: Client, owner: User) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), built(add="garrison"))
    assert page.status_code == 200
    garrison = page.context["plan"].lists["garrison"]
    assert len(garrison.forms) == 4
    assert garrison.forms[3]["count"].value() == "1"
    assert not SimulationRun.objects.exists()


def test_a_larger_fort_offers_its_own_sections(client: Client, owner: User) -> None:
    client.force_login(owner)
    small = client.get(reverse("simulations:list")).content.decode()
    # Table 1 (§1.4): a fort for 2,500 points has five wall-walks and two posterns
    page = client.post(reverse("simulations:list"), built(add="fort", **{"plan-fort_points": "2500"}))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'value="W5"' not in small
    assert 'value="W5"' in html
    assert 'value="P2"' in html
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a section the fort lacks
        ({"plan-ladders-0-section": "W9"}, "Sélectionnez un choix valide. W9 n’en fait pas partie."),
        # a ladder row of none
        ({"plan-ladders-1-count": "0"}, "Assurez-vous que cette valeur est supérieure ou égale à 1."),
        # a troop the garrison has no profile for
        ({"plan-garrison-0-troop": "ogre"}, "Sélectionnez un choix valide. ogre n’en fait pas partie."),
        # §1.7: « Une section de chemin de ronde […] avec 15 figurines de chaque camp seulement »
        (
            {"plan-garrison-1-count": "16"},
            "Garnison : W3 (Chemin de ronde) tient au plus 15 figurines d’un camp, pas 16 (§1.7).",
        ),
        # §16: no defender at all
        (
            {f"plan-garrison-{n}-DELETE": "on" for n in range(3)},
            "Garnison : le fort a besoin d’au moins un défenseur (§16).",
        ),
        # §7: the besieger comes with nothing
        (
            {"plan-ladders-TOTAL_FORMS": "0", "plan-machines-TOTAL_FORMS": "0", "plan-ram_gate": "", "plan-mine": ""},
            "L’assiégeant : le plan n’amène aux murs ni échelle, ni bélier, ni tour, ni machine de guerre, ni sape "
            "(§7).",
        ),
        # §14: the besieger's engines cost more than its points
        ({"plan-besieger_points": "5"}, "Le plan est refusé : engine_points:"),
        ({"plan-games": "x"}, "Saisissez un nombre entier."),
        ({"plan-garrison-TOTAL_FORMS": "x"}, "Des données du formulaire ManagementForm sont manquantes"),
        ({"plan-defences-0-item": "cannon"}, "Sélectionnez un choix valide. cannon n’en fait pas partie."),
    ],
)
def test_a_bad_row_is_refused_in_the_page_and_nothing_is_saved(
    client: Client, owner: User, change: dict[str, Any], message: str
) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), built(**change))
    assert page.status_code == 400
    assert message in page.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_typed_word_that_is_no_troop_nor_liquid_is_named_in_the_page(client: Client, owner: User) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), TYPED_IN_FRENCH | {"garrison": "W3 ogre 4"})
    assert page.status_code == 400
    assert (
        "garnison : ogre n’est pas une troupe ; écrivez l’une de : hallebardier, arbalétrier." in page.content.decode()
    )
    page = client.post(reverse("simulations:list"), TYPED_IN_FRENCH | {"garrison": "W3 hallebardier"})
    assert "comme « W3 hallebardier 8 » (pas « W3 hallebardier »)" in page.content.decode()
    page = client.post(reverse("simulations:list"), TYPED_IN_FRENCH | {"braziers": "W3:vin"})
    assert "braziers : vin n’est pas un liquide ; écrivez l’un de : eau, huile, plomb, aucun." in page.content.decode()
    assert not SimulationRun.objects.exists()


@pytest.mark.template_context
def test_the_typed_form_writes_the_demo_plans_in_french_words(client: Client, owner: User) -> None:
    client.force_login(owner)
    form = client.get(reverse("simulations:list")).context["form"]
    assert form.initial["garrison"] == "W3 hallebardier 8\nW3 arbalétrier 3\nW2 hallebardier 6\nC2 hallebardier 10"
    assert form.initial["braziers"] == "W3:huile"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_simulator_s_pages_show_no_word_of_the_other_language_nor_internals(
    client: Client, owner: User, language: str
) -> None:
    client.force_login(owner)
    header = {"HTTP_ACCEPT_LANGUAGE": language}
    client.post(reverse("simulations:list"), built(), **header)
    run = SimulationRun.objects.get()
    for url in (reverse("simulations:list"), reverse("simulations:detail", args=[run.pk])):
        page = client.get(url, **header)
        assert page["Content-Language"] == language
        assert problems(strip_tags(page.content.decode()), language) == [], url
    # the fort's sections, the troops and the purchases in the reader's words
    html = client.get(reverse("simulations:list"), **header).content.decode()
    words = {
        "fr": ("W2 (Chemin de ronde)", "Arbalétriers (M4 CC3", "un chaudron de plomb fondu", "L’assiégé"),
        "en": ("W2 (Wall-walk)", "Crossbowmen (M4 WS3", "a brazier of molten lead", "The besieged"),
    }
    for word in words[language]:
        assert word in html


@pytest.mark.parametrize(
    "change", [{"add": "garrison", "plan-garrison-TOTAL_FORMS": "x"}, {"add": "cannons"}, {"add": "garrison" * 50}]
)
def test_a_tampered_add_button_launches_nothing_and_fails_no_page(
    client: Client, owner: User, change: dict[str, Any]
) -> None:
    client.force_login(owner)
    page = client.post(reverse("simulations:list"), built(**change))
    assert page.status_code == 200
    assert not SimulationRun.objects.exists()
