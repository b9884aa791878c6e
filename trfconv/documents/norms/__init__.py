"""The title norms document (B.01): every player's norms with the requirements behind them."""

from __future__ import annotations

from .model import NormsReport

__all__ = ["NormsReport"]
