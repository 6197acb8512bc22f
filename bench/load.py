"""A club at its order deadline, on loopback: N players each give an order and reload the orders page every few
seconds, against the app served as production serves it (gunicorn, DEBUG off, collected static files).

    .venv/bin/python bench/load.py [--players 50] [--seconds 60] [--every 3] [--workers 3]

It starts its own embedded PostgreSQL and Redis under var/ (or uses DATABASE_URL / REDIS_URL), prepares a campaign
of N players with one army each and a turn open for orders, then prints the latency percentiles and the errors as
a Markdown table (docs/performance.md keeps the figures).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import requests

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bench.serving import production_server  # noqa: E402
from siege_site.stack import manage  # noqa: E402

PASSWORD = "charge-de-la-cavalerie-42"
CAMPAIGN = "Charge à l'échéance"


def prepare(players: int) -> None:
    """Run inside Django (``manage.py shell``): a campaign of ``players`` players on a ring of territories, each
    with one army on their own territory, and a turn open for orders."""
    from django.contrib.auth.models import User

    from campaigns.models import Campaign
    from campaigns.services import (
        TerritorySpec,
        add_campaign_member,
        create_army,
        create_campaign,
        create_club,
        join_club,
        load_map,
        open_turn,
    )

    if Campaign.objects.filter(name=CAMPAIGN).exists():
        return
    organiser = User.objects.create_user("load-orga", password=PASSWORD)
    club = create_club(name="Club de charge", founder=organiser)
    campaign = create_campaign(club=club, name=CAMPAIGN, organiser=organiser)
    names = [f"joueur{n:02d}" for n in range(players)]
    for name in names:
        user = User.objects.create_user(name, password=PASSWORD)
        join_club(club=club, user=user)
        add_campaign_member(campaign=campaign, user=user)
    ring = [(n, name, f"Terre {(n + 1) % players:02d}") for n, name in enumerate(names)]
    specs = [
        TerritorySpec(name=f"Terre {n:02d}", owner=name, neighbours=(nxt,), x=float(n % 10), y=float(n // 10))
        for n, name, nxt in ring
    ]
    territories = {t.name: t for t in load_map(campaign=campaign, specs=specs)}
    for n, member in enumerate(campaign.memberships.filter(user__username__in=names).order_by("user__username")):
        create_army(owner=member, name=f"Ost {n:02d}", territory=territories[f"Terre {n:02d}"], points=1500)
    open_turn(campaign=campaign)


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, call: requests.Response | None, started: float, problem: str = "") -> None:
        elapsed = (time.perf_counter() - started) * 1000
        with self.lock:
            if problem or call is None or call.status_code != 200:
                self.errors.append(problem or f"{kind}: HTTP {call.status_code if call is not None else '?'}")
            else:
                self.latencies[kind].append(elapsed)


@dataclass
class Round:
    """Every player logs in first (hashing 50 passwords is not what is measured); then the clock starts."""

    players: int
    seconds: float
    logged_in: threading.Barrier = field(init=False)
    stop_at: float = 0.0

    def __post_init__(self) -> None:
        self.logged_in = threading.Barrier(self.players + 1)

    def start(self) -> float:
        self.logged_in.wait(600)
        started = time.monotonic()
        self.stop_at = started + self.seconds
        return started


def player(base: str, username: str, tally: Tally, game: Round, every: float) -> None:
    with requests.Session() as session:
        page = session.get(f"{base}/accounts/login/", timeout=120).text
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None
        session.post(
            f"{base}/accounts/login/",
            data={"csrfmiddlewaretoken": token.group(1), "username": username, "password": PASSWORD},
            timeout=120,
        )
        orders = session.get(f"{base}/campaigns/", timeout=30)
        campaign = re.search(r'href="/campaigns/(\d+)/"', orders.text)
        assert campaign is not None, f"{username} sees no campaign"
        url = f"{base}/campaigns/{campaign.group(1)}/orders/"
        army = re.search(r'action="(/campaigns/\d+/orders/(\d+)/)"', session.get(url, timeout=30).text)
        assert army is not None, f"{username} has no army to give orders to"
        order_url, army_id = f"{base}{army.group(1)}", army.group(2)
        game.logged_in.wait(600)
        time.sleep(random.uniform(0, every))  # the players do not all click at the same instant
        data = {f"army-{army_id}-army": army_id, f"army-{army_id}-kind": "hold", f"army-{army_id}-target": ""}
        headers = {"X-CSRFToken": session.cookies["csrftoken"], "HX-Request": "true", "Referer": url}
        while time.monotonic() < game.stop_at:
            for kind in ("order", "orders page"):
                started = time.perf_counter()
                try:
                    if kind == "order":
                        answer = session.post(order_url, data=data, headers=headers, timeout=30)
                    else:
                        answer = session.get(url, timeout=30)
                    tally.timed(kind, answer, started)
                except requests.RequestException as error:
                    tally.timed(kind, None, started, f"{kind}: {type(error).__name__}")
            time.sleep(random.uniform(every * 0.5, every * 1.5))


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(share) - 1] if len(values) > 1 else values[0]


def report(tally: Tally, seconds: float) -> str:
    lines = ["| request | count | p50 ms | p95 ms | p99 ms | max ms |", "|---|---:|---:|---:|---:|---:|"]
    every = [v for values in tally.latencies.values() for v in values]
    for kind, values in [*sorted(tally.latencies.items()), ("all", every)]:
        lines.append(
            f"| {kind} | {len(values)} | {statistics.median(values):.1f} | {percentile(values, 95):.1f} | "
            f"{percentile(values, 99):.1f} | {max(values):.1f} |"
        )
    total = len(every) + len(tally.errors)
    lines.append("")
    lines.append(f"{total} requests in {seconds:.0f} s ({total / seconds:.1f} per second), {len(tally.errors)} errors")
    if tally.errors:
        lines.append("errors: " + ", ".join(sorted(set(tally.errors))))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=3, help="seconds between a player's rounds, on average")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (the production image runs 3)")
    args = parser.parse_args()

    with production_server(
        workers=args.workers,
        prepare=lambda production: manage(
            production, "shell", "-c", f"from bench.load import prepare; prepare({args.players})"
        ),
    ) as served:
        tally, game = Tally(), Round(args.players, args.seconds)
        threads = [
            threading.Thread(target=player, args=(served.base, f"joueur{n:02d}", tally, game, args.every))
            for n in range(args.players)
        ]
        for thread in threads:
            thread.start()
        started = game.start()
        for thread in threads:
            thread.join()
        print(
            f"{args.players} players, a round every {args.every} s on average, {args.workers} gunicorn "
            f"workers, {os.cpu_count()} cores\n"
        )
        print(report(tally, time.monotonic() - started))
        return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
