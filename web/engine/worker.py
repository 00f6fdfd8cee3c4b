"""Engine worker: exposes pyengine's one bridge function to the page (JSON string in, JSON string out).

Runs inside the PyScript worker once Pyodide has installed the engine wheel (from micropip's frozen lock, made at
build time). It touches no DOM: the page
calls `xworker.sync.handle(request_json)` and gets the response JSON back.
"""

from pyscript import sync

from pyengine.bridge import handle

sync.handle = handle
