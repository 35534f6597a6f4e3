// @ts-check
// The panel of a game with a classmate on another device: whose turn it is, the last
// move, the reader's name, and when this device's turn is over the link that carries the
// game to the other device, its QR code and Copy. It shows what classmate.js tells it.

import { fill } from "../i18n.js";
import { copyText } from "../clipboard.js";
import { el } from "./dom.js";
import { mateLink, cleanName, NAME_MAX } from "./classmate-links.js";
import { savedName, saveName } from "./classmate-store.js";

/** @typedef {import("./board.js").ViewReader} ViewReader */

export class MatePanel {
  /**
   * @param {string} id the board's id
   * @param {Record<string, any>} W the classmate's words
   * @param {ViewReader} reader
   * @param {(text: string, kind?: string) => void} say the board's live region
   * @param {() => void} renamed called when the reader changes their name
   */
  constructor(id, W, reader, say, renamed) {
    this.id = id;
    this.W = W;
    this.r = reader;
    this.say = say;
    /** @type {string | null} */
    this.shown = null;       // the link shown now
    this.newsLine = el("p", { class: "board-mate-news", "aria-live": "polite" });
    /** @type {HTMLInputElement} */
    this.nameField = el("input", {
      class: "board-mate-name", type: "text", maxlength: NAME_MAX, autocomplete: "nickname",
      id: `${id}-mate-name`,
    });
    this.nameField.value = cleanName(savedName());
    this.nameField.addEventListener("input", () => {
      saveName(cleanName(this.nameField.value));
      renamed();
    });
    this.shareText = el("p", { class: "board-mate-give" });
    /** @type {HTMLCanvasElement} */
    this.qr = el("canvas", { class: "board-mate-qr", role: "img", "aria-label": W.qrName });
    /** @type {HTMLInputElement} */
    this.linkField = el("input", { class: "board-mate-link", type: "text", readonly: true, "aria-label": W.linkName });
    this.copyButton = el("button", { type: "button", class: "board-button", "data-action": "mate-copy", "aria-label": W.copyName, text: W.copy });
    this.copyButton.addEventListener("click", () => this.copy());
    // on a phone the code is drawn on demand (classmate.css): the panel stays short and
    // the board in sight; the button says whether the code is shown
    this.qr.id = `${id}-mate-qr`;
    this.qr.hidden = true;
    /** @type {HTMLButtonElement} */
    this.codeButton = el("button", {
      type: "button", class: "board-button board-mate-code", "data-action": "mate-qr",
      "aria-controls": this.qr.id, "aria-expanded": "false", text: W.showCode, hidden: true,
    });
    /** @type {HTMLElement} */
    this.share = el("div", { class: "board-mate-share", hidden: true },
      this.shareText, this.qr, el("div", { class: "board-mate-row" }, this.linkField, this.copyButton, this.codeButton));
    this.codeButton.addEventListener("click", () => this.showCode(!this.share.classList.contains("is-code-shown")));
    const label = el("label", { class: "board-field board-mate-field", for: `${id}-mate-name` }, el("span", { text: W.nameLabel }));
    /** @type {HTMLElement} */
    this.element = el("section", { class: "board-mate", "aria-label": W.title, hidden: true },
      this.newsLine, label, this.nameField, this.share);
    label.append(this.nameField);
  }

  /**
   * Show `view` of the game `game`, this device playing `side`; `news` is what the other
   * device did. Returns the news still to show (none once this device has played).
   * @param {any} view @param {{game: string | null, side: number, news: string}} mate
   */
  render(view, { game, side, news }) {
    const { W, r } = this;
    const over = r.finished(view);
    const toMove = r.toMove(view);
    const mine = !over && toMove === side;
    const give = !mine && r.lastSide(view) === side;
    if (mine) {
      const own = fill(r.throws ? W.yourThrow : W.yourTurn, { side: r.sideName(side) });
      this.newsLine.textContent = news || own;
    } else if (!over) {
      news = "";
      const move = give ? r.lastTurn(view, side) : "";
      const own = move ? `${fill(r.throws ? W.youThrew : W.youPlayed, { move })} ` : "";
      this.newsLine.textContent = own + fill(W.waiting, { side: r.sideName(/** @type {number} */ (toMove)) });
    } else {
      this.newsLine.textContent = give ? r.result(view) : news || r.result(view);
    }
    this.share.hidden = !give;
    if (give) this.offer(view, game, over ? 1 - side : /** @type {number} */ (toMove), over);
    return news;
  }

  /**
   * The link (and its QR code) that gives the game to the device playing `forSide`.
   * @param {any} view @param {string | null} game @param {number} forSide @param {boolean} over
   */
  offer(view, game, forSide, over) {
    const { W, r } = this;
    const link = mateLink(location.href, this.id, view.record, {
      game, side: forSide, count: r.count(view), name: this.nameField.value,
    });
    this.shareText.textContent = over ? W.giveLinkOver : fill(W.giveLink, { side: r.sideName(forSide) });
    if (link === null || link === this.shown) return;
    this.shown = link;
    this.linkField.value = link;
    this.qr.dataset.link = "";
    // a long game makes a dense code: it is shown larger (CSS); one too long for a QR
    // code is not shown, and the link and Copy remain
    import("../qr.js")
      .then((m) => m.drawQr(this.qr, link))
      .then((modules) => {
        if (this.shown !== link) return;
        this.qr.hidden = false;
        this.codeButton.hidden = false;
        this.qr.classList.toggle("is-dense", modules > 73);
        this.qr.dataset.link = link;
      })
      .catch((err) => {
        console.warn(err);
        if (this.shown === link) this.qr.hidden = this.codeButton.hidden = true;
      });
  }

  /** The QR code shown or put away (on a phone; a wider screen always shows it). @param {boolean} shown */
  showCode(shown) {
    this.share.classList.toggle("is-code-shown", shown);
    this.codeButton.setAttribute("aria-expanded", String(shown));
    this.codeButton.textContent = shown ? this.W.hideCode : this.W.showCode;
  }

  async copy() {
    const link = this.linkField.value;
    const copied = await copyText(link, this.linkField);
    this.say(copied ? this.W.copied : this.W.copyByHand);
  }
}
