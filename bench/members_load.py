"""A club's members browsing the demo campaign at once, measured with Locust against the app served as production
serves it: gunicorn with the image's 3 sync workers, ``DEBUG=0``, collected static files, on loopback only.

    make load                                   # 50 members, 120 s measured
    .venv/bin/python bench/members_load.py [--members 50] [--seconds 120] [--arrivals 1] [--workers 3]

It starts its own embedded PostgreSQL and Redis under ``var/`` (or uses ``DATABASE_URL`` / ``REDIS_URL``), loads the
demo campaign (``load_demo``) and adds members to it until it has ``--members`` (the demo's five logins first),
starts gunicorn, then runs ``bench/locustfile.py`` headless: ``--arrivals`` members a second log in, and once all
have arrived the clock starts. It prints each page's percentiles, the requests a second and the errors, the CPU time
the server's workers spent a page, then the logins' times apart, as Markdown (docs/performance.md keeps the figures).
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bench.serving import production_server  # noqa: E402
from siege_site.stack import PYTHON, manage  # noqa: E402

EXTRA_MEMBER = "membre{:02d}"


def prepare(members: int) -> list[str]:
    """Run inside Django (``manage.py shell``): the demo campaign with ``members`` members, the demo's logins first,
    then players who joined it with the demo's password. Their password is hashed once, as production hashes it,
    and that hash is given to each (one hash per account would only make the preparation slow)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from campaigns.services import add_campaign_member, join_club
    from campaigns.services.demo import DEMO_LOGINS, DEMO_PASSWORD, load_demo

    campaign = load_demo()
    usernames = [login.username for login in DEMO_LOGINS][:members]
    extra = [EXTRA_MEMBER.format(n) for n in range(1, members - len(usernames) + 1)]
    hashed = make_password(DEMO_PASSWORD)
    user_model = get_user_model()
    for username in extra:
        user = user_model.objects.filter(username=username).first() or user_model.objects.create(
            username=username, email=f"{username}@example.org", password=hashed
        )
        join_club(club=campaign.club, user=user)
        add_campaign_member(campaign=campaign, user=user)
    return usernames + extra


def percentile_table(stats_csv: Path, seconds: float) -> str:
    """Locust's figures per page (its ``_stats.csv``) as a Markdown table, the mix last."""
    with stats_csv.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    lines = [
        "| page | requests | p50 ms | p95 ms | p99 ms | max ms | errors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in sorted(rows, key=lambda row: (row["Name"] == "Aggregated", row["Name"])):
        if row["Request Count"] == "0":
            continue
        name = "**all**" if row["Name"] == "Aggregated" else row["Name"]
        lines.append(
            f"| {name} | {row['Request Count']} | {row['50%']} | {row['95%']} | {row['99%']} | "
            f"{float(row['Max Response Time']):.0f} | {row['Failure Count']} |"
        )
    total = next(row for row in rows if row["Name"] == "Aggregated")
    lines.append("")
    lines.append(
        f"{total['Request Count']} requests in {seconds:.0f} s ({float(total['Requests/s']):.1f} per second), "
        f"{total['Failure Count']} errors"
    )
    return "\n".join(lines)


def cpu_line(cpu_file: Path, stats_csv: Path, workers: int) -> str:
    """The CPU time gunicorn's workers spent per page while measured: what a page costs the server, whatever else
    the machine was doing (the latencies count the waiting for a core too)."""
    if not cpu_file.exists():
        return "the server's CPU time was not measured"
    with stats_csv.open(newline="") as handle:
        total = next(row for row in csv.DictReader(handle) if row["Name"] == "Aggregated")
    seconds, pages = float(cpu_file.read_text()), int(total["Request Count"])
    return f"the {workers} workers used {seconds:.1f} s of CPU: {1000 * seconds / max(pages, 1):.1f} ms a page"


def login_line(logins_file: Path) -> str:
    times = sorted(float(line) for line in logins_file.read_text().split())
    if not times:
        return "no login was timed"
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
    return (
        f"{len(times)} logins while the members arrived: median {statistics.median(times):.0f} ms, "
        f"p95 {p95:.0f} ms, max {times[-1]:.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120, help="measured, once every member has arrived")
    parser.add_argument("--arrivals", type=float, default=1, help="members logging in each second")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (the production image runs 3)")
    args = parser.parse_args()

    print("Preparing the demo campaign and serving it…", file=sys.stderr, flush=True)
    with production_server(
        workers=args.workers,
        # as behind the HTTPS proxy: each member's own address (X-Forwarded-For) has its odds budget
        extra={
            "BEHIND_HTTPS_PROXY": "1",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        },
        prepare=lambda production: manage(
            production,
            "shell",
            "-c",
            "from bench.members_load import prepare; from campaigns.services.demo import DEMO_PASSWORD; "
            f"print(','.join(prepare({args.members}))); print(DEMO_PASSWORD)",
            capture=True,
        ),
        log="gunicorn.log",
        headers={"X-Forwarded-Proto": "https"},
    ) as served:
        usernames, password = served.prepared.strip().splitlines()[-2:]
        ramp = args.members / args.arrivals
        logins_file, stats = served.var_dir / "logins.txt", served.var_dir / "locust"
        cpu_file = served.var_dir / "cpu.txt"
        locust = [
            PYTHON, "-m", "locust", "-f", str(BASE_DIR / "bench" / "locustfile.py"), "--headless",
            "--host", served.base, "--users", str(args.members), "--spawn-rate", str(args.arrivals),
            "--run-time", f"{3 * ramp + args.seconds + 120:.0f}s", "--only-summary",
            "--csv", str(stats), "--loglevel", "WARNING", "--stop-timeout", "5",
        ]  # fmt: skip
        arriving = f"{args.members} members arriving, then {args.seconds:.0f} s measured…"
        print(arriving, file=sys.stderr, flush=True)
        subprocess.run(
            locust,
            env=os.environ
            | {"LOAD_USERNAMES": usernames, "LOAD_PASSWORD": password, "LOAD_LOGINS_FILE": str(logins_file)}
            | {"LOAD_MEMBERS": str(args.members), "LOAD_SECONDS": str(args.seconds)}
            | {"LOAD_SERVER_PID": str(served.pid), "LOAD_CPU_FILE": str(cpu_file)},
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        print(
            f"{args.members} members, each a page every 1–3 s, {args.workers} gunicorn workers, "
            f"{os.cpu_count()} cores, the load tool on the same machine\n"
        )
        print(percentile_table(Path(f"{stats}_stats.csv"), args.seconds))
        print(cpu_line(cpu_file, Path(f"{stats}_stats.csv"), args.workers))
        print(login_line(logins_file))
        with Path(f"{stats}_stats.csv").open(newline="") as handle:
            failures = sum(int(row["Failure Count"]) for row in csv.DictReader(handle))
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
