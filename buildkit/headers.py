"""Read netlify.toml's header rules: the headers the host sends for a path, and the pages' Content-Security-Policy
(netlify.toml is its single source; the pages carry a copy in a <meta> tag, the local servers send the same)."""

from __future__ import annotations

import re
import tomllib

from .common import ROOT, BuildError


def header_rules() -> list[tuple[str, dict[str, str]]]:
    """Return netlify.toml's header rules in order: (path pattern, {header: value})."""
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    return [(str(rule.get("for", "")), {str(k): str(v) for k, v in rule.get("values", {}).items()})
            for rule in config.get("headers", [])]


def path_matches(pattern: str, path: str) -> bool:
    """Tell whether a Netlify header path pattern (``/*``, ``/x/*``, ``/*.wasm``, ``/a.html``) matches a path."""
    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    return re.match(regex, path) is not None


def headers_for(path: str) -> dict[str, str]:
    """Return the headers Netlify sends for a path: every matching rule in order, a later value replacing an
    earlier one of the same header (the local server sends the same, so tests see the deployed policy)."""
    out: dict[str, str] = {}
    for pattern, values in header_rules():
        if path_matches(pattern, path):
            out.update(values)
    return out


def meta_policy(csp: str) -> str:
    """Return a policy for a <meta> tag: without frame-ancestors, which browsers ignore (and warn about) there."""
    return "; ".join(d.strip() for d in csp.split(";") if not d.strip().startswith("frame-ancestors"))


def content_security_policy(path: str = "/index.html") -> str:
    """Read a page's Content-Security-Policy from netlify.toml (the single source; mirrored into the page)."""
    csp = headers_for(path).get("Content-Security-Policy")
    if csp is None:
        raise BuildError(f"netlify.toml gives {path} no Content-Security-Policy under [[headers]]")
    return csp
