from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class OddslabConfig(AppConfig):
    name = "oddslab"
    verbose_name = pgettext_lazy("odds", "Odds lab")
