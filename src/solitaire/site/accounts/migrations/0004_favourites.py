"""Favourite games on the account, listed first on the home page."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_look"),
    ]

    operations = [
        migrations.AddField(
            model_name="preferences",
            name="favourites",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="The ids of the games the home page lists first.",
            ),
        ),
    ]
