"""The picture of ``trfconv serve`` in the guide (``docs/images/serve.png``): the page in
headless Chromium at 1280×800, the generated 40-player Swiss with invented names of
``fixtures/examples`` (no real person's data) dropped on it, its rating report shown. Run by
hand after a change to the page's look::

    python tests/helpers/guide_serve_picture.py
"""

from __future__ import annotations

from paths import FIXTURES
from served import browser, server

PICTURE = FIXTURES.parent / "docs" / "images" / "serve.png"


def main() -> None:
    with server() as (address, _), browser() as chromium:
        page = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(address)
        page.set_input_files("#files", str(FIXTURES / "examples" / "example-open-2026.trf"))
        card = page.locator(".card").first
        card.locator(".decision").wait_for()
        card.get_by_role("button", name="Standings", exact=True).click()
        page.frame(name=f"frame-{card.get_attribute('data-file')}").wait_for_selector("thead")
        card.scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, document.querySelector('.card').offsetTop - 8)")
        page.screenshot(path=str(PICTURE))
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
