"""Which extraction and reconciliation strategy an ingest uses."""

from __future__ import annotations

STRATEGIES = ("rules", "model", "both")


def default_strategy(model: str | None) -> str:
    """`rules` with the bundled model, `both` with a model the user chose (`--model`
    or `--llm-url`).

    The bundled 135M model measurably hurts (bench/RESULTS.md); a model the user
    chose is trusted with the unclear reconciliation cases."""
    return "both" if model else "rules"
