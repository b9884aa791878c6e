"""The rating period (B.02 2024 7.1, 8.3.3-8.3.4): every player's events, games and changes of
one period, and the new ratings as CSV, JSON and FIDE's list layout."""

from __future__ import annotations

from .model import PeriodReport

__all__ = ["PeriodReport"]
