"""A task goes through Redis to a real worker process and its result comes back."""

import pytest

from siege_site.celery import ping


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_ping_goes_through_redis_to_a_real_worker_and_back(celery_worker: str) -> None:
    result = ping.delay()
    assert result.get(timeout=120) == "pong"
    assert result.successful()
