"""What a registry names to be imported when used: ``"module:function"``.

The registries of plug-ins (formats, documents, commands) name their functions this way, so that
a module is imported only when its format, document or command is asked for: reading a TRF file
does not load the XML reader, ``check`` does not load the title norms. The architecture test
resolves every such name and checks it against the layers.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any


@cache
def named(path: str) -> Any:
    """The object ``"package.module:name"`` names, its module imported now (once)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
