from typing import Any

from django.core.management.base import BaseCommand

from campaigns import page_cache, selectors


class Command(BaseCommand):
    help = (
        "Drops every campaign's cached pages (its map, chart, standings and members' list), to be drawn anew: "
        "after the database is put back from a backup, its campaigns keep their keys while the cache still holds "
        "what was drawn of them since."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        campaigns = selectors.campaign_ids()
        for campaign_id in campaigns:
            page_cache.changed(campaign_id)
        self.stdout.write(f"Cached pages dropped for {len(campaigns)} campaign(s)")
