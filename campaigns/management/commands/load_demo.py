from typing import Any

from django.core.management.base import BaseCommand

from campaigns.services.demo import DEMO_LOGINS, DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Loads the demo campaign (idempotent) and prints its logins."

    def handle(self, *args: Any, **options: Any) -> None:
        campaign = load_demo()
        self.stdout.write(f"Demo campaign: {campaign.name}")
        self.stdout.write(f"Demo logins (password: {DEMO_PASSWORD}):")
        for login in DEMO_LOGINS:
            self.stdout.write(f"  {login.username:<14} {login.role.label}")
