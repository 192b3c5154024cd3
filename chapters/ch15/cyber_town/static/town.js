// The cyber town's web client: a 2D office to walk in, NPCs to talk to, affinity
// meters and the NPCs' chatter, all from the town's API and its event stream.
"use strict";

const TILE = 32;
const COLS = 30;
const ROWS = 18;
const SPEED = 5; // tiles per second
const TALK_DISTANCE = 2.2; // tiles
const BODY = 1.6; // how close two people can stand, in tiles
const BUBBLE_MS = 8000;
const ZONES = [
  { name: "工位区", x: 1, y: 1, w: 9, h: 7, color: "#46506a" },
  { name: "会议室", x: 11, y: 1, w: 8, h: 7, color: "#4d4a66" },
  { name: "休息区", x: 20, y: 1, w: 9, h: 8, color: "#4a5d5a" },
  { name: "窗边", x: 2, y: 10, w: 11, h: 7, color: "#4b5a6e" },
  { name: "前台", x: 16, y: 10, w: 11, h: 7, color: "#5d5448" },
];
const COLORS = ["#e06c75", "#61afef", "#c678dd", "#98c379", "#e5c07b"];

const params = new URLSearchParams(location.search);
const playerId = params.get("player") || localStorage.getItem("townPlayerId") ||
  "player-" + Math.random().toString(36).slice(2, 8);
localStorage.setItem("townPlayerId", playerId);

const canvas = document.getElementById("town");
const context = canvas.getContext("2d");
const dialogue = document.getElementById("dialogue");
const dialogueLog = document.getElementById("dialogue-log");
const dialogueInput = document.getElementById("dialogue-input");
const prompt = document.getElementById("prompt");

// Everything the page knows; window.town lets a test (or you, in the console) look.
const town = {
  playerId,
  player: { x: 15, y: 9 },
  npcs: [],
  affinities: {},
  bubbles: {},     // npc name -> {text, until}
  chatterLines: 0,
  talkingTo: null,
  nearby: null,
  sent: 0,
  answered: 0,
};
window.town = town;
const keys = new Set();

async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
    throw new Error(`${response.status}: ${detail || response.statusText}`);
  }
  return body;
}

// ---- the world ----------------------------------------------------------------------

function draw(now) {
  context.fillStyle = "#3b4254";
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const zone of ZONES) {
    context.fillStyle = zone.color;
    context.fillRect(zone.x * TILE, zone.y * TILE, zone.w * TILE, zone.h * TILE);
    context.fillStyle = "#ffffff55";
    context.font = "14px system-ui, sans-serif";
    context.fillText(zone.name, zone.x * TILE + 6, zone.y * TILE + 18);
  }
  context.strokeStyle = "#ffffff10";
  for (let c = 0; c <= COLS; c++) line(c * TILE, 0, c * TILE, canvas.height);
  for (let r = 0; r <= ROWS; r++) line(0, r * TILE, canvas.width, r * TILE);
  town.npcs.forEach((npc, index) => {
    const near = town.nearby === npc.name;
    person(npc.position[0], npc.position[1], COLORS[index % COLORS.length], near);
    label(npc.name, npc.position[0], npc.position[1] + 0.95, near ? "#ffe08a" : "#e8ecf3");
    const bubble = town.bubbles[npc.name];
    if (bubble && bubble.until > now) speech(bubble.text, npc.position[0], npc.position[1] - 0.9);
  });
  person(town.player.x, town.player.y, "#8fd3ff", false, true);
  label("you", town.player.x, town.player.y + 0.95, "#8fd3ff");
}

function line(x1, y1, x2, y2) {
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x2, y2);
  context.stroke();
}

function person(x, y, color, highlighted, isPlayer = false) {
  const cx = x * TILE, cy = y * TILE;
  context.fillStyle = color;
  context.beginPath();
  context.arc(cx, cy - 4, 9, 0, Math.PI * 2); // head
  context.fill();
  context.fillRect(cx - 9, cy + 6, 18, 14); // body
  if (highlighted || isPlayer) {
    context.strokeStyle = highlighted ? "#ffe08a" : "#ffffff";
    context.lineWidth = 2;
    context.strokeRect(cx - 13, cy - 17, 26, 40);
    context.lineWidth = 1;
  }
}

function label(text, x, y, color) {
  context.font = "13px system-ui, sans-serif";
  context.fillStyle = color;
  context.textAlign = "center";
  context.fillText(text, x * TILE, y * TILE + 14);
  context.textAlign = "left";
}

function speech(text, x, y) {
  context.font = "12px system-ui, sans-serif";
  const shown = text.length > 34 ? text.slice(0, 33) + "…" : text;
  const width = Math.min(context.measureText(shown).width + 14, 300);
  const left = Math.max(2, Math.min(canvas.width - width - 2, x * TILE - width / 2));
  const top = y * TILE - 30;
  context.fillStyle = "#fdfdfd";
  context.beginPath();
  context.roundRect(left, top, width, 22, 6);
  context.fill();
  context.fillStyle = "#1d2330";
  context.fillText(shown, left + 7, top + 15);
}

let last = performance.now();
function frame(now) {
  const seconds = Math.min(0.25, (now - last) / 1000); // a slow frame still moves, never past an NPC
  last = now;
  if (!town.talkingTo) move(seconds);
  findNearby();
  draw(Date.now());
  requestAnimationFrame(frame);
}

function move(seconds) {
  let dx = 0, dy = 0;
  if (keys.has("arrowleft") || keys.has("a")) dx -= 1;
  if (keys.has("arrowright") || keys.has("d")) dx += 1;
  if (keys.has("arrowup") || keys.has("w")) dy -= 1;
  if (keys.has("arrowdown") || keys.has("s")) dy += 1;
  if (!dx && !dy) return;
  const length = Math.hypot(dx, dy);
  const x = clamp(town.player.x + (dx / length) * SPEED * seconds, 0.6, COLS - 0.6);
  const y = clamp(town.player.y + (dy / length) * SPEED * seconds, 0.8, ROWS - 1);
  // NPCs are solid: move along each axis that does not walk into one (so you slide past)
  if (free(x, town.player.y)) town.player.x = x;
  if (free(town.player.x, y)) town.player.y = y;
}

function free(x, y) {
  return town.npcs.every((npc) => Math.hypot(npc.position[0] - x, npc.position[1] - y) >= BODY);
}

const clamp = (value, low, high) => Math.max(low, Math.min(high, value));

function findNearby() {
  let best = null, bestDistance = TALK_DISTANCE;
  for (const npc of town.npcs) {
    const distance = Math.hypot(npc.position[0] - town.player.x, npc.position[1] - town.player.y);
    if (distance < bestDistance) { best = npc; bestDistance = distance; }
  }
  town.nearby = best ? best.name : null;
  const show = best && !town.talkingTo;
  prompt.hidden = !show;
  if (show) prompt.textContent = `Press E to talk to ${best.name} (${best.title})`;
}

// ---- talking ------------------------------------------------------------------------

function openDialogue(name) {
  const npc = town.npcs.find((n) => n.name === name);
  town.talkingTo = name;
  keys.clear();
  document.getElementById("dialogue-name").textContent = npc.name;
  document.getElementById("dialogue-title").textContent = npc.title;
  dialogueLog.replaceChildren();
  say("waiting", `You walk up to ${npc.name}.`);
  dialogue.hidden = false;
  dialogue.dataset.open = "yes";
  dialogueInput.focus();
}

function closeDialogue() {
  town.talkingTo = null;
  dialogue.hidden = true;
  dialogue.dataset.open = "no";
  canvas.focus();
}

function say(kind, text) {
  const item = document.createElement("li");
  item.className = kind;
  item.textContent = text;
  dialogueLog.append(item);
  dialogueLog.scrollTop = dialogueLog.scrollHeight;
  return item;
}

async function send(event) {
  event.preventDefault();
  const message = dialogueInput.value.trim();
  const npcName = town.talkingTo;
  if (!message || !npcName) return;
  dialogueInput.value = "";
  say("player", `You: ${message}`);
  const waiting = say("waiting", `${npcName} is thinking…`);
  town.sent += 1;
  try {
    const answer = await api("/chat", {
      method: "POST",
      body: JSON.stringify({ npc_name: npcName, message, player_id: playerId }),
    });
    waiting.remove();
    say("npc", `${answer.npc_name}: ${answer.message}`);
    town.answered += 1;
    showAffinity(answer.npc_name, answer.affinity, answer.affinity_level,
                 answer.affinity_change, answer.reason);
  } catch (error) {
    waiting.remove();
    say("error", `No answer (${error.message})`);
  }
}

// ---- affinity and chatter -----------------------------------------------------------

function renderAffinities() {
  const list = document.getElementById("affinities");
  list.replaceChildren(...town.npcs.map((npc) => {
    const state = town.affinities[npc.name] || { affinity: 50, level: "" };
    const item = document.createElement("li");
    item.id = `affinity-${npc.name}`;
    item.dataset.npc = npc.name;
    item.dataset.affinity = String(Math.round(state.affinity));
    const name = document.createElement("span");
    name.textContent = npc.name;
    const meter = document.createElement("div");
    meter.className = "meter";
    const fill = document.createElement("span");
    fill.style.width = `${state.affinity}%`;
    meter.append(fill);
    const level = document.createElement("span");
    level.className = "level";
    level.textContent = `${Math.round(state.affinity)} ${state.level}`;
    item.append(name, meter, level);
    return item;
  }));
}

function showAffinity(npcName, affinity, level, change, reason) {
  town.affinities[npcName] = { affinity, level };
  renderAffinities();
  const news = document.getElementById("affinity-news");
  if (change) {
    news.textContent = `${npcName} ${change > 0 ? "+" : ""}${change}: ${reason}`;
    news.className = change < 0 ? "down" : "";
  }
}

function showChatter(state) {
  const lines = (state.tick && state.tick.lines) || [];
  const now = Date.now();
  lines.forEach((line, index) => {
    // one bubble after the other, so a pair's exchange reads in order
    setTimeout(() => {
      town.bubbles[line.speaker] = { text: line.text, until: Date.now() + BUBBLE_MS };
    }, index * 600);
  });
  if (!lines.length) {
    for (const [name, text] of Object.entries(state.dialogues || {})) {
      town.bubbles[name] = { text, until: now + BUBBLE_MS };
    }
  }
  const list = document.getElementById("chatter");
  const recent = state.chatter || [];
  list.replaceChildren(...recent.slice(0, 20).map((line) => {
    const item = document.createElement("li");
    const from = document.createElement("span");
    from.className = "from";
    from.textContent = `${line.speaker} → ${line.listener}: `;
    item.append(from, document.createTextNode(line.text));
    return item;
  }));
  town.chatterLines = recent.length;
  const budget = state.budget;
  if (budget) {
    document.getElementById("budget").textContent =
      `${budget.ticks} ticks · ${budget.total_calls} model calls · at most ` +
      `${budget.calls_per_tick} per tick, ${budget.pairs_per_call} pairs per call`;
  }
}

function listen() {
  const connection = document.getElementById("connection");
  const events = new EventSource(`/events?player_id=${encodeURIComponent(playerId)}`);
  events.addEventListener("open", () => {
    connection.dataset.state = "open";
    connection.textContent = "live";
  });
  events.addEventListener("error", () => {
    connection.dataset.state = "retrying";
    connection.textContent = "reconnecting…";
  });
  events.addEventListener("status", (event) => showChatter(JSON.parse(event.data)));
  events.addEventListener("chatter", (event) => showChatter(JSON.parse(event.data)));
  events.addEventListener("affinity", (event) => {
    const data = JSON.parse(event.data);
    showAffinity(data.npc_name, data.new_affinity, data.new_level, data.change_amount, data.reason);
  });
}

// ---- keys and start -----------------------------------------------------------------

window.addEventListener("keydown", (event) => {
  if (town.talkingTo) {
    if (event.key === "Escape") closeDialogue();
    return; // typing in the dialogue
  }
  const key = event.key.toLowerCase();
  if (key === "e" && town.nearby) {
    event.preventDefault();
    openDialogue(town.nearby);
    return;
  }
  if (["arrowleft", "arrowright", "arrowup", "arrowdown", "w", "a", "s", "d"].includes(key)) {
    event.preventDefault();
    keys.add(key);
  }
});
window.addEventListener("keyup", (event) => keys.delete(event.key.toLowerCase()));
window.addEventListener("blur", () => keys.clear());
dialogue.addEventListener("submit", send);
document.getElementById("dialogue-close").addEventListener("click", closeDialogue);
document.getElementById("refresh").addEventListener("click", () =>
  api("/npcs/status/refresh", { method: "POST" }).catch(() => {}));

async function start() {
  document.getElementById("player-id").textContent = playerId;
  const listed = await api("/npcs");
  town.npcs = listed.npcs;
  const affinities = await api(`/affinities?player_id=${encodeURIComponent(playerId)}`);
  for (const [name, state] of Object.entries(affinities.affinities)) {
    town.affinities[name] = { affinity: state.affinity, level: state.level };
  }
  renderAffinities();
  listen();
  requestAnimationFrame(frame);
  document.body.dataset.ready = "yes";
}

start().catch((error) => {
  document.body.dataset.ready = "failed";
  prompt.hidden = false;
  prompt.textContent = `The town did not load: ${error.message}`;
});
