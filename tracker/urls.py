app_name = "tracker"

urlpatterns: list = []
