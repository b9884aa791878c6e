"""Swiss-Manager's own tournament files (``.TUNX``, ``.TURX``, ``.TUMX``, ``.TUTX``): the byte
layout (:mod:`.layout`) and what its values mean in the tournament model (:mod:`.mapping`)."""

from __future__ import annotations

#: The first bytes of every Swiss-Manager Unicode tournament file. Here rather than in
#: :mod:`.layout`, so that the format registry's sniffing does not import the layout.
MAGIC = b"\x93\xff\x89\x44"


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks): the
    signature ``93 FF 89 44``."""
    return head.startswith(MAGIC)


__all__ = ["MAGIC", "sniff"]
