from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from .services import forget_token_on_new_password

        post_save.connect(forget_token_on_new_password, sender=get_user_model(), dispatch_uid="forget-token")
