"""Keep each game's position and status beside its moves, filled in by replaying old games."""

from typing import Any

from django.db import migrations, models


def fill_positions(apps: Any, schema_editor: Any) -> None:
    """Replay every game once, so that no request ever has to."""
    import solitaire
    from solitaire.engine.errors import SolitaireError
    from solitaire.engine.layout import Layout
    from solitaire.solver import JUDGE

    games = apps.get_model("play", "Game")
    for record in games.objects.filter(layout__isnull=True).iterator():
        try:
            start = Layout.dealt(record.game, record.deal)
            engine = solitaire.Game.replay(start, record.moves, JUDGE)
        except SolitaireError:
            continue  # left for `solitaire checkgames` to report
        record.layout = engine.layout.to_dict()
        record.status = engine.status
        record.save(update_fields=["layout", "status"])


class Migration(migrations.Migration):
    dependencies = [("play", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="layout",
            field=models.JSONField(
                blank=True, help_text="The position now, as SPEC's layout JSON.", null=True
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="status",
            field=models.CharField(
                default="playing",
                help_text="The engine's status at the position now: playing, won or stuck.",
                max_length=10,
            ),
        ),
        migrations.RunPython(fill_positions, migrations.RunPython.noop),
    ]
