"""The local web page of ``trfconv serve``: :mod:`.app` (the server's routes and its guard) over
:mod:`.engine` (the page's adapter of the jobs the commands run, :mod:`trfconv.jobs`), whose
actions it words as its controls (:mod:`.voice`).
Imported only by that command: the web stack is not loaded by the others."""
