"""The local web page of ``trfconv serve``: :mod:`.app` (the server's routes and its guard) over
:mod:`.engine` (the library calls and document writers the page shows, the commands' own).
Imported only by that command: the web stack is not loaded by the others."""
