"""Compile a module's source to sourceless bytecode without its docstrings, for the pinned Pyodide's Python.

``tools/compile_pyc.mjs`` loads this file alone into the pinned Pyodide and calls ``compile_sourceless`` there, so
the bytecode is that Python's own (its magic number, its compiler). Standard library only, nothing from buildkit.

Docstrings go (module, class and function ones: the engine never reads ``__doc__``); everything else stays as
written, ``assert`` statements included (no ``-O``), with the source's line numbers for tracebacks. The ``.pyc`` is an
unchecked hash-based one (PEP 552): no timestamp, so the same source gives the same bytes, and never compared with a
source, which the browser wheel does not carry.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal

UNCHECKED_HASH = 0b01
"""A .pyc's flags word for a hash-based file whose source is never checked (PEP 552)."""


def is_docstring(node: ast.stmt) -> bool:
    """Tell whether a statement is a bare string constant (a docstring when it comes first in a body)."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def strip_docstrings(tree: ast.Module) -> ast.Module:
    """Remove the module's, every class's and every function's docstring from a parsed module, in place.

    A body left empty gets a ``pass`` where its docstring was (a module may stay empty). Only docstrings go: any other
    statement, ``assert`` included, is kept.
    """
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        while node.body and is_docstring(node.body[0]):
            node.body.pop(0)
        if not node.body and first is not None and not isinstance(node, ast.Module):
            node.body.append(ast.copy_location(ast.Pass(), first))
    return tree


def compile_sourceless(source: bytes, filename: str) -> bytes:
    """Return the .pyc bytes of a module's source with its docstrings stripped; ``filename`` is the path its code
    objects name (tracebacks show it)."""
    tree = strip_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=0)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)
