// The travel assistant's page: the form, the plan day by day, a route map drawn from the
// plan's coordinates (an SVG, no tile server), the budget, editing a day, and export.
// body[data-state] is idle | planning | done | error, for people and for tests alike.
"use strict";

const COLORS = ["#2f6fed", "#e8590c", "#2b8a3e", "#ae3ec9", "#c92a2a", "#0b7285", "#5f3dc4"];
const MEALS = { breakfast: "早餐", lunch: "午餐", dinner: "晚餐", snack: "小吃" };
const $ = (selector) => document.querySelector(selector);
let plan = null; // the plan shown (edits included)
let editing = null; // {index, copy} while a day is being edited
let shownDay = null; // the day the map highlights (null: all)

function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function isoDay(offset) {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return day.toISOString().slice(0, 10);
}

function setState(state, message = "") {
  document.body.dataset.state = state;
  $("#status").textContent = message;
}

// ---- asking for a plan ----------------------------------------------------------------
// The plan comes from /api/trip/plan/stream: "progress" events while the agents work
// (shown as a list of steps), then "plan" or "error".

const AGENTS = { attraction: "景点智能体", weather: "天气智能体", hotel: "酒店智能体" };

function progressText(event) {
  switch (event.stage) {
    case "lookups": return "景点、天气、酒店三个智能体同时查询地图服务…";
    case "lookup": return `${AGENTS[event.agent] || event.agent}：查询完成`;
    case "places": return `读取地点详情：景点 ${event.attractions} 个，酒店 ${event.hotels} 个，餐厅 ${event.restaurants} 个`;
    case "planner": return "规划智能体正在从这些地点里安排每一天…";
    case "planned": return `规划智能体完成${event.repairs ? `（修正 ${event.repairs} 次）` : ""}；计算日期、天气、路线和预算`;
    case "done": return `计划完成，用时 ${event.seconds} 秒`;
    default: return event.stage;
  }
}

function showProgress(event) {
  const item = document.createElement("li");
  item.dataset.stage = event.stage;
  item.textContent = progressText(event);
  $("#progress").append(item);
  $("#progress").hidden = false;
}

async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const name = (frame.find((line) => line.startsWith("event:")) || "event: message").slice(6).trim();
      const data = frame.filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart()).join("\n");
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

async function submit(event) {
  event.preventDefault();
  const form = new FormData($("#trip-form"));
  const request = {
    city: form.get("city").trim(),
    start_date: form.get("start_date"),
    end_date: form.get("end_date"),
    transportation: form.get("transportation"),
    accommodation: form.get("accommodation"),
    preferences: form.getAll("preferences"),
    free_text_input: form.get("free_text_input") || "",
  };
  $("#error").hidden = true;
  $("#submit").disabled = true;
  $("#progress").innerHTML = "";
  $("#progress").hidden = true;
  const started = Date.now();
  let step = "规划中…";
  const elapsed = () => `已用 ${Math.round((Date.now() - started) / 1000)} 秒`;
  const tick = setInterval(() => setState("planning", `${step} ${elapsed()}`), 500);
  setState("planning", step);
  try {
    const response = await fetch("/api/trip/plan/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
      throw new Error(describeFailure(body));
    }
    let answer = null;
    await readEvents(response, (name, data) => {
      if (name === "progress") {
        showProgress(data);
        step = progressText(data);
      } else {
        answer = data;
      }
    });
    if (!answer) throw new Error("连接在计划完成前断开了");
    if (!answer.success) throw new Error(describeFailure(answer));
    plan = answer.data;
    shownDay = null;
    editing = null;
    render();
    setState("done", `完成，用时 ${Math.round((Date.now() - started) / 1000)} 秒`);
  } catch (error) {
    $("#error").textContent = `没有生成计划：${error.message}`;
    $("#error").hidden = false;
    setState("error", "");
  } finally {
    clearInterval(tick);
    $("#submit").disabled = false;
  }
}

function describeFailure(answer) {
  if (Array.isArray(answer.detail)) { // FastAPI's 422: one line per field
    return answer.detail.map((item) => `${item.loc.slice(1).join(".") || "请求"}: ${item.msg}`).join("；");
  }
  return answer.message || answer.detail || "服务器没有给出原因";
}

// ---- showing it ---------------------------------------------------------------------------

function render() {
  $("#result").hidden = false;
  $("#title").textContent = `${plan.city} · ${plan.start_date} 至 ${plan.end_date} · ${plan.days.length} 天`;
  $("#suggestions").textContent = plan.overall_suggestions;
  renderBudget();
  renderWeather();
  renderDays();
  renderMap();
}

function renderBudget() {
  const b = plan.budget || {};
  const rows = [["景点门票", b.total_attractions], ["酒店", b.total_hotels], ["餐饮", b.total_meals],
    ["交通", b.total_transportation]];
  $("#budget").innerHTML = rows.map(([name, value]) =>
    `<tr><td>${name}</td><td class="num">${value ?? 0}</td></tr>`).join("") +
    `<tr class="total"><td>合计</td><td class="num" id="budget-total">${b.total ?? 0}</td></tr>`;
}

function renderWeather() {
  $("#weather").innerHTML = plan.weather_info.length
    ? plan.weather_info.map((w) => `<div class="weather"><b>${esc(w.date.slice(5))}</b>` +
      `${esc(w.day_weather)} ${w.night_temp}~${w.day_temp}°C<br><span class="muted">${esc(w.wind_direction)} ${esc(w.wind_power)}</span></div>`).join("")
    : `<p class="muted">这些日期还没有天气预报（地图服务只预报今天起四天）。</p>`;
}

function renderDays() {
  $("#days").innerHTML = plan.days.map((day, index) =>
    editing && editing.index === index ? editDayHtml(editing.copy, index) : dayHtml(day, index)).join("");
}

function dayHtml(day, index) {
  const sights = day.attractions.map((a) => `<li><b>${esc(a.name)}</b> <span class="meta">` +
    `${esc(a.category)} · 约 ${a.visit_duration} 分钟 · 门票 ${a.ticket_price} 元</span></li>`).join("");
  const meals = day.meals.map((m) => `${MEALS[m.type] || m.type}：${esc(m.name)}（${m.estimated_cost} 元）`).join("　");
  const hotel = day.hotel ? `住宿：${esc(day.hotel.name)}（${day.hotel.estimated_cost} 元/晚）` : "最后一天，不住宿";
  return `<article class="card day" data-index="${index}">
    <div class="day-head"><h3><span class="swatch" style="background:${COLORS[index % COLORS.length]}"></span>
      第 ${index + 1} 天 · ${esc(day.date)}</h3>
      <button type="button" class="plain edit" data-index="${index}">编辑</button></div>
    <p class="description">${esc(day.description)}</p>
    <ol>${sights}</ol>
    <p class="meta">${meals}</p>
    <p class="meta">${hotel} · 路线约 ${day.route_km} 公里（${esc(day.transportation)}）</p>
  </article>`;
}

function editDayHtml(day, index) {
  const sights = day.attractions.map((a, i) => `<li>${esc(a.name)}<span class="edit-tools">` +
    `<button type="button" class="plain move" data-dir="-1" data-pos="${i}" title="上移">↑</button>` +
    `<button type="button" class="plain move" data-dir="1" data-pos="${i}" title="下移">↓</button>` +
    `<button type="button" class="plain drop" data-pos="${i}" title="删除" ${day.attractions.length < 2 ? "disabled" : ""}>✕</button>` +
    `</span></li>`).join("");
  return `<article class="card day editing" data-index="${index}">
    <div class="day-head"><h3>编辑第 ${index + 1} 天 · ${esc(day.date)}</h3></div>
    <textarea id="edit-description">${esc(day.description)}</textarea>
    <ol>${sights}</ol>
    <div class="edit-actions"><button type="button" id="edit-save">保存</button>
      <button type="button" class="plain" id="edit-cancel">取消</button></div>
  </article>`;
}

// ---- editing a day: on a deep copy, saved or thrown away ---------------------------------

function onDaysClick(event) {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.classList.contains("edit")) {
    const index = Number(button.dataset.index);
    editing = { index, copy: structuredClone(plan.days[index]) };
  } else if (button.classList.contains("move")) {
    const list = editing.copy.attractions;
    const from = Number(button.dataset.pos);
    const to = from + Number(button.dataset.dir);
    if (to >= 0 && to < list.length) [list[from], list[to]] = [list[to], list[from]];
  } else if (button.classList.contains("drop")) {
    editing.copy.attractions.splice(Number(button.dataset.pos), 1);
  } else if (button.id === "edit-save") {
    editing.copy.description = $("#edit-description").value;
    plan.days[editing.index] = withRoute(editing.copy);
    plan.budget = recount(plan.budget);
    editing = null;
    render();
    return;
  } else if (button.id === "edit-cancel") {
    editing = null;
  }
  if (editing) editing.copy.description = $("#edit-description")?.value ?? editing.copy.description;
  renderDays();
}

// The route follows the edited order: hotel, first sight, lunch, the other sights, dinner, hotel.
function withRoute(day) {
  const stops = (kind) => day.route.filter((s) => s.kind === kind);
  const hotel = stops("hotel");
  const sight = (a) => ({ name: a.name, kind: "attraction", location: a.location });
  const [first, ...rest] = day.attractions.map(sight);
  day.route = [...hotel.slice(0, 1), ...(first ? [first] : []), ...stops("lunch"), ...rest,
    ...stops("dinner"), ...hotel.slice(1)];
  return day;
}

// Tickets and the total follow the edit; hotels, meals and fares stay as the server counted.
function recount(budget) {
  const tickets = plan.days.reduce((sum, d) => sum + d.attractions.reduce((s, a) => s + a.ticket_price, 0), 0);
  const total = tickets + budget.total_hotels + budget.total_meals + budget.total_transportation;
  return { ...budget, total_attractions: tickets, total };
}

// ---- the map: coordinates projected onto an SVG -------------------------------------------

function renderMap() {
  const svg = $("#map");
  const width = 640, height = 420, pad = 36;
  const points = plan.days.flatMap((d) => d.route.length ? d.route : d.attractions.map((a) => ({ location: a.location })));
  const lngs = points.map((p) => p.location.longitude), lats = points.map((p) => p.location.latitude);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const shrink = Math.cos(((minLat + maxLat) / 2) * Math.PI / 180); // a degree of longitude is shorter
  const spanX = Math.max((maxLng - minLng) * shrink, 0.01), spanY = Math.max(maxLat - minLat, 0.01);
  const scale = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const offsetX = (width - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2;
  const xy = (loc) => [offsetX + (loc.longitude - minLng) * shrink * scale, height - offsetY - (loc.latitude - minLat) * scale];
  let html = grid(minLng, maxLng, minLat, maxLat, xy, width, height);
  plan.days.forEach((day, index) => {
    const color = COLORS[index % COLORS.length];
    const dim = shownDay !== null && shownDay !== index ? " dim" : "";
    const line = day.route.map((s) => xy(s.location).map((v) => v.toFixed(1)).join(",")).join(" ");
    html += `<g class="day-route${dim}" data-day="${index}"><polyline class="route" points="${line}" stroke="${color}"/>`;
    let number = 0;
    day.route.forEach((stop, i) => {
      if (stop.kind === "hotel" && i > 0) return; // the way back: drawn already
      const [x, y] = xy(stop.location);
      const shape = stop.kind === "hotel"
        ? `<rect x="${x - 7}" y="${y - 7}" width="14" height="14" rx="3" fill="${color}"/><text class="num" x="${x}" y="${y + 3.5}" text-anchor="middle">H</text>`
        : stop.kind === "attraction"
          ? `<circle cx="${x}" cy="${y}" r="8" fill="${color}"/><text class="num" x="${x}" y="${y + 3.5}" text-anchor="middle">${++number}</text>`
          : `<circle cx="${x}" cy="${y}" r="4" fill="#fff" stroke="${color}" stroke-width="2"/>`;
      const label = stop.kind === "attraction" || stop.kind === "hotel" ? `<text x="${x + 10}" y="${y - 8}">${esc(stop.name)}</text>` : "";
      html += `<g class="stop ${stop.kind}">${shape}${label}</g>`;
    });
    html += "</g>";
  });
  svg.innerHTML = html;
  $("#map-days").innerHTML = `<button type="button" class="${shownDay === null ? "" : "plain"}" data-day="">全部</button>` +
    plan.days.map((_, i) => `<button type="button" class="${shownDay === i ? "" : "plain"}" data-day="${i}">第 ${i + 1} 天</button>`).join("");
}

function grid(minLng, maxLng, minLat, maxLat, xy, width, height) {
  const step = niceStep(Math.max(maxLng - minLng, maxLat - minLat) / 4);
  let lines = "";
  for (let lng = Math.floor(minLng / step - 2) * step; lng <= maxLng + 2 * step; lng += step) {
    const [x] = xy({ longitude: lng, latitude: minLat });
    if (x < 0 || x > width) continue;
    lines += `<line class="grid-line" x1="${x}" y1="0" x2="${x}" y2="${height}"/><text class="grid-label" x="${x + 2}" y="${height - 4}">${lng.toFixed(2)}°E</text>`;
  }
  for (let lat = Math.floor(minLat / step - 2) * step; lat <= maxLat + 2 * step; lat += step) {
    const [, y] = xy({ longitude: minLng, latitude: lat });
    if (y < 0 || y > height) continue;
    lines += `<line class="grid-line" x1="0" y1="${y}" x2="${width}" y2="${y}"/><text class="grid-label" x="2" y="${y - 2}">${lat.toFixed(2)}°N</text>`;
  }
  return lines;
}

function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(raw || 0.01));
  return [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) || power * 10;
}

// ---- export ---------------------------------------------------------------------------------

function exportText() {
  return JSON.stringify(plan, null, 2);
}

function exportJson() {
  const text = exportText();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `trip-${plan.city}-${plan.start_date}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  document.body.dataset.exported = String(text.length);
}

// ---- wiring -----------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  const form = $("#trip-form");
  form.start_date.value = isoDay(1);
  form.end_date.value = isoDay(3);
  const given = new URLSearchParams(location.search); // ?city=成都&start_date=... fills the form
  for (const [key, value] of given) if (form[key] && key !== "preferences") form[key].value = value;
  form.addEventListener("submit", submit);
  $("#days").addEventListener("click", onDaysClick);
  $("#map-days").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    shownDay = button.dataset.day === "" ? null : Number(button.dataset.day);
    renderMap();
  });
  $("#export-json").addEventListener("click", exportJson);
  $("#export-print").addEventListener("click", () => window.print());
  document.body.dataset.ready = "yes";
  if (given.get("submit") === "1") form.requestSubmit();
});
