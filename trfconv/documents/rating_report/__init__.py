"""The FIDE rating report (B.02): one event's rating arithmetic as a rating officer files it."""

from __future__ import annotations

from .model import RatingReport

__all__ = ["RatingReport"]
