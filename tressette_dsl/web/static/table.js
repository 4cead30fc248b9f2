// The page: the lobby (open a table), the table (play through the WebSocket protocol of
// docs/web.md) and the replay of a finished log. Plain JS, no build step.
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
};
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

const S = {
  rules: null, table: null, view: null, seat: null, ws: null, tableId: null,
  selected: new Set(), pending: null, mode: localStorage.getItem("suits") || "french",
  history: [], retry: 0, describe: "",
};

// --- small helpers ---------------------------------------------------------------------
// seat numbers in views are the table's now; after an elimination `S.roster` maps each to
// the seat it had at the start (names, kinds and tokens stay with that first seat)
// with `seating.people` the table's seats are people who move round the places: `S.roster`
// names the person at each place this deal (null: the dummy's place, played by its owner)
function first(i) { return S.roster ? S.roster[i] : i; }
function people() { return Boolean(S.rules && S.rules.count && S.rules.count.people && !(S.table && S.table.by_place)); }
function seatName(i) {
  if (!S.rules || i === null || i === undefined) return "?";
  if (!people()) return S.rules.seats[first(i)];
  const p = first(i), who = p === null || p === undefined ? null : S.rules.count.names[p];
  return who ? `${who} (${S.rules.seats[i]})` : S.rules.seats[i];
}
function tableSeat(i) { const p = first(i); return p === null || p === undefined ? null : S.table.seats[p]; }
function tableSize() { return S.view && S.view.hand_sizes ? S.view.hand_sizes.length : S.rules.players; }
function card(text, extra = "") { return `<span class="card ${extra}">${Cards.svg(S.rules, text, S.mode)}</span>`; }
function cardShort(text) {
  const st = Cards.style(S.rules, text, "french");
  return `<b class="cs" style="color:${st.colour}">${esc(Cards.short(S.rules, text))}</b>`;
}
function strength(text) { return S.rules.strength[text] ?? 0; }
function suitIndex(text) { return S.rules.suits.findIndex((s) => s.id === text.slice(-1)); }
function sortHand(cards) {
  return [...cards].sort((a, b) => suitIndex(a) - suitIndex(b) || strength(b) - strength(a));
}
function points(units) {
  const u = S.rules.unit || 1;
  const whole = Math.floor(units / u), rest = units % u;
  const frac = { "1/3": "⅓", "2/3": "⅔", "1/2": "½" }[`${rest}/${u}`] || (rest ? `${rest}/${u}` : "");
  return `${whole || !frac ? whole : ""}${frac}`;
}
function seedParam() {
  const seed = Number(new URLSearchParams(location.search).get("seed"));
  return Number.isInteger(seed) && seed > 0 ? { seed } : {};
}
function words(id) { return String(id).replace(/_/g, " "); }
// what a declaration announces, as the page shows suits: "D" -> "♦", "2-C" -> "2s (no ♥)",
// "A+2+3" -> the cards, "3" -> "3s" (the argument itself stays the action's text)
function suitShown(id) {
  const s = S.rules.suits.find((x) => x.id === id);
  return s ? (s.symbol || s.name) : id;
}
function declArg(arg) {
  const text = String(arg ?? "");
  if (S.rules.suits.some((x) => x.id === text)) return suitShown(text);
  const [rank, missing] = text.split("-");
  if (missing !== undefined && S.rules.suits.some((x) => x.id === missing)) return `${rank}s (no ${suitShown(missing)})`;
  if (text.includes("+")) return text.split("+").map((c) => Cards.short(S.rules, c)).join(" ");
  if (S.rules.ranks.includes(text)) return `${text}s`;
  return text;
}

function markdown(md) {
  // enough Markdown for `describe`: headings, lists, tables, emphasis, code, paragraphs
  const out = [];
  let list = null, table = null, para = [];
  const inline = (t) => esc(t).replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>").replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '<a href="$2" rel="noopener" target="_blank">$1</a>');
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(" "))}</p>`);
    if (list) out.push(`<ul>${list.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`);
    if (table) {
      const rows = table.filter((r) => !/^\|?\s*-+/.test(r.replace(/[|:\s-]/g, "") ? "x" : r));
      out.push(`<table>${rows.map((r, i) => `<tr>${r.replace(/^\||\|$/g, "").split("|")
        .map((c) => (i ? `<td>${inline(c.trim())}</td>` : `<th>${inline(c.trim())}</th>`)).join("")}</tr>`).join("")}</table>`);
    }
    para = []; list = null; table = null;
  };
  for (const line of md.split("\n")) {
    const h = line.match(/^(#{1,4})\s+(.*)/);
    if (h) { flush(); out.push(`<h${h[1].length + 1}>${inline(h[2])}</h${h[1].length + 1}>`); continue; }
    if (/^\s*[-*]\s+/.test(line)) { if (!list) { flush(); list = []; } list.push(line.replace(/^\s*[-*]\s+/, "")); continue; }
    if (/^\s*\|/.test(line)) { if (!table) { flush(); table = []; } table.push(line.trim()); continue; }
    if (!line.trim()) { flush(); continue; }
    if (list && /^\s+/.test(line)) { list[list.length - 1] += " " + line.trim(); continue; }
    para.push(line.trim());
  }
  flush();
  return out.join("\n");
}

async function api(path, options) {
  const resp = await fetch(path, options);
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(body.message || `HTTP ${resp.status}`);
  return body;
}

function overlay(content, { closable = true } = {}) {
  const box = $("#overlay-box");
  box.replaceChildren(...(Array.isArray(content) ? content : [content]));
  if (closable) box.append(el("button", { class: "close", "aria-label": "Close", onclick: closeOverlay }, "✕"));
  $("#overlay").hidden = false;
  const focus = box.querySelector("button.primary, button, select, input");
  if (focus) focus.focus();
}
function closeOverlay() { $("#overlay").hidden = true; }
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !$("#overlay").hidden) closeOverlay(); });

// --- the lobby ---------------------------------------------------------------------------
async function lobby() {
  $("#lobby").hidden = false;
  const { rulesets, kinds } = await api("/api/rulesets");
  const select = $("#ruleset");
  for (const r of rulesets) select.append(el("option", { value: r.key }, `${r.title || r.id} (${r.players} players)`));
  const preferred = rulesets.find((r) => r.key === "tressette");
  if (preferred) select.value = preferred.key;
  const show = async () => {
    const info = await api(`/api/rulesets/${encodeURIComponent(select.value)}`);
    S.rules = info.rules;
    $("#ruleset-blurb").textContent = info.description || "";
    $("#describe").innerHTML = markdown(info.describe);
    const config = $("#seat-config");
    const count = info.rules.count || { min: info.seats.length, max: info.seats.length, default: info.seats.length, names: info.seats };
    const rows = el("div", { id: "seat-rows" });
    const drawSeats = (n) => {
      rows.replaceChildren();
      count.names.slice(0, n).forEach((name, i) => {
        const sel = el("select", { id: `seat-${i}`, "aria-label": `Who plays ${name}` },
          ...kinds.map((k) => el("option", { value: k }, k === "human" ? "a person" : `${k} bot`)));
        sel.value = i === 0 ? "human" : "heuristic";
        rows.append(el("label", { class: "seat-row", for: `seat-${i}` }, el("span", {}, name), sel));
      });
    };
    config.replaceChildren(el("h2", {}, "Seats"));
    if (count.min < count.max) {  // a seat count chosen per game: the ruleset's range
      const options = [];
      for (let n = count.min; n <= count.max; n++) {
        options.push(el("option", { value: String(n) }, n === count.default ? `${n} (default)` : String(n)));
      }
      const pick = el("select", { id: "seat-count", "aria-label": "Number of players" }, ...options);
      pick.value = String(count.default);
      pick.addEventListener("change", () => drawSeats(Number(pick.value)));
      config.append(el("label", { class: "seat-row", for: "seat-count" }, el("span", {}, "Players"), pick));
    }
    config.append(rows);
    drawSeats(count.default);
  };
  select.addEventListener("change", show);
  await show();
  $("#create").addEventListener("click", async () => {
    const seats = [...document.querySelectorAll("#seat-rows select")].map((s) => s.value);
    try {
      const made = await api("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" },
        // `/?seed=N` deals the same cards again (a table to study, or a test to repeat)
        body: JSON.stringify({ ruleset: select.value, seats, ...seedParam() }),
      });
      sessionStorage.setItem(`creator:${made.id}`, "1");
      location.href = made.url;
    } catch (err) { overlay(el("p", {}, `Could not open the table: ${err.message}`)); }
  });
  $("#replay-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const data = await api("/api/replay", { method: "POST", body: await file.text() });
    startReplay(data);
  });
}

// --- the table ---------------------------------------------------------------------------
async function tablePage(id) {
  S.tableId = id;
  $("#table-view").hidden = false;
  try {
    const info = await api(`/api/tables/${encodeURIComponent(id)}`);
    S.rules = info.rules; S.table = info.table;
    const rs = await api(`/api/rulesets/${encodeURIComponent(info.table.ruleset)}`).catch(() => null);
    S.describe = rs ? rs.describe : "";
  } catch (err) {
    overlay([el("h2", {}, "No such table"), el("p", {}, err.message), el("a", { href: "/", class: "button" }, "Open a new table")], { closable: false });
    return;
  }
  $("#bar-title").textContent = S.rules.title;
  $("#rules-btn").addEventListener("click", () => overlay(el("div", { class: "rules", html: markdown(S.describe) })));
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(S.tableId)}`);
  S.ws = ws;
  ws.onopen = () => {
    S.retry = 0;
    const token = localStorage.getItem(`token:${S.tableId}`);
    if (token) send({ type: "join", token });
    else if (sessionStorage.getItem(`creator:${S.tableId}`)) {
      const free = S.table.seats.find((s) => s.kind === "human" && !s.taken);
      if (free) send({ type: "claim", seat: free.seat }); else send({ type: "watch" });
    } else chooseSeat();
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (S.closed) return;
    setStatus("Connection lost: reconnecting…");
    S.retry = Math.min(S.retry + 1, 6);
    setTimeout(connect, 400 * S.retry);
  };
}

function send(message) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(message));
}

function chooseSeat() {
  const free = S.table.seats.filter((s) => s.kind === "human" && !s.taken);
  const buttons = free.map((s) => el("button", { class: "primary", onclick: () => { closeOverlay(); send({ type: "claim", seat: s.seat }); } }, `Sit as ${s.name}`));
  overlay([
    el("h2", {}, S.rules.title),
    el("p", {}, free.length ? "Take a free seat, or watch the game." : "Every seat is taken: you can watch."),
    el("div", { class: "choices" }, ...buttons,
      el("button", { onclick: () => { closeOverlay(); send({ type: "watch" }); } }, "Watch")),
  ], { closable: false });
}

function receive(msg) {
  if (msg.type === "welcome") {
    S.first = msg.seat; S.seat = msg.seat; S.table = msg.table;
    if (msg.token) localStorage.setItem(`token:${S.tableId}`, msg.token);
    closeOverlay();
  } else if (msg.type === "update") {
    const newMatch = S.view && S.match !== msg.match;
    S.match = msg.match;
    S.view = msg.view; S.table = msg.table;
    S.roster = msg.view.roster || null;
    // where the player sits now; null once eliminated: he watches the rest as a spectator
    S.seat = S.first === null || S.first === undefined ? null : (S.roster ? (S.roster.indexOf(S.first) >= 0 ? S.roster.indexOf(S.first) : null) : S.first);
    S.eliminated = Boolean(msg.eliminated);
    S.sittingOut = Boolean(msg.sitting_out);
    if (newMatch) { S.history = []; closeOverlay(); }
    for (const ev of msg.events) addHistory(ev);
    S.selected.clear(); S.pending = null;
    render();
    if (msg.view.result) showResult(msg.view.result);
    else for (const ev of msg.events) if (ev.type === "DealScored") showDeal(ev);
  } else if (msg.type === "table") {
    S.table = msg.table; if (S.view) renderSeats();
  } else if (msg.type === "error") {
    if (msg.code === "bad_token") { localStorage.removeItem(`token:${S.tableId}`); chooseSeat(); return; }
    if (msg.code === "seat_taken") { chooseSeat(); }
    flash(msg.message);
  } else if (msg.type === "closed") {
    S.closed = true; setStatus(`The table is closed: ${msg.reason}`);
  }
}

function flash(text) {
  const box = $("#status");
  box.textContent = text; box.classList.add("warn");
  setTimeout(() => box.classList.remove("warn"), 2500);
}
function setStatus(text) { $("#status").textContent = text; }

// where each seat sits around the felt, seen from `me` (bottom)
const PLACES = { 2: ["top"], 3: ["right", "left"], 4: ["right", "top", "left"], 5: ["right", "top-right", "top-left", "left"], 6: ["right", "top-right", "top", "top-left", "left"] };
function place(seat) {
  const n = tableSize(), me = S.seat ?? 0;
  const k = (((seat - me) * (S.rules.step || 1)) % n + n) % n;
  return k === 0 ? "bottom" : PLACES[n] ? PLACES[n][k - 1] : `ring-${k}`;
}
// seven or eight at the felt: the others on an arc round it, from the lower right up over
// the top to the lower left (in turn, as the named places go), each at its own angle; the
// played card lies between the trick's centre and its seat
function ring(pos) {
  const k = Number(pos.slice(5)), n = tableSize();
  const angle = (Math.PI / 180) * (60 + ((k - 1) * 240) / Math.max(1, n - 2));
  return { x: Math.sin(angle), y: Math.cos(angle) };
}
function ringSeat(pos) {
  const { x, y } = ring(pos);
  return `left: ${(50 + 42 * x).toFixed(1)}%; top: ${(50 + 40 * y).toFixed(1)}%;`;
}
function ringCard(pos) {
  const { x, y } = ring(pos);
  return `transform: translate(calc(-50% + ${(78 * x).toFixed(0)}px), calc(-50% + ${(64 * y).toFixed(0)}px));`;
}

function render() {
  renderBar(); renderSeats(); renderCenter(); renderHand(); renderControls(); renderSide(); renderStatus();
}

function renderBar() {
  const v = S.view;
  const scores = (v.slots || []).map((name, i) => `${esc(name)} <b>${v.totals[i]}</b>`).join(" · ");
  $("#bar-score").innerHTML = `Match ${S.match} · deal ${v.deal_no}${scores ? " · " + scores : ""}`;
}

function renderSeats() {
  const v = S.view, box = $("#seats");
  box.replaceChildren();
  $("#felt").classList.toggle("many", tableSize() > 6);  // the arc of `ring` needs height
  for (let i = 0; i < tableSize(); i++) {
    const info = tableSeat(i);
    const pos = place(i);
    const badges = [];
    if (v.dealer === i) badges.push(el("span", { class: "badge", title: "dealer" }, "dealer"));
    if (v.declarer === i) badges.push(el("span", { class: "badge gold" }, words(v.contract || "declarer")));
    if (v.partner === i) badges.push(el("span", { class: "badge gold" }, "partner"));
    if (!info) badges.push(el("span", { class: "badge dim" }, "dummy"));
    else if (info.kind !== "human") badges.push(el("span", { class: "badge" }, `${info.kind} bot`));
    else if (!info.connected) badges.push(el("span", { class: "badge dim" }, info.taken ? "away" : "free seat"));
    const sigs = (v.signals || []).filter((s) => s.seat === i && s.trick_no === v.trick_no);
    for (const s of sigs) badges.push(el("span", { class: "badge signal" }, words(s.signal) + (s.value !== null ? ` ${s.value}` : "")));
    const decls = (v.declarations || []).filter((d) => d.seat === i && !d.cancelled);
    for (const d of decls) badges.push(el("span", { class: "badge decl", title: d.cards ? d.cards.join(" ") : "" }, `${words(d.decl)} ${declArg(d.arg)}`));
    const size = v.hand_sizes[i] || 0;
    const known = (v.known[i] || []);
    const hidden = i === S.seat ? 0 : Math.max(0, size - known.length);
    const fan = el("div", { class: "fan", "aria-label": `${size} cards` });
    if (i !== S.seat || pos !== "bottom") {
      for (const c of known) fan.insertAdjacentHTML("beforeend", card(c, "mini"));
      for (let k = 0; k < Math.min(hidden, 10); k++) fan.insertAdjacentHTML("beforeend", `<span class="card mini back">${Cards.back()}</span>`);
    }
    const turn = v.to_act === i && !v.over;
    const ringed = pos.startsWith("ring-");
    const node = el("div", { class: `seat ${ringed ? "ring" : pos}${turn ? " turn" : ""}${i === S.seat ? " me" : ""}`, style: ringed ? ringSeat(pos) : null, "data-place": pos },
      el("div", { class: "seat-name" }, `${seatName(i)}${i === S.seat ? " (you)" : ""}`, turn ? el("span", { class: "dot", title: "to act" }, "●") : null),
      el("div", { class: "badges" }, ...badges),
      pos === "bottom" ? null : fan,
      pos === "bottom" ? null : el("div", { class: "count" }, `${size} card${size === 1 ? "" : "s"}`));
    box.append(node);
  }
}

function renderCenter() {
  const v = S.view, trick = $("#trick");
  trick.replaceChildren();
  for (const [seat, c] of v.trick || []) {
    const win = v.winning === seat;
    const pos = place(seat), ringed = pos.startsWith("ring-");
    const slot = el("div", { class: `played at-${ringed ? "ring" : pos}${win ? " winning" : ""}`, title: `${seatName(seat)}${win ? " — winning the trick" : ""}`, style: ringed ? ringCard(pos) : null });
    slot.innerHTML = card(c) + `<span class="who">${esc(seatName(seat))}${win ? " ★" : ""}</span>`;
    trick.append(slot);
  }
  const info = [];
  if (v.trump) {
    const s = S.rules.suits.find((x) => x.id === v.trump);
    info.push(`<div class="chip">Trump <b>${esc(s ? `${s.symbol || ""} ${s.name}` : v.trump)}</b></div>`);
  }
  if (v.contract) info.push(`<div class="chip">Contract <b>${esc(words(v.contract))}</b>${v.declarer !== null ? ` by ${esc(seatName(v.declarer))}` : ""}</div>`);
  if (v.called_card) info.push(`<div class="chip">Called ${cardShort(v.called_card)}</div>`);
  if (v.stock_size) info.push(`<div class="chip pile"><span class="card mini back">${Cards.back()}</span> Stock <b>${v.stock_size}</b></div>`);
  if (v.monte && v.monte.length) info.push(`<div class="chip">Monte ${v.monte.map((c) => card(c, "mini")).join("")}</div>`);
  else if (v.monte_size) info.push(`<div class="chip pile"><span class="card mini back">${Cards.back()}</span> Monte <b>${v.monte_size}</b></div>`);
  if ((v.auction || []).length && v.kind === "auction") {
    info.push(`<div class="chip auction">${v.auction.map((b) => `${esc(seatName(b.seat))}: <b>${esc(words(b.bid))}${b.points !== null ? " " + b.points : ""}</b>`).join(" · ")}</div>`);
  }
  $("#center-info").innerHTML = info.join("");
}

function legalBy() {
  const out = { play: new Map(), call: [], multi: { verb: null, cards: [] }, take: [], other: [] };
  for (const text of S.view.legal || []) {
    const [verb, ...rest] = text.split(" ");
    if (verb === "play") {
      const c = rest[0];
      if (!out.play.has(c)) out.play.set(c, []);
      out.play.get(c).push(text);
    } else if (verb === "call") out.call.push(text);
    else if (verb === "discard" || verb === "give") { out.multi.verb = verb; out.multi.cards.push(rest[0]); }
    else if (verb === "take") out.take.push(text);
    else out.other.push(text);
  }
  return out;
}

function renderHand() {
  const v = S.view, box = $("#hand");
  box.replaceChildren();
  if (S.seat === null && S.eliminated) { box.append(el("p", { class: "muted eliminated" }, "You have left the table: you watch the rest of the match."), standingsTable()); return; }
  if (S.seat === null && S.sittingOut) { box.append(el("p", { class: "muted sitting-out" }, "You sit this deal out: you watch it, public information only.")); return; }
  if (S.seat === null) { box.append(el("p", { class: "muted" }, "You are watching: public information only.")); return; }
  const by = legalBy();
  const cards = sortHand(v.hand || []);
  let lastSuit = null;
  cards.forEach((c, idx) => {
    const suit = c.slice(-1);
    const playable = by.play.has(c) || by.multi.cards.includes(c) || by.take.includes(`take ${c}`);
    const reason = (v.refusals || {})[c];
    const chosen = S.selected.has(c);
    const btn = el("button", {
      class: `card hand-card${playable ? " playable" : ""}${chosen ? " chosen" : ""}${suit !== lastSuit && lastSuit !== null ? " gap" : ""}`,
      "aria-disabled": playable ? null : "true",
      "aria-pressed": by.multi.verb ? String(chosen) : null,
      title: playable ? Cards.label(S.rules, c) : (reason || Cards.label(S.rules, c)),
      "data-card": c,
      html: Cards.svg(S.rules, c, S.mode),
      onclick: () => clickCard(c, playable, reason),
      onkeydown: (e) => handKeys(e, idx),
    });
    lastSuit = suit;
    box.append(btn);
  });
  const discarded = v.discarded || [];
  if (discarded.length) box.append(el("div", { class: "discards muted", html: `Your discards: ${discarded.map(cardShort).join(" ")}` }));
}

function handKeys(e, idx) {
  const buttons = [...document.querySelectorAll("#hand .hand-card")];
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    e.preventDefault();
    const next = buttons[(idx + (e.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
    if (next) next.focus();
  }
}

function clickCard(c, playable, reason) {
  if (!playable) { flash(reason || "You cannot use this card now."); return; }
  const by = legalBy();
  if (by.play.has(c)) {
    const options = by.play.get(c);
    if (options.length === 1) { act([options[0]]); return; }
    S.pending = c; renderControls();
    const first = $("#controls button"); if (first) first.focus();
    return;
  }
  if (by.multi.verb) {
    const need = needed();
    if (S.selected.has(c)) S.selected.delete(c);
    else if (S.selected.size < need) S.selected.add(c);
    else flash(`Choose ${need} card${need === 1 ? "" : "s"}: click a chosen card to put it back.`);
    renderHand(); renderControls();
    return;
  }
  act([`take ${c}`]);
}

function needed() {
  const p = S.view.progress;
  return p ? Math.max(1, p[1] - p[0]) : 1;
}

function act(actions) { send({ type: "act", actions }); }

function describeAction(text) {
  const [verb, ...rest] = text.split(" ");
  if (verb === "play") {
    const sigs = rest.slice(1).join(" ");
    return sigs ? `${words(sigs)}` : "no signal";
  }
  if (verb === "bid") return `Bid ${words(rest[0])}${rest[1] ? " " + rest[1] : ""}`;
  if (verb === "declare") return `Declare ${words(rest[0])} ${declArg(rest[1])}`;
  if (verb === "choose") return words(rest[0]);
  if (verb === "signal") return `Signal ${words(rest.join(" "))}`;
  return words(text).replace(/^./, (ch) => ch.toUpperCase());
}

function renderControls() {
  const box = $("#controls");
  box.replaceChildren();
  const v = S.view;
  if (!v || S.seat === null || !(v.legal || []).length) return;
  const by = legalBy();
  if (S.pending && by.play.has(S.pending)) {
    const c = S.pending;
    box.append(el("span", { class: "prompt", html: `Play ${cardShort(c)} with a signal?` }));
    for (const text of by.play.get(c)) box.append(el("button", { class: text.split(" ").length === 2 ? "primary" : "", onclick: () => act([text]) }, describeAction(text)));
    box.append(el("button", { class: "linkish", onclick: () => { S.pending = null; renderControls(); } }, "Cancel"));
    return;
  }
  if (by.multi.verb) {
    const need = needed();
    const chosen = [...S.selected];
    box.append(el("span", { class: "prompt" }, `${by.multi.verb === "discard" ? "Discard" : "Give"} ${need} card${need === 1 ? "" : "s"}: chosen ${chosen.length} of ${need}`));
    box.append(el("button", {
      class: "primary", disabled: chosen.length !== need,
      onclick: () => act(sortHand(chosen).map((c) => `${by.multi.verb} ${c}`)),
    }, `Confirm ${by.multi.verb}`));
  }
  if (by.call.length) {
    box.append(el("button", { class: "primary", onclick: () => callPicker(by.call) }, "Call a card…"));
  }
  const claim = by.other.includes("claim");
  for (const text of by.other) {
    if (text === "claim") continue;
    box.append(el("button", { class: /^(bid|choose|declare)/.test(text) ? "primary" : "", onclick: () => act([text]) }, describeAction(text)));
  }
  if (by.take.length) box.append(el("span", { class: "prompt" }, "Click a card to take it"));
  if (claim) {
    box.append(el("button", { class: "danger", onclick: confirmClaim }, "Claim the match…"));
  }
}

function confirmClaim() {
  const v = S.view;
  const running = (v.slots || []).map((n, i) => `${n} ${v.running[i]}`).join(", ");
  overlay([
    el("h2", {}, "Claim the match?"),
    el("p", {}, "Claiming (chiamarsi fuori) ends the match at once: if your side has not really reached the target, you lose it."),
    el("p", { class: "muted" }, `Running score now: ${running}`),
    el("div", { class: "choices" },
      el("button", { class: "danger", onclick: () => { closeOverlay(); act(["claim"]); } }, "Yes, claim"),
      el("button", { class: "primary", onclick: closeOverlay }, "No, keep playing")),
  ]);
}

function callPicker(calls) {
  const grid = el("div", { class: "call-grid" });
  for (const text of calls) {
    const c = text.split(" ")[1];
    grid.append(el("button", { class: "card", title: Cards.label(S.rules, c), "data-call": c, html: Cards.svg(S.rules, c, S.mode), onclick: () => { closeOverlay(); act([text]); } }));
  }
  overlay([el("h2", {}, "Call a card"), el("p", { class: "muted" }, "Its holder becomes your partner."), grid]);
}

function renderSide() {
  const v = S.view;
  const link = `${location.origin}/t/${S.tableId}`;
  const free = S.table.seats.filter((s) => s.kind === "human" && !s.taken).length;
  $("#share").innerHTML = "";
  $("#share").append(el("div", { class: "muted" }, free ? `${free} free seat${free > 1 ? "s" : ""}: share this link` : "Table link"),
    el("input", { class: "link", readonly: true, value: link, "aria-label": "Table link", onclick: (e) => e.target.select() }),
    el("button", { class: "linkish", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "Copy link"));
  const last = (v.tricks || []).at(-1);
  $("#last-trick").innerHTML = last ? `<h3>Last trick</h3><div class="row">${last.plays.map(([s, c]) => `<span class="mini-play${s === last.winner ? " won" : ""}">${card(c, "mini")}<small>${esc(seatName(s))}</small></span>`).join("")}</div><div class="muted">won by ${esc(seatName(last.winner))}</div>` : "";
  const rows = (v.slots || []).map((name, i) => `<tr><td>${esc(name)}</td><td>${v.totals[i]}</td><td>${v.running[i]}</td></tr>`).join("");
  $("#scores").innerHTML = `<h3>Score</h3><table><tr><th></th><th>match</th><th>with this deal</th></tr>${rows}</table>`;
  const hist = $("#history");
  hist.replaceChildren(...S.history.slice(-60).map((h) => el("li", { html: h })));
  hist.scrollTop = hist.scrollHeight;
  const dl = $("#downloads");
  dl.replaceChildren();
  for (const log of S.table.logs) {
    if (!log.closed) continue;
    dl.append(el("div", {}, `Match ${log.match}: `,
      el("a", { href: `/api/tables/${S.tableId}/logs/${log.match}`, download: "" }, "download log"), " · ",
      el("a", { href: `/replay?table=${S.tableId}&match=${log.match}` }, "replay")));
  }
}

function renderStatus() {
  const v = S.view;
  if (v.over) { setStatus("The match is over."); return; }
  const who = v.to_act;
  const activity = { play: "play a card", bid: "bid", call: "call a card", give: "give cards", discard: "discard", take: "take cards", declare: "declare", announce: "announce", choose: "choose the contract", misdeal: "keep or annul the hand" }[v.activity] || "act";
  if (S.seat !== null && who === S.seat) {
    const p = v.progress ? ` (${v.progress[0]} of ${v.progress[1]} done)` : "";
    setStatus(`Your turn: ${activity}${p}.`);
    $("#status").classList.add("yours");
  } else {
    $("#status").classList.remove("yours");
    const info = tableSeat(who);
    setStatus(`${seatName(who)} ${info && info.kind !== "human" ? "(bot) " : ""}is to ${activity}…`);
  }
}

function addHistory(ev) {
  const s = (i) => esc(seatName(i));
  const line = {
    Dealt: () => `— Deal ${ev.deal_no + 1}, ${s(ev.dealer)} deals —`,
    BidMade: () => `${s(ev.seat)} bids ${esc(words(ev.bid))}${ev.points !== null ? " " + ev.points : ""}`,
    Passed: () => `${s(ev.seat)} passes`,
    AuctionWon: () => `${s(ev.seat)} wins the auction: ${esc(words(ev.contract))}`,
    AllPassed: () => "Everybody passed: deal again",
    ContractChosen: () => `${s(ev.seat)} chooses ${esc(words(ev.contract))}`,
    Called: () => `${s(ev.seat)} calls ${cardShort(ev.card)}`,
    PartnerRevealed: () => `${s(ev.seat)} is the partner (${cardShort(ev.card)})`,
    TrumpSet: () => `Trump: ${esc(ev.suit)}`,
    CardGiven: () => `${s(ev.seat)} gives ${ev.card ? cardShort(ev.card) : "a card"} to ${s(ev.to)}`,
    CardDiscarded: () => `${s(ev.seat)} discards ${ev.card ? cardShort(ev.card) : "a card"}`,
    CardTaken: () => `${s(ev.seat)} takes ${cardShort(ev.card)}`,
    CardsMoved: () => `${s(ev.to)} takes ${ev.cards.length} cards from the ${esc(ev.source)}${ev.cards[0] ? ": " + ev.cards.map(cardShort).join(" ") : ""}`,
    Declared: () => `${s(ev.seat)} declares ${esc(words(ev.decl))} ${esc(declArg(ev.arg))} (${points(ev.points)})`,
    Signalled: () => `${s(ev.seat)}: ${esc(words(ev.signal))}${ev.value !== null ? " " + ev.value : ""}`,
    CardPlayed: () => `${s(ev.seat)} plays ${cardShort(ev.card)}`,
    TrickWon: () => `<b>${s(ev.seat)} takes the trick</b> (${points(ev.units)})`,
    CardDrawn: () => `${s(ev.seat)} draws ${ev.card ? cardShort(ev.card) : "a card"}`,
    Claimed: () => `${s(ev.seat)} claims the match: ${ev.right ? "right" : "wrong"}`,
    DealScored: () => `<b>Deal scored:</b> ${ev.points.map((p, i) => `${esc((S.view && S.view.slots || [])[i] || i)} ${p}`).join(", ")}`,
    MatchEnded: () => "<b>The match is over</b>",
  }[ev.type];
  if (line) S.history.push(line());
}

function showDeal(ev) {
  const names = S.view.slots || [];
  overlay([el("h2", {}, "Deal scored"),
    el("table", { class: "result", html: `<tr><th></th><th>this deal</th><th>match</th></tr>${ev.deltas.map((d, i) => `<tr><td>${esc(names[i] || i)}</td><td>+${d}</td><td>${ev.totals[i]}</td></tr>`).join("")}` }),
    el("div", { class: "choices" }, el("button", { class: "primary", onclick: closeOverlay }, "Next deal"))]);
}

// every seat of the first table with its total, and the deal after which it left
function standingsTable() {
  const rows = (S.view && S.view.standings) || [];
  return el("table", { class: "result standings", html: `<tr><th></th><th>total</th><th></th></tr>${rows.map((r) => `<tr><td>${esc(r.name)}</td><td>${r.total}</td><td>${r.left_after !== null ? `left after deal ${r.left_after}` : "at the table"}</td></tr>`).join("")}` });
}

function showResult(result) {
  const won = result.winners.join(" and ") || "nobody";
  const mine = S.first !== null && S.first !== undefined && (result.winner_people || result.winner_seats).includes(S.first);
  const totals = Object.entries(result.totals).map(([n, t]) => `<tr><td>${esc(n)}</td><td>${t}</td></tr>`).join("");
  const logLink = `/api/tables/${S.tableId}/logs/${S.match}`;
  overlay([el("h2", {}, mine ? "You won the match!" : `${won} won the match`),
    el("p", { class: "muted" }, `Reason: ${words(result.reason || "")}; ${result.deals.length} deal(s).`),
    el("table", { class: "result", html: `<tr><th></th><th>total</th></tr>${totals}` }),
    el("div", { class: "choices" },
      el("button", { class: "primary", onclick: () => send({ type: "next" }) }, "Next match"),
      el("a", { class: "button", href: logLink, download: "" }, "Download the log"),
      el("a", { class: "button", href: `/replay?table=${S.tableId}&match=${S.match}` }, "Replay it"))]);
}

// --- replay ------------------------------------------------------------------------------
async function replayPage(params) {
  const table = params.get("table"), match = params.get("match");
  try {
    const info = await api(`/api/tables/${encodeURIComponent(table)}`);
    S.rules = info.rules;
    startReplay(await api(`/api/tables/${encodeURIComponent(table)}/logs/${encodeURIComponent(match)}/frames`));
  } catch (err) {
    overlay([el("h2", {}, "Cannot replay"), el("p", {}, err.message)], { closable: false });
  }
}

async function startReplay(data) {
  $("#lobby").hidden = true; $("#table-view").hidden = true; $("#replay-view").hidden = false;
  if (data.error && !data.frames.length) { overlay([el("h2", {}, "Cannot replay"), el("p", {}, data.error)]); return; }
  if (data.rules) S.rules = data.rules;
  const slider = $("#rp-slider");
  slider.max = String(data.frames.length - 1);
  let at = 0;
  const show = (i) => {
    at = Math.max(0, Math.min(data.frames.length - 1, i));
    slider.value = String(at);
    const f = data.frames[at], v = f.view;
    S.roster = v.roster || null;
    $("#rp-label").textContent = `Step ${f.n} of ${data.frames.length - 1}${f.action ? ` — ${seatName(f.seat)}: ${f.action}` : ""}${data.error && at === data.frames.length - 1 ? " — " + data.error : ""}`;
    const hands = v.hands.map((h, i) => `<div class="rp-seat${v.to_act === i ? " turn" : ""}"><div class="seat-name">${esc(seatName(i))}</div><div class="row">${sortHand(h).map((c) => card(c, "mini")).join("")}</div></div>`).join("");
    const trick = (v.trick || []).map(([s, c]) => `<span class="mini-play${v.winning === s ? " won" : ""}">${card(c)}<small>${esc(seatName(s))}</small></span>`).join("");
    const scores = (v.slots || []).map((n, i) => `${esc(n)} <b>${v.totals[i]}</b>`).join(" · ");
    $("#rp-felt").innerHTML = `${hands}<div class="rp-trick">${trick || '<span class="muted">no cards on the table</span>'}</div><div class="muted">${scores}</div>`;
  };
  $("#rp-first").onclick = () => show(0);
  $("#rp-prev").onclick = () => show(at - 1);
  $("#rp-next").onclick = () => show(at + 1);
  $("#rp-last").onclick = () => show(data.frames.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
  });
  show(0);
}

// --- start -------------------------------------------------------------------------------
$("#suit-style").value = S.mode;
$("#suit-style").addEventListener("change", (e) => {
  S.mode = e.target.value; localStorage.setItem("suits", S.mode);
  if (S.view) render();
});
const path = location.pathname;
if (path.startsWith("/t/")) tablePage(decodeURIComponent(path.slice(3)));
else if (path === "/replay") replayPage(new URLSearchParams(location.search));
else lobby();
