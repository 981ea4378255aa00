"""Games in the admin, for staff who look into a player's report."""

from django.contrib import admin

from solitaire.site.play.models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Games by player, game and result."""

    list_display = ("pk", "game", "deal", "kind", "user", "result", "version", "created")
    list_filter = ("game", "result", "kind")
    search_fields = ("user__username", "deal")
    readonly_fields = ("created", "updated")
