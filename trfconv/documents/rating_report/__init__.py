"""The FIDE rating report (B.02): one event's rating arithmetic as a rating officer files it."""

from __future__ import annotations

from ..registry import Document
from .model import RatingReport

DOCUMENT = Document("rating-report", "FIDE rating report: Ro, K, Rc, n, W, We, change, new rating, initial ratings",
                    {"text": "trfconv.documents.rating_report.text:render_text",
                     "csv": "trfconv.documents.rating_report.csv:render_csv",
                     "json": "trfconv.documents.rating_report.json:render_json",
                     "html": "trfconv.documents.rating_report.html:render_html"})

__all__ = ["DOCUMENT", "RatingReport"]
