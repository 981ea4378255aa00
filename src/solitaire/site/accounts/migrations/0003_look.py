"""The look on the account: theme, felt, card backs and a left-handed table."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_winnable"),
    ]

    operations = [
        migrations.AddField(
            model_name="preferences",
            name="theme",
            field=models.CharField(
                choices=[("system", "system"), ("light", "light"), ("dark", "dark")],
                default="system",
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="preferences",
            name="felt",
            field=models.CharField(
                choices=[("green", "green"), ("blue", "blue"), ("red", "red"), ("grey", "grey")],
                default="green",
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="preferences",
            name="back",
            field=models.CharField(
                choices=[("blue", "blue"), ("red", "red"), ("green", "green"), ("black", "black")],
                default="blue",
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="preferences",
            name="left",
            field=models.BooleanField(
                default=False,
                help_text="Left-handed: stock, waste and foundations on the other side.",
            ),
        ),
    ]
