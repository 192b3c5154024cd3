// The research page: start a run with POST /research/stream, read its server-sent
// events from the response body (EventSource can only GET), and show the plan, each
// task's status, sources and summary as they arrive, then the report.
"use strict";

const $ = (id) => document.getElementById(id);
const tasks = new Map(); // task id -> {element, summary text}
let controller = null;

function setState(state, message) {
  document.body.dataset.state = state;
  if (message) $("progress").textContent = message;
  $("start").disabled = state === "running";
  $("stop").disabled = state !== "running";
}

function log(text, kind = "status") {
  const item = document.createElement("li");
  item.className = kind;
  item.textContent = text;
  $("log").append(item);
}

function taskElement(task) {
  let entry = tasks.get(task.id);
  if (!entry) {
    const element = document.createElement("li");
    element.className = "task";
    element.dataset.taskId = task.id;
    element.dataset.history = "";
    element.innerHTML = `
      <div class="task-head"><span class="badge"></span><strong class="title"></strong></div>
      <p class="intent"></p><p class="query"></p>
      <ol class="sources"></ol>
      <div class="summary"></div>
      <p class="detail"></p>`;
    $("tasks").append(element);
    entry = {element, summary: ""};
    tasks.set(task.id, entry);
  }
  return entry;
}

function updateTask(task) {
  const {element} = taskElement(task);
  if (task.title) element.querySelector(".title").textContent = `${task.id}. ${task.title}`;
  if (task.intent) element.querySelector(".intent").textContent = task.intent;
  if (task.query) element.querySelector(".query").textContent = `query: ${task.query}`;
  if (task.status) setStatus(element, task.status);
}

function setStatus(element, status) {
  if (element.dataset.status === status) return;
  element.dataset.status = status;
  element.dataset.history = (element.dataset.history + " " + status).trim();
  element.querySelector(".badge").textContent = status.replace("_", " ");
}

function showSummary(id, markdown) {
  const entry = tasks.get(id);
  if (!entry) return;
  entry.summary = markdown;
  entry.element.querySelector(".summary").innerHTML = Markdown.render(markdown);
}

function showSources(id, sources) {
  const entry = tasks.get(id);
  if (!entry) return;
  const list = entry.element.querySelector(".sources");
  list.innerHTML = "";
  for (const source of sources) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = source.url;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = `[${source.number}] ${source.title}`;
    item.append(link);
    list.append(item);
  }
}

function handle(event) {
  switch (event.type) {
    case "status":
      log(event.message);
      if (!event.task_id) $("progress").textContent = event.message;
      break;
    case "todo_list":
      for (const task of event.tasks) updateTask(task);
      break;
    case "task_status": {
      updateTask({...event, id: event.task_id});
      const {element} = taskElement({id: event.task_id});
      if (event.summary) showSummary(event.task_id, event.summary);
      element.querySelector(".detail").textContent = event.detail || "";
      log(`task ${event.task_id}: ${event.status}`);
      break;
    }
    case "sources":
      showSources(event.task_id, event.sources);
      break;
    case "task_summary_chunk": {
      const entry = tasks.get(event.task_id);
      if (entry) showSummary(event.task_id, entry.summary + event.content);
      break;
    }
    case "tool_call":
      log(`${event.agent} called ${event.tool}(${event.parameters.action || ""}${event.parameters.title ? ": " + event.parameters.title : ""})`, "tool");
      break;
    case "citation_check":
      $("citations").textContent = describeCitations(event);
      $("citations").dataset.shareResolved = event.share_resolved;
      break;
    case "final_report":
      $("report").innerHTML = Markdown.render(event.report);
      $("report").dataset.ready = "yes";
      break;
    case "error":
      setState("error", `Error: ${event.detail}`);
      log(event.detail, "error");
      break;
    case "done":
      setState("done", "Research complete.");
      break;
  }
}

function describeCitations(check) {
  const resolved = check.markers ? `${check.resolved} of ${check.markers} citations resolve` : "no citations";
  const dropped = check.unresolved.length ? `; removed ${check.unresolved.map((n) => `[${n}]`).join(" ")}` : "";
  const repair = check.repair ? ` (${check.repair})` : "";
  return `${resolved} to the ${check.sources_read} pages read; ${check.sources_cited} cited${dropped}${repair}.`;
}

async function start(topic, searchApi) {
  tasks.clear();
  $("tasks").innerHTML = "";
  $("log").innerHTML = "";
  $("citations").textContent = "";
  $("report").innerHTML = '<p class="muted">Researching...</p>';
  delete $("report").dataset.ready;
  setState("running", `Starting: ${topic}`);
  controller = new AbortController();
  try {
    const response = await fetch("/research/stream", {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept": "text/event-stream"},
      body: JSON.stringify(searchApi ? {topic, search_api: searchApi} : {topic}),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, {stream: true});
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
        if (data) handle(JSON.parse(data));
      }
    }
    if (document.body.dataset.state === "running") setState("error", "The stream ended early.");
  } catch (error) {
    if (error.name === "AbortError") setState("stopped", "Stopped.");
    else setState("error", `Error: ${error.message}`);
  }
}

$("research-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const topic = $("topic").value.trim();
  if (topic) start(topic, $("search-api").value);
});
$("stop").addEventListener("click", () => controller && controller.abort());

// /?topic=... starts a run at once (links, and the page's browser test).
const initial = new URLSearchParams(location.search).get("topic");
if (initial) {
  $("topic").value = initial;
  start(initial, new URLSearchParams(location.search).get("search_api") || "");
}
