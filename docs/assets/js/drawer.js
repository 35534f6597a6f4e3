// @ts-check
// The theme's navigation drawer (a phone's or a tablet's, below 1220 pixels) for the
// keyboard. While it is closed, the site's style sheet hides it (extra.css), so the
// keyboard no longer walks through its links unseen; but the theme opens it with a
// <label for="__drawer">, which the keyboard cannot reach and which may not take a
// button's role. This puts a real button in the label's place, with the label's icon:
// named as the drawer's navigation is ("Navigation"), saying whether the drawer is open,
// toggling the drawer's checkbox as the label did (a tap, Enter or Space); opened from the
// keyboard, the drawer takes the focus on its first link, and Escape closes it and gives
// the focus back to the button. Without scripts the label stays and works with a tap.
// The header stays across instant navigation, so this runs once.

const toggle = /** @type {HTMLInputElement | null} */ (document.getElementById("__drawer"));
const label = /** @type {HTMLElement | null} */ (document.querySelector('.md-header label[for="__drawer"]'));
const drawer = /** @type {HTMLElement | null} */ (document.querySelector(".md-sidebar--primary"));

if (toggle && label && drawer) {
  const nav = drawer.querySelector("nav[aria-label]");
  const button = document.createElement("button");
  button.type = "button";
  button.className = `${label.className} md-header__menu`;
  button.setAttribute("aria-label", (nav && nav.getAttribute("aria-label")) || "Navigation");
  button.append(...label.childNodes);
  label.replaceWith(button);

  const said = () => button.setAttribute("aria-expanded", String(toggle.checked));
  said();
  toggle.addEventListener("change", said);

  // A tap, Enter or Space toggles the checkbox as the label's click did (the theme watches
  // the checkbox); a click from the keyboard (no pointer: detail 0) also moves the focus in.
  button.addEventListener("click", (ev) => {
    toggle.click();
    if (ev.detail !== 0 || !toggle.checked) return;
    // once the drawer is shown (its visibility is not delayed on opening), its first link
    const first = /** @type {HTMLElement | null} */ (drawer.querySelector("a[href], label[tabindex], input, button"));
    if (first) requestAnimationFrame(() => first.focus());
  });

  drawer.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !toggle.checked) return;
    toggle.click();
    button.focus();
  });
}
