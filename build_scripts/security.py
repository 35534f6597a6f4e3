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
        "style-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
    ]
)
"""The Content-Security-Policy of every page. ``frame-ancestors`` only works as a header,
so :data:`HEADERS` adds it.

``style-src 'self'``: styles come from the site's style sheets only, with no
``'unsafe-inline'`` -- no ``<style>`` element and no ``style="..."`` attribute in a page,
in the theme's templates or in the drawn boards (their SVG uses presentation attributes
such as ``font-style``, which the policy does not govern). Scripts that place things set
``element.style`` (the theme's tooltips and header, the boards' sizes), which the policy
allows; they never write a ``style`` attribute as text. The build checks the pages for
such attributes (:func:`build_scripts.page_policy.policy_problems`) and the browser
tests check that no page reports a breach while it is played."""

HEADERS = {
    "Content-Security-Policy": CSP + "; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # the camera for the site itself: the class results page reads the QR codes students
    # show (docs/assets/js/answers/qr-reader.js, asked for only when the teacher chooses to)
    "Permissions-Policy": "camera=(self), "
    + ", ".join(
        f"{feature}=()"
        for feature in (
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
