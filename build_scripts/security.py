"""The site's security headers: one policy, written into every page and sent by the server.

Every page carries the Content-Security-Policy as a ``<meta http-equiv>`` (so it holds on
any static host), and ``make serve`` sends the same policy and the other headers below with
every response. The site loads nothing from another origin, runs no inline script and no
``eval``; Pyodide compiles WebAssembly, which ``'wasm-unsafe-eval'`` allows and nothing else.
"""

from __future__ import annotations

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
    ]
)
"""The Content-Security-Policy of every page. ``frame-ancestors`` only works as a header,
so :data:`HEADERS` adds it; ``style-src 'unsafe-inline'`` is for the theme's and the SVG
boards' ``style`` attributes, which carry no script."""

HEADERS = {
    "Content-Security-Policy": CSP + "; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": ", ".join(
        f"{feature}=()"
        for feature in (
            "camera",
            "microphone",
            "geolocation",
            "payment",
            "usb",
            "serial",
            "midi",
            "magnetometer",
            "gyroscope",
            "accelerometer",
            "interest-cohort",
        )
    ),
}
"""The headers ``make serve`` sends with every response (and that any other host should)."""
