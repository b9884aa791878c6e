"""Readers and writers (one module per format, each declaring its :class:`~.registry.Format`),
the tournament builder they share, and the read-time consistency checks."""
