// @ts-check
// The theme's navigation drawer (a phone's or a tablet's, below 1220 pixels) for the
// keyboard. While it is closed, the site's style sheet hides it (extra.css), so the
// keyboard no longer walks through its links unseen; but the theme opens it with a
// <label for="__drawer">, which the keyboard cannot reach. This makes that label a button:
// in the Tab order, named as the drawer's navigation is ("Navigation"), saying whether the
// drawer is open, opened and closed with Enter or Space; opened so, the drawer takes the
// focus on its first link, and Escape closes it and gives the focus back to the button.
// The header stays across instant navigation, so this runs once.

const toggle = /** @type {HTMLInputElement | null} */ (document.getElementById("__drawer"));
const button = /** @type {HTMLElement | null} */ (document.querySelector('.md-header label[for="__drawer"]'));
const drawer = /** @type {HTMLElement | null} */ (document.querySelector(".md-sidebar--primary"));

if (toggle && button && drawer && !button.hasAttribute("tabindex")) {
  const nav = drawer.querySelector("nav[aria-label]");
  button.tabIndex = 0;
  button.setAttribute("role", "button");
  button.setAttribute("aria-label", (nav && nav.getAttribute("aria-label")) || "Navigation");
  const said = () => button.setAttribute("aria-expanded", String(toggle.checked));
  said();
  toggle.addEventListener("change", said);

  button.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    // (the theme clicks a focused label on Enter itself: this key is handled here alone)
    ev.preventDefault();
    ev.stopPropagation();
    button.click(); // the label's click toggles the drawer's checkbox, as a tap does
    if (!toggle.checked) return;
    // once the drawer is shown (its visibility is not delayed on opening), its first link
    const first = /** @type {HTMLElement | null} */ (drawer.querySelector("a[href], label[tabindex], input, button"));
    if (first) requestAnimationFrame(() => first.focus());
  });

  drawer.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !toggle.checked) return;
    button.click();
    button.focus();
  });
}
