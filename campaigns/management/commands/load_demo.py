from argparse import ArgumentParser
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from campaigns.services.demo import DEMO_LOGINS, DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Loads the demo campaign (idempotent) and prints its logins."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--migrate",
            action="store_true",
            help="Bring the database up to date first, in the same process: make run starts a second sooner.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["migrate"]:
            call_command("migrate", interactive=False, verbosity=0)
        campaign = load_demo()
        self.stdout.write(f"Demo campaign: {campaign.name}")
        self.stdout.write(f"Demo logins (password: {DEMO_PASSWORD}):")
        for login in DEMO_LOGINS:
            self.stdout.write(f"  {login.username:<14} {login.role.label}")
