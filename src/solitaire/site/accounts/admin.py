"""Settings in the admin."""

from django.contrib import admin

from solitaire.site.accounts.models import Preferences


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Each account's table settings."""

    list_display = ("user", "autoplay", "autocomplete", "animation", "four_colour", "hide_timer")
    search_fields = ("user__username",)
