"""The local web page of ``trfconv serve``: :mod:`.app` (the server's routes and its guard) over
:mod:`.engine` (the library calls and document writers the page shows, the commands' own),
:mod:`.held` (each tab's own set of files), :mod:`.downloads` (what each download is called),
:mod:`.server` (uvicorn, bounded in time and quiet) and :mod:`.scratch` (the temporary files,
removed however the server stops). Imported only by that command: the web stack is not loaded
by the others."""
