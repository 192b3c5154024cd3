"""One self-contained HTML page showing recorded runs as a timeline.

The page is rendered here, in Python, with every piece of text escaped: model
replies, tool results and prompts are untrusted and appear only as text. It
holds its CSS and a few lines of script inline and loads nothing from the
network, so it opens from a file, in a notebook or as a CI artifact.
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import Sequence

from hello_agents.tracing.records import (
    Entry,
    InterventionRecord,
    ModelCallRecord,
    ParseErrorRecord,
    RunRecord,
    StepView,
    ToolCallRecord,
)

CSS = """
:root{--bg:#f7f7f9;
  --card:#fff;
  --line:#d9dbe3;
  --muted:#667;
  --accent:#3656d6;
  --ok:#1d7a3e;
  --bad:#b3261e;
  --aid:#9a4d00}
*{box-sizing:border-box}
body{margin:0;
  padding:24px;
  background:var(--bg);
  color:#1c1d22;
  font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0}
.meta{color:var(--muted);font-size:12px}
.toolbar{margin:12px 0 20px}
.toolbar button{margin-right:8px;
  padding:4px 10px;
  border:1px solid var(--line);
  background:var(--card);
  border-radius:6px;
  cursor:pointer}
.run{background:var(--card);
  border:1px solid var(--line);
  border-radius:10px;
  padding:16px;
  margin-bottom:24px}
.run.child{margin-left:32px;border-left:4px solid var(--accent)}
.summary{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:10px 0 14px}
.summary dt{color:var(--muted)}.summary dd{margin:0;white-space:pre-wrap;word-break:break-word}
.timeline{border-left:2px solid var(--line);margin-left:8px;padding-left:16px}
.entry{position:relative;
  border:1px solid var(--line);
  border-radius:8px;
  padding:10px 12px;
  margin:0 0 12px;
  background:#fcfcfd}
.entry::before{content:"";
  position:absolute;
  left:-23px;
  top:14px;
  width:12px;
  height:12px;
  border-radius:50%;
  background:var(--accent)}
.entry.tool::before{background:var(--ok)}
.entry.error::before,.entry.parse::before{background:var(--bad)}
.entry.error{border-color:var(--bad)}.entry.parse{border-color:#e0a400}
.entry.aid{border:2px dashed var(--aid);background:#fff8ee}
.entry.aid::before{background:var(--aid);border-radius:2px;transform:rotate(45deg)}
.entry.aid .head b{color:var(--aid)}
.head{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
.head b{font-size:14px}
.tag{font-size:11px;padding:1px 6px;border-radius:10px;background:#eef0fb;color:var(--accent)}
.tag.bad{background:#fbeaea;color:var(--bad)}.tag.ok{background:#e8f5ec;color:var(--ok)}
.tag.aid{background:#fdebd3;color:var(--aid)}
.parallel{display:flex;gap:12px;align-items:stretch;margin-bottom:12px}
.parallel>.entry{flex:1 1 0;min-width:0;margin:0}
.parallel>.entry+.entry::before{display:none}
.parallel-label{font-size:11px;color:var(--muted);margin:0 0 4px}
pre{margin:6px 0 0;
  padding:8px;
  background:#f3f4f7;
  border-radius:6px;
  white-space:pre-wrap;
  word-break:break-word;
  font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;
  max-height:420px;
  overflow:auto}
details{margin-top:6px}summary{cursor:pointer;color:var(--muted)}
.msg{margin-top:6px}
.role{font-size:11px;
  font-weight:600;
  text-transform:uppercase;
  color:var(--muted)}
table.steps{border-collapse:collapse;width:100%;margin-top:8px}
table.steps td,table.steps th{border:1px solid var(--line);
  padding:4px 8px;
  vertical-align:top;
  text-align:left}
table.steps th{background:#f3f4f7;font-weight:600}
.field{color:var(--muted);font-size:12px}
"""

AID_ACTIONS = {
    "sent_back": "sent the answer back",
    "replaced": "replaced the answer",
    "read_as_call": "ran the answer as a tool call",
    "skipped_call": "skipped a repeated call",
}
"""How an intervention's action reads in its label ("aid: unused_result sent the answer back")."""

READABLE_LINE = 100
"""Tool arguments and results in JSON longer than this are shown indented."""

SCRIPT = """
document.querySelectorAll('[data-open]').forEach(function (button) {
  button.addEventListener('click', function () {
    var open = button.getAttribute('data-open') === 'all';
    document.querySelectorAll('details').forEach(function (d) { d.open = open; });
  });
});
document.documentElement.setAttribute('data-ready', 'yes');
"""


def esc(value: object) -> str:
    """``value`` as text safe inside HTML (elements and attribute values)."""
    return html.escape("" if value is None else str(value), quote=True)


def _seconds(value: float | None) -> str:
    if value is None:
        return "?"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def _tokens(call: ModelCallRecord) -> str:
    if call.input_tokens is None and call.output_tokens is None:
        return "tokens: n/a"
    return f"tokens: {call.input_tokens or 0} in / {call.output_tokens or 0} out"


def _model_call(call: ModelCallRecord, number: int, retried: bool) -> str:
    kind = "error" if call.error is not None else "model"
    tags = [f'<span class="tag">{esc(_seconds(call.seconds))}</span>']
    tags.append(f'<span class="tag">{esc(_tokens(call))}</span>')
    if call.finish_reason:
        tags.append(f'<span class="tag">finish: {esc(call.finish_reason)}</span>')
    if call.error is not None:
        tags.append('<span class="tag bad">failed</span>')
        if retried:
            tags.append('<span class="tag bad">asked again</span>')
    model = f" · {esc(call.model)}" if call.model else ""
    parts = [
        f'<div class="entry {kind}" data-kind="model-call">',
        f'<div class="head"><b>Step {number} · model call{model}</b>{"".join(tags)}</div>',
        f"<details><summary>prompt: {len(call.messages)} messages</summary>",
    ]
    for message in call.messages:
        content = message.get("content") or ""
        extra = ""
        if message.get("tool_calls"):
            extra = "\n" + "\n".join(
                f"→ {c.get('function', {}).get('name')}({c.get('function', {}).get('arguments')})"
                for c in message["tool_calls"]
            )
        if message.get("tool_call_id"):
            extra += f"\n(reply to call {message['tool_call_id']})"
        parts.append(
            f'<div class="msg"><span class="role">{esc(message.get("role"))}</span>'
            f"<pre>{esc(str(content) + extra)}</pre></div>"
        )
    if call.options:
        options = ", ".join(f"{key}={value!r}" for key, value in call.options.items())
        parts.append(f'<div class="field">options: {esc(options)}</div>')
    parts.append("</details>")
    if call.error is not None:
        parts.append(
            f'<div class="field">error ({esc(call.error_type)})</div><pre>{esc(call.error)}</pre>'
        )
    else:
        text = esc(call.content or "(no text)")
        parts.append(f'<div class="field">reply</div><pre data-kind="reply">{text}</pre>')
        for requested in call.tool_calls:
            parts.append(
                f'<div class="field">asks for tool {esc(requested["name"])} '
                f"(call {esc(requested['id'])})</div><pre>{esc(requested['arguments'])}</pre>"
            )
    parts.append("</div>")
    return "".join(parts)


def _readable(text: str) -> str:
    """``text`` indented when it is a JSON object or list too long for one line."""
    if len(text) <= READABLE_LINE or text.lstrip()[:1] not in ("{", "["):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return json.dumps(value, ensure_ascii=False, indent=2)


def _tool_call(tool: ToolCallRecord) -> str:
    ok = tool.ok is not False
    status = (
        '<span class="tag ok">ok</span>'
        if ok
        else f'<span class="tag bad">{esc(tool.error_kind or "error")}</span>'
    )
    call_id = f'<span class="tag">call {esc(tool.call_id)}</span>' if tool.call_id else ""
    return (
        f'<div class="entry tool{"" if ok else " error"}" data-kind="tool-call">'
        f'<div class="head"><b>tool · {esc(tool.tool)}</b>{status}'
        f'<span class="tag">{esc(_seconds(tool.seconds))}</span>{call_id}</div>'
        f'<div class="field">arguments</div><pre>{esc(_readable(tool.arguments))}</pre>'
        f'<div class="field">result</div><pre>{esc(_readable(tool.content))}</pre></div>'
    )


def _parse_error(error: ParseErrorRecord) -> str:
    return (
        '<div class="entry parse" data-kind="parse-error">'
        '<div class="head"><b>parse error</b><span class="tag bad">format not followed</span></div>'
        f"<pre>{esc(error.error)}</pre>"
        f"<details><summary>the reply</summary><pre>{esc(error.text)}</pre></details></div>"
    )


def _after(steps: int) -> str:
    if steps == 0:
        return "before any step"
    return f"after {steps} step{'' if steps == 1 else 's'}"


def _intervention(done: InterventionRecord) -> str:
    did = AID_ACTIONS.get(done.action, done.action.replace("_", " "))
    parts = [
        '<div class="entry aid" data-kind="intervention">',
        f'<div class="head"><b>aid: {esc(done.check)} {esc(did)}</b>'
        f'<span class="tag aid">small-model aid</span>'
        f'<span class="tag">{esc(_after(done.step))}</span></div>',
        f'<div class="field">the model\'s own reply</div>'
        f'<pre data-kind="kept-reply">{esc(done.reply)}</pre>',
    ]
    if done.answer and done.answer != done.reply:
        parts.append(f'<div class="field">read as</div><pre>{esc(done.answer)}</pre>')
    if done.replacement is not None:
        parts.append(
            '<div class="field">replaced by</div>'
            f'<pre data-kind="replacement">{esc(done.replacement)}</pre>'
        )
    if done.message and done.message != done.replacement:
        label = "note" if done.action == "replaced" else "the model was told"
        message = f'<pre data-kind="aid-message">{esc(done.message)}</pre>'
        parts.append(f'<div class="field">{label}</div>{message}')
    if done.values:
        parts.append(
            f'<div class="field">the question\'s values: {esc(", ".join(done.values))}</div>'
        )
    if done.held_to:
        held = esc(", ".join(done.held_to))
        parts.append(f'<div class="field">next reply held to a call of: {held}</div>')
    parts.append("</div>")
    return "".join(parts)


def _timeline(entries: Sequence[Entry]) -> str:
    parts: list[str] = []
    number = 0
    index = 0
    while index < len(entries):
        entry = entries[index]
        if isinstance(entry, ModelCallRecord):
            number += 1
            retried = entry.error is not None and any(
                isinstance(later, ModelCallRecord) for later in entries[index + 1 :]
            )
            parts.append(_model_call(entry, number, retried))
            index += 1
        elif isinstance(entry, ToolCallRecord):
            group = [entry]
            while index + len(group) < len(entries) and isinstance(
                entries[index + len(group)], ToolCallRecord
            ):
                group.append(entries[index + len(group)])  # type: ignore[arg-type]
            index += len(group)
            if len(group) == 1:
                parts.append(_tool_call(entry))
            else:
                parts.append(
                    f'<div class="parallel-label">{len(group)} tool calls, run together</div>'
                    '<div class="parallel" data-kind="parallel">'
                    + "".join(_tool_call(tool) for tool in group)
                    + "</div>"
                )
        elif isinstance(entry, InterventionRecord):
            parts.append(_intervention(entry))
            index += 1
        else:
            parts.append(_parse_error(entry))
            index += 1
    return "".join(parts) or '<div class="meta">no events recorded</div>'


def _steps(steps: Sequence[StepView]) -> str:
    if not steps:
        return ""
    rows = []
    for number, step in enumerate(steps, 1):
        cells = "".join(
            f'<div><span class="field">{esc(name)}</span><pre>{esc(value)}</pre></div>'
            for name, value in step.fields
        )
        rows.append(
            f'<tr data-kind="step"><th>{number}</th><td>{esc(step.kind)}</td><td>{cells}</td></tr>'
        )
    return (
        f"<details open><summary>{len(steps)} steps, as the agent recorded them</summary>"
        '<table class="steps"><tr><th>#</th><th>type</th><th>fields</th></tr>'
        + "".join(rows)
        + "</table></details>"
    )


def _aids(run: RunRecord) -> str:
    """The summary's row about the small-model aids (none when they were off and silent)."""
    count = len(run.interventions)
    if not run.aids_enabled and not count:
        return ""
    state = run.aids_reason or {True: "on", False: "off", None: "not known"}[run.aids_enabled]
    noun = "intervention" if count == 1 else "interventions"
    return f'<dt>small-model aids</dt><dd data-kind="aids">{esc(state)} · {count} {noun}</dd>'


def _run(run: RunRecord) -> str:
    calls = run.model_calls
    tokens_in = sum(call.input_tokens or 0 for call in calls)
    tokens_out = sum(call.output_tokens or 0 for call in calls)
    took = _seconds(run.ended - run.started) if run.ended is not None else "unfinished"
    parent = f"<dt>inside run</dt><dd>{esc(run.parent_run_id)}</dd>" if run.parent_run_id else ""
    return (
        f'<section class="run{" child" if run.parent_run_id else ""}" data-kind="run">'
        f'<h2>{esc(run.agent)} <span class="meta">run {esc(run.run_id)}</span></h2>'
        '<dl class="summary">'
        f"<dt>input</dt><dd>{esc(run.input)}</dd>"
        f"<dt>answer</dt><dd>{esc(run.answer if run.answer is not None else '(none)')}</dd>"
        f"<dt>stopped</dt><dd>{esc(run.stopped_reason or '?')}</dd>"
        f"<dt>time</dt><dd>{esc(took)}</dd>"
        f"<dt>model calls</dt><dd>{len(calls)} ({tokens_in} tokens in, {tokens_out} out)</dd>"
        f"<dt>tool calls</dt><dd>{len(run.tool_calls)}</dd>{_aids(run)}{parent}</dl>"
        f'<div class="timeline">{_timeline(run.entries)}</div>'
        f"{_steps(run.steps)}</section>"
    )


def render_html(runs: Sequence[RunRecord], title: str = "hello-agents trace") -> str:
    """The page for ``runs`` (nested runs follow the run that started them)."""
    ordered: list[RunRecord] = []
    children: dict[str | None, list[RunRecord]] = {}
    known = {run.run_id for run in runs}
    for run in runs:
        parent = run.parent_run_id if run.parent_run_id in known else None
        children.setdefault(parent, []).append(run)

    def visit(run: RunRecord) -> None:
        ordered.append(run)
        for child in children.get(run.run_id, []):
            visit(child)

    for run in children.get(None, []):
        visit(run)
    generated = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())
    body = "".join(_run(run) for run in ordered) or '<p class="meta">no run recorded</p>'
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{esc(title)}</h1>"
        f'<div class="meta">{len(ordered)} run(s) · written {esc(generated)} by hello-agents</div>'
        '<div class="toolbar"><button type="button" data-open="all">expand all</button>'
        '<button type="button" data-open="none">collapse all</button></div>'
        f"{body}<script>{SCRIPT}</script></body></html>\n"
    )


__all__ = ["render_html"]
