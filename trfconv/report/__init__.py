"""The rating report: :func:`rating_report` builds it from a tournament and its rateability
verdict; :func:`render` writes it as text, CSV, JSON or HTML."""

from __future__ import annotations

from .build import rating_report
from .model import RatingReport

FORMATS = ("text", "csv", "json", "html")


def render(report: RatingReport, format: str = "text") -> str:
    """The report in ``format`` (one of :data:`FORMATS`)."""
    if format == "text":
        from .text import render_text as write
    elif format == "csv":
        from .csv import render_csv as write
    elif format == "json":
        from .json import render_json as write
    elif format == "html":
        from .html import render_html as write
    else:
        raise ValueError(f"unknown report format {format!r}; known: {', '.join(FORMATS)}")
    return write(report)


__all__ = ["FORMATS", "RatingReport", "rating_report", "render"]
