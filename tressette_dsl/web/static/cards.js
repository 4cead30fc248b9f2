// Cards drawn as SVG: French suit symbols, or Italian suit pictures (cups, coins, swords,
// clubs), chosen by the suit's name in the ruleset. No images are downloaded.
"use strict";

const Cards = (() => {
  const FRENCH_RED = new Set(["♥", "♦"]);
  const ITALIAN = {
    coppe: { colour: "#b3261e", draw: cup },
    denari: { colour: "#b8860b", draw: coin },
    spade: { colour: "#1f4e9c", draw: sword },
    bastoni: { colour: "#2e7d32", draw: club },
  };

  function cup(x, y, s, c) {
    return `<g transform="translate(${x} ${y}) scale(${s})" fill="${c}">
      <path d="M-9 -9 h18 c0 8 -4 12 -7 13 v5 h5 v3 h-14 v-3 h5 v-5 c-3 -1 -7 -5 -7 -13z"/></g>`;
  }
  function coin(x, y, s, c) {
    return `<g transform="translate(${x} ${y}) scale(${s})">
      <circle r="10" fill="${c}"/><circle r="6.5" fill="none" stroke="#fff8" stroke-width="1.6"/>
      <circle r="2" fill="#fff8"/></g>`;
  }
  function sword(x, y, s, c) {
    return `<g transform="translate(${x} ${y}) scale(${s}) rotate(35)" fill="${c}">
      <path d="M-1.6 -12 L0 -14 L1.6 -12 V5 H-1.6z"/><rect x="-6" y="5" width="12" height="2.2" rx="1"/>
      <rect x="-1.3" y="7" width="2.6" height="6" rx="1"/></g>`;
  }
  function club(x, y, s, c) {
    return `<g transform="translate(${x} ${y}) scale(${s}) rotate(-30)" fill="${c}">
      <path d="M-2.5 12 L-3.5 -10 Q0 -15 3.5 -10 L2.5 12 Q0 14 -2.5 12z"/>
      <circle cx="-3.2" cy="-3" r="1.4" fill="#fff6"/><circle cx="3" cy="3" r="1.4" fill="#fff6"/></g>`;
  }

  // rules: the /api info ({suits: [{id, name, symbol}], ranks, rank_names})
  function suitOf(rules, text) {
    const id = text.slice(-1);
    return rules.suits.find((s) => s.id === id) || { id, name: id, symbol: id };
  }

  function style(rules, text, mode) {
    const suit = suitOf(rules, text);
    const italian = mode === "italian" ? ITALIAN[String(suit.name).toLowerCase()] : null;
    if (italian) return { suit, colour: italian.colour, glyph: italian.draw };
    const symbol = suit.symbol || suit.id;
    return { suit, colour: FRENCH_RED.has(symbol) ? "#c62828" : "#1b1b1b", symbol };
  }

  function label(rules, text) {
    const suit = suitOf(rules, text);
    const rank = text.slice(0, -1);
    const i = rules.ranks.indexOf(rank);
    const rankName = i >= 0 && rules.rank_names[i] ? rules.rank_names[i] : rank;
    return `${rankName} of ${suit.name} (${rank}${suit.symbol || suit.id})`;
  }

  function svg(rules, text, mode) {
    const rank = text.slice(0, -1);
    const st = style(rules, text, mode);
    const corner = (x, y, rot) => {
      const pip = st.glyph ? st.glyph(0, 13, 0.42, st.colour)
        : `<text y="17" text-anchor="middle" font-size="11" fill="${st.colour}">${st.symbol}</text>`;
      return `<g transform="translate(${x} ${y}) rotate(${rot})">
        <text y="4" text-anchor="middle" font-size="13" font-weight="700" fill="${st.colour}"
          font-family="Georgia, 'DejaVu Serif', serif">${rank}</text>${pip}</g>`;
    };
    const centre = st.glyph ? st.glyph(30, 46, 1.35, st.colour)
      : `<text x="30" y="58" text-anchor="middle" font-size="34" fill="${st.colour}">${st.symbol}</text>`;
    return `<svg class="card-svg" viewBox="0 0 60 90" role="img" aria-label="${label(rules, text)}">
      <rect x="0.75" y="0.75" width="58.5" height="88.5" rx="6" fill="#fffdf7" stroke="#8a8170" stroke-width="1.2"/>
      ${corner(9, 9, 0)}${corner(51, 81, 180)}${centre}</svg>`;
  }

  function back() {
    return `<svg class="card-svg" viewBox="0 0 60 90" aria-hidden="true">
      <rect x="0.75" y="0.75" width="58.5" height="88.5" rx="6" fill="#7b1f2a" stroke="#f4e9d8" stroke-width="1.5"/>
      <rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="#e6c46a" stroke-width="1.2"/>
      <path d="M30 18 L44 45 L30 72 L16 45z" fill="none" stroke="#e6c46a" stroke-width="1.2"/></svg>`;
  }

  // short text of a card for lists: rank, symbol and the letter players type (7♥ C)
  function short(rules, text) {
    const suit = suitOf(rules, text);
    return `${text.slice(0, -1)}${suit.symbol || suit.id}`;
  }

  return { svg, back, short, label, suitOf, style };
})();
