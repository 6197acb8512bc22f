"""A Frères d'Armes skirmish battle's bands (003 II §2): each side's player (or the organiser) types its band a model
a line on the campaign battle page before the skirmish starts; the engine reads every line first, so a bad band is
refused naming the rule and the range and leaves the band kept before; the page shows each band as a table, and
the skirmish tracker starts from them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.bands.selectors import band_texts, bands_shown
from campaigns.bands.services import save_band
from campaigns.models import Battle, Campaign, SkirmishBand
from campaigns.rule_systems.services import set_rule_system
from rules.freres.state import Side
from tests.demo import load_demo
from tracker import selectors
from tracker.models import TrackedBattle
from tracker.services.skirmish import start_campaign_skirmish

from .demo_helpers import as_member, member

pytestmark = pytest.mark.django_db

DEFENDERS = "sergeant 6 4 5 5 6 7 armour=2 shield=1\ncrossbowman 4 6 4 6 5 6 bow"
"""Chloé's band: a sergeant and a crossbowman (C T D A M PA, II §2)."""


def skirmish(campaign: Campaign) -> Battle:
    """The demo's battle at Montfort, named a Frères d'Armes skirmish by the organiser: Bruno attacks, Chloé
    defends."""
    battle = Battle.objects.get(campaign=campaign, kind="siege", winner="")
    set_rule_system(battle=battle, rule_system="freres", by=member(campaign, "organisateur"))
    battle.refresh_from_db()
    return battle


def url(campaign: Campaign, battle: Battle, side: str) -> str:
    return f"/campaigns/{campaign.pk}/battles/{battle.pk}/band/{side}/"


def test_a_side_keeps_its_band_and_the_engine_reads_each_model() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    save_band(battle=battle, side="defender", text=f"  {DEFENDERS}\n\n", by=member(campaign, "chloe"))
    assert band_texts(battle) == {Side.B: DEFENDERS}  # the defender leads band B
    attacker, defender = bands_shown(battle, member(campaign, "chloe"))
    assert attacker.models == ()
    assert [(m.id, m.profile.name, m.profile.C, m.profile.PA) for m in defender.models] == [
        ("b1", "sergeant", 6, 7),
        ("b2", "crossbowman", 4, 6),
    ]
    assert defender.models[0].profile.armour == 2
    assert defender.models[1].profile.missile is not None
    assert defender.may_edit  # Chloé types hers
    assert not attacker.may_edit  # not Bruno's


def test_a_characteristic_outside_1_to_10_is_refused_with_the_rule_and_the_band_kept_before_stays() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    chloe = member(campaign, "chloe")
    save_band(battle=battle, side="defender", text=DEFENDERS, by=chloe)
    with pytest.raises(ValidationError) as refused:
        save_band(battle=battle, side="defender", text="hero 5 5 5 5 5 6\ngiant 11 5 5 5 5 6", by=chloe)
    message = " ".join(refused.value.messages)
    assert "II §2" in message
    assert "ligne 2 : C doit être" in message  # the second line
    assert "C doit être entre 1 et 10, pas 11 (003 II §2)" in message
    assert SkirmishBand.objects.get(battle=battle, side="defender").text == DEFENDERS
    with pytest.raises(ValidationError) as nothing:
        save_band(battle=battle, side="attacker", text="orc 5 5 5 5 5", by=member(campaign, "bruno"))
    assert "C T D A M PA" in " ".join(nothing.value.messages)
    assert not SkirmishBand.objects.filter(battle=battle, side="attacker").exists()


def test_only_the_sides_player_or_the_organiser_types_a_band_and_only_before_the_skirmish_starts() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    for login in ("bruno", "alice"):
        with pytest.raises(ValidationError, match="joueur de son camp ou par l’organisateur"):
            save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, login))
    save_band(battle=battle, side="attacker", text="orc-boss 7 3 6 5 7 7", by=member(campaign, "organisateur"))
    assert band_texts(battle) == {Side.A: "orc-boss 7 3 6 5 7 7"}
    with pytest.raises(ValidationError, match="celle de l’attaquant ou celle du défenseur"):
        save_band(battle=battle, side="besieger", text=DEFENDERS, by=member(campaign, "chloe"))
    save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, "chloe"))
    start_campaign_skirmish(battle=battle, user=battle.defender.user, data={"seed": 1})
    with pytest.raises(ValidationError, match="L’escarmouche a commencé"):
        save_band(battle=battle, side="attacker", text="orc 5 5 5 5 5 6", by=member(campaign, "bruno"))
    assert band_texts(battle) == {Side.A: "orc-boss 7 3 6 5 7 7", Side.B: DEFENDERS}


def test_a_battle_not_played_with_freres_d_armes_has_no_bands() -> None:
    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege", winner="")
    with pytest.raises(ValidationError, match="Seule une bataille jouée avec Frères d’Armes a des troupes"):
        save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, "organisateur"))
    assert not SkirmishBand.objects.exists()
    page = as_member(campaign, "chloe").get(f"/campaigns/{campaign.pk}/battles/{battle.pk}/")
    assert 'id="bands"' not in page.content.decode()


def test_the_battle_page_shows_each_band_as_a_table_and_takes_the_sides_band() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    chloe = as_member(campaign, "chloe")
    battle_page = f"/campaigns/{campaign.pk}/battles/{battle.pk}/"
    page = chloe.get(battle_page).content.decode()
    assert 'id="band-defender-text"' in page  # her band's form
    assert 'id="band-attacker-text"' not in page  # not Bruno's
    answer = chloe.post(url(campaign, battle, "defender"), {"text": DEFENDERS})
    assert answer.status_code == 302
    assert answer["Location"].endswith(f"{battle_page}#bands")
    page = as_member(campaign, "bruno").get(battle_page).content.decode()
    assert "<td>sergeant</td><td>6</td><td>4</td><td>5</td><td>5</td><td>6</td><td>7</td>" in page
    assert "<td>armure=2 bouclier=1</td>" in page  # as the French page writes a band line
    assert "<td>crossbowman</td>" in page


def test_a_bad_band_typed_on_the_page_is_refused_there_without_a_500_and_changes_nothing() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    chloe = as_member(campaign, "chloe")
    chloe.post(url(campaign, battle, "defender"), {"text": DEFENDERS})
    page = chloe.post(url(campaign, battle, "defender"), {"text": "sergeant 6 4 5 5 0 7"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "M doit être entre 1 et 10, pas 0" in text
    assert "sergeant 6 4 5 5 0 7" in text  # what was typed stays in the form
    assert band_texts(battle) == {Side.B: DEFENDERS}
    bruno = as_member(campaign, "bruno")
    refused = bruno.post(url(campaign, battle, "defender"), {"text": "orc 5 5 5 5 5 6"}, follow=True)
    assert "joueur de son camp ou par l’organisateur" in refused.content.decode()
    assert band_texts(battle) == {Side.B: DEFENDERS}
    assert bruno.get(url(campaign, battle, "nobody")).status_code == 404


def test_the_skirmish_tracker_starts_from_the_bands_typed_on_the_battle_page() -> None:
    campaign = load_demo()
    battle = skirmish(campaign)
    save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, "chloe"))
    page = as_member(campaign, "chloe").get(f"/tracker/skirmish/campaign-battle/{battle.pk}/").content.decode()
    assert '<pre id="band-b">sergeant 6 4 5 5 6 7 armour=2 shield=1\ncrossbowman 4 6 4 6 5 6 bow</pre>' in page
    assert 'id="band-a-missing"' in page  # the attacker typed none
    assert 'name="band_a"' not in page  # the bands are typed on the battle page, not here
    assert 'name="band_b"' not in page


ORCS = "orc-boss 7 3 6 5 7 7\ngoblin 3 3 4 4 5 6"
"""Bruno's band: an orc boss and a goblin."""


def start_url(battle: Battle) -> str:
    return f"/tracker/skirmish/campaign-battle/{battle.pk}/"


def test_a_side_without_its_band_is_refused_naming_it_and_nothing_starts() -> None:
    """II §2: each band is typed before the skirmish; starting locks them, so a missing one is refused first."""
    campaign = load_demo()
    battle = skirmish(campaign)
    save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, "chloe"))
    page = as_member(campaign, "chloe").post(start_url(battle), {"dice": "app", "seed": "1"})
    assert page.status_code == 200
    assert "003 II §2: La troupe de l’attaquant n’est pas encore saisie" in page.content.decode()
    assert not TrackedBattle.objects.exists()
    save_band(battle=battle, side="attacker", text=ORCS, by=member(campaign, "bruno"))  # not locked: still typed


def test_the_other_side_s_band_posted_when_starting_is_ignored() -> None:
    """Bruno starts the skirmish posting a band B of his own: Chloé's band, typed on the battle page, is played."""
    campaign = load_demo()
    battle = skirmish(campaign)
    save_band(battle=battle, side="defender", text=DEFENDERS, by=member(campaign, "chloe"))
    save_band(battle=battle, side="attacker", text=ORCS, by=member(campaign, "bruno"))
    answer = as_member(campaign, "bruno").post(
        start_url(battle),
        {"band_a": ORCS, "band_b": "peasant 1 1 1 1 1 1", "dice": "app", "seed": "1"},
    )
    assert answer.status_code == 302
    tracked = TrackedBattle.objects.get(campaign_battle=battle)
    models = [(m.id, m.profile.name, m.profile.C) for m in selectors.current(tracked).battle.setup.models]
    assert models == [
        ("a1", "orc-boss", 7),
        ("a2", "goblin", 3),
        ("b1", "sergeant", 6),
        ("b2", "crossbowman", 4),
    ]
    assert band_texts(battle) == {Side.A: ORCS, Side.B: DEFENDERS}


def test_a_band_line_reads_its_keys_in_french_or_english_and_the_example_is_in_the_readers_language() -> None:
    # 003 II §2: name, C T D A M PA, then the equipment; the keys as the French page writes them, or in English
    from django.utils import translation

    from campaigns.bands.lines import example_band, parse_band
    from rules.freres.state import Side

    (french,) = parse_band("sergent 6 4 5 5 6 7 armure=2 bouclier=1 arme=1 monture=5 arc", Side.B)
    (english,) = parse_band("sergeant 6 4 5 5 6 7 armour=2 shield=1 weapon=1 mount=5 bow", Side.B)
    for profile in (french.profile, english.profile):
        assert (profile.armour, profile.shield, profile.weapon_damage, profile.mount_defence) == (2, 1, 1, 5)
        assert profile.missile is not None
    with translation.override("fr"):
        assert example_band(Side.A).splitlines()[0] == "chevalier 7 3 6 5 7 7 armure=3 bouclier=1 arme=2"
    with translation.override("en"):
        assert example_band(Side.A).splitlines()[0] == "knight 7 3 6 5 7 7 armour=3 shield=1 weapon=2"


def test_what_the_hands_hold_is_read_and_written_in_the_readers_words() -> None:
    # 003 II §4.5 « une lame […] et une dague ou une autre lame »: hands= in French or English, written back in French
    from django.utils import translation

    from campaigns.bands.lines import band_line, parse_band
    from rules.freres.state import Side

    (french,) = parse_band("sergent 6 4 5 5 6 7 mains=deux_lames étendard", Side.B)
    (english,) = parse_band("sergeant 6 4 5 5 6 7 hands=two_blades standard", Side.B)
    assert (french.profile.hands, french.bears_standard) == ("two_blades", True)
    assert english.profile.hands == "two_blades"
    with translation.override("fr"):
        assert band_line(french.profile) == "sergent 6 4 5 5 6 7 mains=deux_lames"
