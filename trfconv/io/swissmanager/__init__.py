"""Swiss-Manager's own tournament files (``.TUNX``, ``.TURX``, ``.TUMX``, ``.TUTX``): the byte
layout (:mod:`.layout`) and what its values mean in the tournament model (:mod:`.mapping`)."""

from __future__ import annotations

from .layout import is_swiss_manager


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks): the
    signature ``93 FF 89 44``."""
    return is_swiss_manager(head)


__all__ = ["sniff"]
